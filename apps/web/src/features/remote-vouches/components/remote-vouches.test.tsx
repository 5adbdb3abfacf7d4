import { screen, waitFor } from '@testing-library/react'
import type { TRemoteVouchReceived } from '@vouched/shared/remote-vouches'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { MemberRemoteVouches } from './member-remote-vouches'
import { PendingRemoteVouches } from './pending-remote-vouches'

const vouch = (overrides: Partial<TRemoteVouchReceived> = {}): TRemoteVouchReceived => ({
  id: 3,
  handle: '@alice@a.example',
  instance: 'a.example',
  actorUri: 'https://a.example/profile/alice',
  profileUrl: 'https://a.example/profile/alice',
  name: 'Alice Remote',
  category: 'Teamwork',
  note: 'Kept the release calm',
  hashtags: ['Rust'],
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

describe('vouches from other servers', () => {
  it('shows those waiting with their origin, and accepts one', async () => {
    let list = [vouch(), vouch({ id: 4, status: 'accepted', category: 'Leadership' })]
    const fetchMock = mockApi({
      'GET /api/federation/vouches/received': () => ({ body: list }),
      'POST /api/federation/vouches/received/3/accept': () => {
        list = list.map((item) => ({ ...item, status: 'accepted' as const }))
        return { body: list[0] }
      },
    })
    const { user } = renderWithProviders(<PendingRemoteVouches />, { user: makeUser() })
    expect(
      await screen.findByRole('heading', { name: 'Vouches from other servers waiting for you' }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'from @alice@a.example' })).toHaveAttribute(
      'href',
      'https://a.example/profile/alice',
    )
    expect(screen.getByText('Vouched on a.example')).toBeInTheDocument()
    // Only the waiting one asks for an answer.
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    await user.click(
      screen.getByRole('button', { name: 'Accept the vouch from @alice@a.example in Teamwork' }),
    )
    expect(await screen.findByText('Vouch accepted')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/received/3/accept'))).toBe(true)
    await waitFor(() => expect(screen.queryByRole('listitem')).not.toBeInTheDocument())
  })

  it('declines one', async () => {
    const fetchMock = mockApi({
      'GET /api/federation/vouches/received': { body: [vouch()] },
      'POST /api/federation/vouches/received/3/decline': { body: { success: true } },
    })
    const { user } = renderWithProviders(<PendingRemoteVouches />, { user: makeUser() })
    await user.click(
      await screen.findByRole('button', { name: 'Decline the vouch from @alice@a.example in Teamwork' }),
    )
    expect(await screen.findByText('Vouch declined')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/received/3/decline'))).toBe(true)
  })

  it('shows a member’s accepted ones on their profile, marked with where they come from', async () => {
    mockApi({
      'GET /api/federation/users/bob/vouches': { body: [vouch({ status: 'accepted' })] },
    })
    renderWithProviders(<MemberRemoteVouches username="bob" />, { user: makeUser() })
    expect(await screen.findByRole('heading', { name: 'Vouches from other servers' })).toBeVisible()
    expect(screen.getByText('Alice Remote')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'from @alice@a.example' })).toBeInTheDocument()
    expect(screen.getByText('Kept the release calm')).toBeInTheDocument()
  })

  it('shows nothing when there are none', async () => {
    mockApi({ 'GET /api/federation/users/bob/vouches': { body: [] } })
    const { queryClient } = renderWithProviders(<MemberRemoteVouches username="bob" />, { user: makeUser() })
    await waitFor(() =>
      expect(queryClient.getQueryState(['remote-vouches', 'member', 'bob'])?.status).toBe('success'),
    )
    expect(screen.queryByRole('heading', { name: 'Vouches from other servers' })).not.toBeInTheDocument()
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument()
  })
})
