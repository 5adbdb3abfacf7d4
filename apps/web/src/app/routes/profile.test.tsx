import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { TEndorsement } from '@vouched/shared/endorsements'
import type { TProfile } from '@vouched/shared/profiles'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { REPORT_MESSAGES } from '@vouched/shared/reports.constants'
import type { TSelfUser } from '@vouched/shared/users'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders, type MockResponse } from '../../test/render'
import ProfilePage from './profile'

const bob = { id: 2, username: 'bob', fullName: 'Bob Builder' }

function makeProfile(
  overrides: Partial<TProfile['user']> = {},
  rest: Partial<Omit<TProfile, 'user'>> = {},
): TProfile {
  return {
    user: {
      ...bob,
      title: 'Site Lead',
      bio: null,
      location: 'Leeds',
      profilePicture: null,
      isEmailVerified: false,
      isVerified: false,
      isAdmin: false,
      reputationScore: 0,
      vouchCount: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      activityScore: 0,
      topHashtags: [],
      medals: [],
      ...overrides,
    },
    reputationScore: 0,
    categoryScores: [],
    vouches: [],
    nextCursor: null,
    ...rest,
  }
}

function makeEndorsement(overrides: Partial<TEndorsement> = {}): TEndorsement {
  return {
    id: 10,
    fromUserId: 3,
    toUserId: bob.id,
    category: 'Leadership',
    note: 'Kept the team calm',
    isAnonymous: false,
    contentType: null,
    contentUrl: null,
    likeCount: 2,
    commentCount: 0,
    engagementWeight: 1.8,
    createdAt: new Date().toISOString(),
    fromUsername: 'carol',
    fromFullName: 'Carol Danvers',
    fromProfilePicture: null,
    fromUser: { id: 3, username: 'carol', fullName: 'Carol Danvers', profilePicture: null, isVerified: true },
    toUser: { ...bob, profilePicture: null, isVerified: false },
    hashtags: ['Calm'],
    verified: true,
    hasLiked: false,
    ...overrides,
  }
}

function renderProfile(
  username: string,
  me: TSelfUser | null,
  api: Record<string, MockResponse | ((r: { url: string; body: unknown }) => MockResponse)>,
) {
  const fetchMock = mockApi({ 'GET /api/hashtags/popular': { body: [] }, ...api })
  const result = renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<ProfilePage />} />
    </Routes>,
    { route: `/profile/${username}`, user: me },
  )
  return { ...result, fetchMock }
}

const alice = makeUser({ id: 1, username: 'alice' })

