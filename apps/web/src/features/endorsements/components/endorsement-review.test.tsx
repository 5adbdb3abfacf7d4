import { screen, waitFor, within } from '@testing-library/react'
import type { TEndorsement } from '@vouched/shared/endorsements'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { CreateEndorsementDialog } from './create-endorsement-dialog'
import { EndorsementCard } from './endorsement-card'
import { PendingEndorsements } from './pending-endorsements'

const target = { id: 7, username: 'bob', fullName: 'Bob Builder' }
const bobRef = { id: 7, username: 'bob', fullName: 'Bob Builder', profilePicture: null, isVerified: false }
const aliceRef = { id: 1, username: 'alice', fullName: 'Alice', profilePicture: null, isVerified: false }

function makeEndorsement(overrides: Partial<TEndorsement> = {}): TEndorsement {
  return {
    id: 40,
    fromUserId: 1,
    toUserId: 7,
    category: 'Leadership',
    note: 'Ran our launch',
    isAnonymous: false,
    contentType: null,
    contentUrl: null,
    likeCount: 0,
    commentCount: 0,
    engagementWeight: 1.2,
    createdAt: new Date().toISOString(),
    fromUsername: 'alice',
    fromFullName: 'Alice',
    fromProfilePicture: null,
    fromUser: aliceRef,
    toUser: bobRef,
    hashtags: ['Launches'],
    verified: false,
    hasLiked: false,
    ...overrides,
  }
}

function DialogThatCloses() {
  const [open, setOpen] = useState(true)
  return <CreateEndorsementDialog target={target} open={open} onOpenChange={setOpen} />
}

const posted = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === method && String(url).endsWith(path))

describe('the endorsement dialog: relationship, level and Undo', () => {
  it('sends the relationship and level chosen, and Undo withdraws the new endorsement', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [] } },
      'POST /api/vouches': { status: 201, body: makeEndorsement({ id: 41 }) },
      'DELETE /api/vouches/41': { body: { success: true } },
    })
    // The dialog closes on success, as on a page: the toast (and its Undo) outlives it.
    const { user } = renderWithProviders(<DialogThatCloses />, { user: makeUser() })
    await screen.findByRole('button', { name: 'Submit endorsement' })
    await user.click(screen.getByRole('combobox', { name: 'How do you know them? (optional)' }))
    await user.click(await screen.findByRole('option', { name: 'Managed them' }))
    await user.click(screen.getByRole('combobox', { name: 'Level (optional)' }))
    await user.click(await screen.findByRole('option', { name: 'Expert' }))
    await user.type(screen.getByLabelText('Note (optional)'), 'Ran our launch')
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    await waitFor(() => expect(posted(fetchMock, 'POST', '/api/vouches')).toHaveLength(1))
    const body = JSON.parse(posted(fetchMock, 'POST', '/api/vouches')[0]![1]!.body as string)
    expect(body).toMatchObject({ relationship: 'managed-them', level: 'expert' })

    expect(await screen.findByText('Endorsement sent')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(posted(fetchMock, 'DELETE', '/api/vouches/41')).toHaveLength(1))
    expect(await screen.findByText('Endorsement withdrawn')).toBeInTheDocument()
  })

  it('says so when the endorsement waits for approval', async () => {
    mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [] } },
      'POST /api/vouches': { status: 201, body: makeEndorsement({ id: 42, isPending: true }) },
    })
    const { user } = renderWithProviders(
      <CreateEndorsementDialog target={target} open onOpenChange={() => {}} />,
      { user: makeUser() },
    )
    await screen.findByRole('button', { name: 'Submit endorsement' })
    await user.type(screen.getByLabelText('Note (optional)'), 'Ran our launch')
    await user.click(screen.getByRole('button', { name: 'Submit endorsement' }))
    expect(await screen.findByText('Endorsement sent for approval')).toBeInTheDocument()
  })
})

