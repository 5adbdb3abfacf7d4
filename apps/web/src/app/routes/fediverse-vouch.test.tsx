import { configure, screen, waitFor, within } from '@testing-library/react'
import type { TRemoteVouchGiven } from '@vouched/shared/remote-vouches'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

configure({ asyncUtilTimeout: 4000 })

const actor = 'https://other.example/profile/bob'
const route = `/fediverse/vouch?actor=${encodeURIComponent(actor)}&handle=${encodeURIComponent('@bob@other.example')}`
const given = (overrides: Partial<TRemoteVouchGiven> = {}): TRemoteVouchGiven => ({
  id: 7,
  actorUri: actor,
  handle: '@bob@other.example',
  category: 'Teamwork',
  note: 'Calm under pressure',
  hashtags: ['Rust'],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})
const base = { 'GET /api/notifications': { body: { notifications: [], unreadCount: 0, nextCursor: null } } }

describe('/fediverse/vouch', () => {
  it('sends the vouch for the remote member with its category, note and skills', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/federation/vouches/given': { body: [] },
      'POST /api/federation/vouches': { status: 201, body: given() },
    })
    const { user } = renderApp(route, { user: makeUser() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vouch for @bob@other.example' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/never anonymous/)).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Calm under pressure')
    await user.type(screen.getByRole('textbox', { name: 'Skills' }), '#Rust, Mentoring rust')
    await user.click(screen.getByRole('button', { name: 'Send vouch' }))
    expect(await screen.findByText('Vouch sent')).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      actorUri: actor,
      category: 'Technical Skills',
      note: 'Calm under pressure',
      hashtags: ['Rust', 'Mentoring'],
    })
  })

  it('shows a skill that breaks the rules before sending, and the server’s refusal after', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/federation/vouches/given': { body: [] },
      'POST /api/federation/vouches': {
        status: 400,
        body: {
          code: 'NOT_A_VOUCHED_SERVER',
          field: 'actorUri',
          message:
            'This account is not on a Vouched server: only members of Vouched servers can receive vouches',
        },
      },
    })
    const { user } = renderApp(route, { user: makeUser() })
    const skills = await screen.findByRole('textbox', { name: 'Skills' })
    await user.type(skills, 'x'.repeat(60))
    await user.click(screen.getByRole('button', { name: 'Send vouch' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Hashtags must be at most 50 characters')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await user.clear(skills)
    await user.type(skills, 'Rust')
    await user.click(screen.getByRole('button', { name: 'Send vouch' }))
    expect(await screen.findByText("Couldn't send your vouch")).toBeInTheDocument()
    expect(screen.getByText(/not on a Vouched server/)).toBeInTheDocument()
  })

  it('says so when the link names no account', async () => {
    mockApi({ ...base, 'GET /api/federation/vouches/given': { body: [] } })
    renderApp('/fediverse/vouch?actor=nonsense', { user: makeUser() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No account to vouch for' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to search' })).toHaveAttribute('href', '/discover')
    expect(screen.queryByRole('button', { name: 'Send vouch' })).not.toBeInTheDocument()
  })

  it('lists the vouches given on other servers and withdraws one', async () => {
    let list = [given()]
    const fetchMock = mockApi({
      ...base,
      'GET /api/federation/vouches/given': () => ({ body: list }),
      'DELETE /api/federation/vouches/7': () => {
        list = []
        return { body: { success: true } }
      },
    })
    const { user } = renderApp(route, { user: makeUser() })
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your vouches on other servers' })
    const card = heading.closest('div')!.parentElement!
    expect(within(card).getByText('Calm under pressure')).toBeInTheDocument()
    await user.click(
      within(card).getByRole('button', { name: 'Withdraw your vouch for @bob@other.example in Teamwork' }),
    )
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/7')),
      ).toBe(true),
    )
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: 'Your vouches on other servers' }),
      ).not.toBeInTheDocument(),
    )
  })
})