describe('Profile page', () => {
  it("says 'User Not Found' for an unknown member", async () => {
    renderProfile('ghost', alice, {
      'GET /api/users/ghost': { status: 404, body: { message: 'User not found', code: 'NOT_FOUND' } },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'User Not Found' })).toBeInTheDocument()
    expect(
      screen.getByText(
        "The user profile you're looking for doesn't exist or you don't have permission to view it.",
      ),
    ).toBeInTheDocument()
  })

  it("shows another member's profile with every empty text, Share Badge and Endorse, no owner tools", async () => {
    renderProfile('bob', alice, { 'GET /api/users/bob': { body: makeProfile() } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByText('BB')).toBeInTheDocument()
    expect(screen.getByText('Site Lead')).toBeInTheDocument()
    expect(screen.getByText('Leeds')).toBeInTheDocument()
    expect(screen.getByText('No bio provided yet.')).toBeInTheDocument()
    expect(screen.getByText('Endorsements received')).toBeInTheDocument()
    expect(screen.getByText('No professional endorsements received yet.')).toBeInTheDocument()
    expect(screen.getByText('No social endorsements received yet.')).toBeInTheDocument()
    expect(
      screen.getByText('No endorsements received yet. Be the first to endorse this user!'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Share Badge' })).toHaveAttribute('href', '/share-badge/bob')
    expect(screen.getByRole('button', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change profile picture' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Verify Work Email' })).not.toBeInTheDocument()
  })

  it('shows the trust score with where most of it comes from', async () => {
    renderProfile('bob', alice, {
      'GET /api/users/bob': { body: makeProfile() },
      'GET /api/trust/bob': {
        body: {
          username: 'bob',
          computed: true,
          score: 1.75,
          percentile: 80,
          isSeed: false,
          computedAt: '2026-11-25T00:00:00.000Z',
          sources: [
            { kind: 'member', user: { id: 3, username: 'carol', fullName: 'Carol Danvers' }, share: 0.7 },
            { kind: 'member', user: { id: 4, username: 'dan', fullName: 'Dan Ek' }, share: 0.3 },
          ],
        },
      },
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Trust' })).toBeInTheDocument()
    expect(await screen.findByTestId('trust-score')).toHaveTextContent('1.75x')
    expect(screen.getByTestId('trust-explanation')).toHaveTextContent(
      'Most of this trust comes from Carol Danvers (70%) and Dan Ek (30%).',
    )
  })

  it('shows the owner their tools and the Verify Work Email button, no Endorse', async () => {
    renderProfile('alice', alice, {
      'GET /api/users/alice': { body: makeProfile({ id: 1, username: 'alice', fullName: 'Alice Martin' }) },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Martin' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change profile picture' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verify Work Email' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Endorse/ })).not.toBeInTheDocument()
  })

  it("shows the 'Email Verified' box and the verified mark once verified", async () => {
    renderProfile('alice', alice, {
      'GET /api/users/alice': {
        body: makeProfile({
          id: 1,
          username: 'alice',
          fullName: 'Alice Martin',
          isEmailVerified: true,
          isVerified: true,
        }),
      },
    })
    expect(await screen.findByText('Email Verified')).toBeInTheDocument()
    expect(screen.getByText('Your endorsements have 1.25x more impact!')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Verify Work Email' })).not.toBeInTheDocument()
  })

  it('shows scores with capped bars, tags, medals and endorsement cards', async () => {
    const profile = makeProfile(
      {
        reputationScore: 172.5,
        medals: [
          {
            id: 1,
            userId: 2,
            skillName: 'Calm',
            tier: 'bronze',
            lastEndorsedAt: '2025-01-01T00:00:00.000Z',
            endorsementCount: 12,
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
          },
        ],
      },
      {
        reputationScore: 172.5,
        categoryScores: [
          { category: 'Leadership', score: 150, count: 9, tags: ['Calm', 'Vision'] },
          { category: 'Teamwork', score: 22.5, count: 1, tags: [] },
        ],
        vouches: [
          makeEndorsement(),
          makeEndorsement({
            id: 11,
            isAnonymous: true,
            fromUserId: null,
            fromUsername: null,
            fromFullName: null,
            fromUser: null,
            note: null,
            engagementWeight: 1,
            verified: false,
            hashtags: [],
            contentUrl: '/uploads/0123456789abcdef0123456789abcdef.pdf',
            contentType: 'application/pdf',
          }),
        ],
      },
    )
    renderProfile('bob', alice, { 'GET /api/users/bob': { body: profile } })
    expect(await screen.findByTestId('reputation-score')).toHaveTextContent('172.5')
    expect(screen.getByRole('progressbar', { name: 'Leadership score' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    )
    expect(screen.getByRole('progressbar', { name: 'Teamwork score' })).toHaveAttribute(
      'aria-valuenow',
      '22.5',
    )
    expect(within(screen.getByRole('list', { name: 'Leadership tags' })).getAllByRole('link')).toHaveLength(2)
    expect(
      within(screen.getByRole('list', { name: 'Achievement medals' })).getByText(/#Calm/),
    ).toBeInTheDocument()

    const named = screen.getByRole('article', { name: 'Endorsement from Carol Danvers' })
    expect(within(named).getByText('Leadership')).toBeInTheDocument()
    expect(within(named).getByText('Kept the team calm')).toBeInTheDocument()
    expect(within(named).getByText('1.8x')).toBeInTheDocument()
    expect(within(named).getByText('#Calm')).toBeInTheDocument()
    expect(within(named).getByTitle('Verified endorser (1.25x)')).toBeInTheDocument()
    const anonymous = screen.getByRole('article', { name: 'Endorsement from Anonymous' })
    expect(within(anonymous).getByText('1.0x')).toBeInTheDocument()
    expect(within(anonymous).getByRole('link', { name: 'View attachment' })).toHaveAttribute(
      'href',
      '/uploads/0123456789abcdef0123456789abcdef.pdf',
    )
  })

  it('marks medals and named, shown endorsements Verifiable, never anonymous or hidden ones', async () => {
    const medal = {
      id: 7,
      userId: bob.id,
      skillName: 'Calm',
      tier: 'gold' as const,
      lastEndorsedAt: '2025-01-01T00:00:00.000Z',
      endorsementCount: 41,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }
    const profile = makeProfile(
      { medals: [medal] },
      {
        vouches: [
          makeEndorsement({ id: 10 }),
          // The owner sees who gave an anonymous one; it still has no credential.
          makeEndorsement({ id: 11, isAnonymous: true, fromUsername: 'dave', fromFullName: 'Dave Anon' }),
          makeEndorsement({ id: 12, isHidden: true, fromUsername: 'erin', fromFullName: 'Erin Hid' }),
        ],
      },
    )
    renderProfile('bob', makeUser({ ...bob }), { 'GET /api/users/bob': { body: profile } })

    const medals = await screen.findByRole('list', { name: 'Achievement medals' })
    const medalChip = within(medals).getByRole('link', { name: /^Verifiable/ })
    expect(medalChip).toHaveAccessibleName('Verifiable: check the Gold medal in #Calm')
    expect(medalChip).toHaveAttribute('href', '/verify?medal=7')

    const chipOf = (name: string) =>
      within(screen.getByRole('article', { name: `Endorsement from ${name}` })).queryByRole('link', {
        name: /^Verifiable/,
      })
    expect(chipOf('Carol Danvers')).toHaveAttribute('href', '/verify?vouch=10')
    expect(chipOf('Carol Danvers')).toHaveTextContent('Verifiable')
    expect(chipOf('Dave Anon')).not.toBeInTheDocument()
    expect(chipOf('Erin Hid')).not.toBeInTheDocument()
  })

  it('filters endorsements and loads more with the cursor', async () => {
    const { user, fetchMock } = renderProfile('bob', alice, {
      'GET /api/users/bob': {
        body: makeProfile(
          {},
          {
            vouches: [makeEndorsement({ id: 1 }), makeEndorsement({ id: 2 }), makeEndorsement({ id: 3 })],
            nextCursor: 'c1',
          },
        ),
      },
      'GET /api/users/bob/vouches': ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams
        if (params.get('filter') === 'anonymous') return { body: { vouches: [], nextCursor: null } }
        return { body: { vouches: [makeEndorsement({ id: 4, note: 'Fourth one' })], nextCursor: null } }
      },
    })
    expect(await screen.findAllByRole('article')).toHaveLength(3)
    await user.click(screen.getByRole('button', { name: 'Load More' }))
    expect(await screen.findByText('Fourth one')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument()
    const loadMore = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('/vouches?'))!
    expect(new URL(loadMore, 'http://localhost').searchParams.get('cursor')).toBe('c1')

    await user.click(screen.getByRole('button', { name: 'Anonymous' }))
    expect(await screen.findByText('No endorsements matching the selected filter.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Anonymous' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('likes and unlikes, and shows comments with a delete button only on my own', async () => {
    const { user } = renderProfile('bob', alice, {
      'GET /api/users/bob': { body: makeProfile({}, { vouches: [makeEndorsement({ commentCount: 2 })] }) },
      'POST /api/vouches/10/likes': { body: { hasLiked: true, likeCount: 3 } },
      'DELETE /api/vouches/10/likes': { body: { hasLiked: false, likeCount: 2 } },
      'GET /api/vouches/10/comments': {
        body: [
          {
            id: 1,
            vouchId: 10,
            userId: 1,
            comment: 'Mine',
            createdAt: new Date().toISOString(),
            username: 'alice',
            fullName: 'Alice Martin',
            profilePicture: null,
          },
          {
            id: 2,
            vouchId: 10,
            userId: 3,
            comment: 'Theirs',
            createdAt: new Date().toISOString(),
            username: 'carol',
            fullName: 'Carol Danvers',
            profilePicture: null,
          },
        ],
      },
      'DELETE /api/comments/1': { body: { success: true } },
    })
    const like = await screen.findByRole('button', { name: '2 Likes' })
    await user.click(like)
    expect(await screen.findByRole('button', { name: '3 Likes' })).toHaveAttribute('aria-pressed', 'true')
    // Never disabled while the request runs, so focus stays on it (not on <body>).
    expect(screen.getByRole('button', { name: '3 Likes' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: '3 Likes' }))
    expect(await screen.findByRole('button', { name: '2 Likes' })).toHaveAttribute('aria-pressed', 'false')

    await user.click(screen.getByRole('button', { name: '2 Comments' }))
    const comments = await screen.findByRole('list', { name: 'Comments' })
    const [mine, theirs] = within(comments).getAllByRole('listitem')
    expect(within(theirs!).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument()
    await user.click(within(mine!).getByRole('button', { name: 'Delete comment' }))
    await waitFor(() => expect(within(comments).getAllByRole('listitem')).toHaveLength(1))
    expect(screen.getByRole('button', { name: '1 Comment' })).toHaveAttribute('aria-expanded', 'true')
  })

  it("reports another member's comment (not one's own) with a reason, and shows a refusal", async () => {
    const sent: unknown[] = []
    const comment = (id: number, userId: number, username: string, fullName: string) => ({
      id,
      vouchId: 10,
      userId,
      comment: `Comment ${id}`,
      createdAt: new Date().toISOString(),
      username,
      fullName,
      profilePicture: null,
    })
    const { user } = renderProfile('bob', alice, {
      'GET /api/users/bob': { body: makeProfile({}, { vouches: [makeEndorsement({ commentCount: 2 })] }) },
      'GET /api/vouches/10/comments': {
        body: [comment(1, 1, 'alice', 'Alice Martin'), comment(2, 3, 'carol', 'Carol Danvers')],
      },
      'POST /api/reports': ({ body }) => {
        sent.push(body)
        return sent.length === 1
          ? {
              status: 201,
              body: {
                id: 7,
                targetType: 'comment',
                targetId: 2,
                reason: 'Rude',
                status: 'open',
                createdAt: new Date().toISOString(),
                resolvedAt: null,
              },
            }
          : { status: 409, body: { message: REPORT_MESSAGES.duplicate, code: 'DUPLICATE_REPORT' } }
      },
    })
    await user.click(await screen.findByRole('button', { name: '2 Comments' }))
    const comments = await screen.findByRole('list', { name: 'Comments' })
    const [mine, theirs] = within(comments).getAllByRole('listitem')
    expect(within(mine!).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument()

    const report = within(theirs!).getByRole('button', { name: 'Report comment by Carol Danvers' })
    await user.click(report)
    let dialog = await screen.findByRole('dialog', { name: 'Report comment by Carol Danvers' })
    await user.type(await within(dialog).findByLabelText('Reason'), 'Rude')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toEqual([{ targetType: 'comment', targetId: 2, reason: 'Rude' }])

    await user.click(report)
    dialog = await screen.findByRole('dialog', { name: 'Report comment by Carol Danvers' })
    await user.type(await within(dialog).findByLabelText('Reason'), 'Still rude')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText(REPORT_MESSAGES.sendFailed)).toBeInTheDocument()
    expect(screen.getByText(REPORT_MESSAGES.duplicate)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Report comment by Carol Danvers' })).toBeInTheDocument()
    expect(sent[1]).toEqual({ targetType: 'comment', targetId: 2, reason: 'Still rude' })
  })

  it('asks signed-out visitors to log in to like or comment', async () => {
    const { user } = renderProfile('bob', null, {
      'GET /api/users/bob': { body: makeProfile({}, { vouches: [makeEndorsement()] }) },
    })
    await user.click(await screen.findByRole('button', { name: '2 Likes' }))
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument()
    expect(screen.getByText('Please log in to like endorsements')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '0 Comments' }))
    expect(await screen.findByText('Please log in to comment on endorsements')).toBeInTheDocument()
  })

  it('edits the profile with the SPEC limits and refetches it', async () => {
    let profile = makeProfile({ id: 1, username: 'alice', fullName: 'Alice Martin' })
    const { user, fetchMock } = renderProfile('alice', alice, {
      'GET /api/users/alice': () => ({ body: profile }),
      'GET /api/user': { body: alice },
      'PATCH /api/users/1/profile': ({ body }) => {
        profile = makeProfile({ id: 1, username: 'alice', ...(body as object) })
        return { body: { ...alice, ...(body as object) } }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    const name = await screen.findByLabelText('Full name')
    await user.clear(name)
    await user.type(name, 'A')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Full name must be at least 2 characters')).toBeInTheDocument()
    await user.type(name, 'da Lovelace')
    await user.type(screen.getByLabelText('Bio'), 'Counting engines.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Profile updated')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument()
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!
    expect(JSON.parse(patch[1]!.body as string)).toMatchObject({
      fullName: 'Ada Lovelace',
      bio: 'Counting engines.',
    })
  })

  it('refuses a picture of another type or from 5MB with the SPEC toasts', async () => {
    const { user } = renderProfile('alice', alice, {
      'GET /api/users/alice': { body: makeProfile({ id: 1, username: 'alice', fullName: 'Alice Martin' }) },
    })
    await user.click(await screen.findByRole('button', { name: 'Change profile picture' }))
    const input = screen.getByLabelText('Choose an image')
    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } })
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument()
    expect(screen.getByText('Please select an image file')).toBeInTheDocument()
    const big = new File(['x'], 'big.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 })
    fireEvent.change(input, { target: { files: [big] } })
    expect(await screen.findByText('File too large')).toBeInTheDocument()
    expect(screen.getByText('Please select an image smaller than 5MB')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled()
  })

  it("keeps the server's refusal in the dialog when no code can be mailed", async () => {
    const { user } = renderProfile('alice', alice, {
      'GET /api/users/alice': { body: makeProfile({ id: 1, username: 'alice', fullName: 'Alice Martin' }) },
      'GET /api/user': { body: alice },
      'POST /api/users/add-work-email': {
        status: 503,
        body: { message: PROFILE_MESSAGES.mailUnavailable, code: 'MAIL_UNAVAILABLE' },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Verify Work Email' }))
    await user.type(await screen.findByLabelText('Work email'), 'alice@acme.io')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.mailUnavailable)
    // Still on the email step, the address kept for another try.
    expect(within(dialog).getByLabelText('Work email')).toHaveValue('alice@acme.io')
    expect(within(dialog).queryByLabelText('Verification code')).not.toBeInTheDocument()
  })

  it('verifies a work email in three steps with the demo hint and Back', async () => {
    const { user } = renderProfile('alice', alice, {
      'GET /api/users/alice': { body: makeProfile({ id: 1, username: 'alice', fullName: 'Alice Martin' }) },
      'GET /api/user': { body: alice },
      'POST /api/users/add-work-email': ({ body }) => ({
        body: { message: 'sent', email: (body as { email: string }).email, verificationCode: '424242' },
      }),
      'POST /api/users/verify-email': ({ body }) =>
        (body as { verificationCode: string }).verificationCode === '424242'
          ? { body: { verified: true, message: 'ok' } }
          : {
              status: 400,
              body: {
                message: 'Invalid verification code. Please try again.',
                code: 'INVALID_CODE',
                field: 'verificationCode',
              },
            },
    })
    await user.click(await screen.findByRole('button', { name: 'Verify Work Email' }))
    await user.type(await screen.findByLabelText('Work email'), 'alice@gmail.com')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(
      await screen.findByText(
        'Please use your company email. Personal email domains are not accepted for verification.',
      ),
    ).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Work email'))
    await user.type(screen.getByLabelText('Work email'), 'alice@acme.io')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    expect(await screen.findByText('424242')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByLabelText('Work email')).toHaveValue('alice@acme.io')
    await user.click(screen.getByRole('button', { name: 'Send code' }))

    await user.type(await screen.findByLabelText('Verification code'), '123')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Verification code must be at least 6 characters')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Verification code'))
    await user.type(screen.getByLabelText('Verification code'), '111111')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Verification failed')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Verification code'))
    await user.type(screen.getByLabelText('Verification code'), '424242')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Email verified!' })).toBeInTheDocument()
  })
})