describe('EndorsementCard', () => {
  it('shows the relationship and level, and "Awaiting approval" on a waiting one without likes', () => {
    mockApi({})
    renderWithProviders(
      <EndorsementCard
        endorsement={makeEndorsement({ relationship: 'managed-them', level: 'expert', isPending: true })}
      />,
      { user: makeUser() },
    )
    expect(screen.getByText('Managed them · Expert')).toBeInTheDocument()
    expect(screen.getByText('Awaiting approval')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Like/ })).not.toBeInTheDocument()
  })
})

describe('PendingEndorsements', () => {
  it('lists what waits for the member and accepts or declines it', async () => {
    const waiting = [
      makeEndorsement({ id: 50, isPending: true }),
      makeEndorsement({ id: 51, isPending: true }),
    ]
    const fetchMock = mockApi({
      'GET /api/vouches/pending': { body: { received: waiting, given: [] } },
      'POST /api/vouches/50/accept': { body: makeEndorsement({ id: 50 }) },
      'POST /api/vouches/51/decline': { body: { success: true } },
    })
    const { user } = renderWithProviders(<PendingEndorsements profileUserId={7} isOwn />, {
      user: makeUser({ id: 7, username: 'bob' }),
    })
    expect(await screen.findByRole('heading', { name: 'Waiting for your approval' })).toBeInTheDocument()
    const accepts = screen.getAllByRole('button', { name: 'Accept' })
    expect(accepts).toHaveLength(2)
    await user.click(accepts[0]!)
    await waitFor(() => expect(posted(fetchMock, 'POST', '/api/vouches/50/accept')).toHaveLength(1))
    expect(await screen.findByText('Endorsement accepted')).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Decline' })[1]!)
    await waitFor(() => expect(posted(fetchMock, 'POST', '/api/vouches/51/decline')).toHaveLength(1))
  })

  it("shows the viewer's own waiting endorsement on the receiver's profile as awaiting approval", async () => {
    mockApi({
      'GET /api/vouches/pending': {
        body: {
          received: [],
          given: [
            makeEndorsement({ id: 60, isPending: true }),
            makeEndorsement({ id: 61, toUserId: 9, isPending: true }),
          ],
        },
      },
    })
    renderWithProviders(<PendingEndorsements profileUserId={7} isOwn={false} />, { user: makeUser() })
    expect(await screen.findByRole('heading', { name: 'Awaiting approval' })).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument()
  })

  it('lets the endorser edit a waiting endorsement', async () => {
    const fetchMock = mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/pending': {
        body: { received: [], given: [makeEndorsement({ id: 70, isPending: true, level: 'good' })] },
      },
      'PATCH /api/vouches/70': { body: makeEndorsement({ id: 70, isPending: true, level: 'expert' }) },
    })
    const { user } = renderWithProviders(<PendingEndorsements profileUserId={7} isOwn={false} />, {
      user: makeUser(),
    })
    await user.click(await screen.findByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit your endorsement' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Level (optional)' }))
    await user.click(await screen.findByRole('option', { name: 'Expert' }))
    await user.clear(within(dialog).getByLabelText('Note (optional)'))
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Ran two launches')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(posted(fetchMock, 'PATCH', '/api/vouches/70')).toHaveLength(1))
    expect(JSON.parse(posted(fetchMock, 'PATCH', '/api/vouches/70')[0]![1]!.body as string)).toEqual({
      note: 'Ran two launches',
      hashtags: ['Launches'],
      relationship: null,
      level: 'expert',
    })
    expect(await screen.findByText('Endorsement updated')).toBeInTheDocument()
  })

  it('shows nothing when nothing waits', async () => {
    const fetchMock = mockApi({ 'GET /api/vouches/pending': { body: { received: [], given: [] } } })
    renderWithProviders(<PendingEndorsements profileUserId={7} isOwn />, { user: makeUser({ id: 7 }) })
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
    expect(screen.queryByRole('article')).not.toBeInTheDocument()
  })
})
