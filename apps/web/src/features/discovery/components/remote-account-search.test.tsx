import { screen, within } from '@testing-library/react'
import type { TRemoteAccount } from '@vouched/shared/fediverse-following'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { SearchSuggestBox } from './search-suggest-box'

const ACCOUNT: TRemoteAccount = {
  handle: '@dora@vouched.example',
  actorUri: 'https://vouched.example/profile/dora',
  name: 'Dora Remote',
  summary: 'Builds bridges',
  avatarUrl: null,
  url: 'https://vouched.example/profile/dora',
  software: 'vouched',
  vouched: true,
  following: 'none',
}

function setup({
  account = ACCOUNT,
  publishes = true,
  lookup,
}: { account?: TRemoteAccount; publishes?: boolean; lookup?: { status: number; body: unknown } } = {}) {
  let following: TRemoteAccount['following'] = account.following
  const fetchMock = mockApi({
    'GET /api/search/suggest': { body: { users: [], hashtags: [] } },
    'GET /api/federation/lookup': () => lookup ?? { body: { ...account, following } },
    'POST /api/federation/following': ({ body }) => {
      following = 'pending'
      return {
        status: 201,
        body: {
          id: 5,
          handle: account.handle,
          actorUri: (body as { actorUri: string }).actorUri,
          name: account.name,
          avatarUrl: null,
          url: null,
          vouched: account.vouched,
          state: 'pending',
          createdAt: '2026-11-25T10:00:00.000Z',
        },
      }
    },
    'GET /api/federation/following': () => ({
      body: {
        following: following === 'none' ? [] : [{ id: 5, actorUri: account.actorUri, state: following }],
      },
    }),
    'DELETE /api/federation/following/5': () => {
      following = 'none'
      return { body: { success: true } }
    },
  })
  const view = renderWithProviders(<SearchSuggestBox fediverse={{ publishes }} />, {
    user: makeUser(),
    route: '/connections',
  })
  const box = () => screen.getByRole('combobox', { name: 'Search users or tags' })
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
  return { ...view, box, calls }
}

describe('a fediverse handle in the search box', () => {
  it('shows the remote account and its server, follows it, and then offers to cancel the request', async () => {
    const { user, box, calls } = setup()
    await user.type(box(), '@dora@vouched.example')
    const panel = await screen.findByRole('region', { name: 'On the fediverse' })
    expect(await within(panel).findByText('Dora Remote')).toBeInTheDocument()
    expect(within(panel).getByText('@dora@vouched.example')).toBeInTheDocument()
    expect(within(panel).getByText('on vouched.example, another Vouched server')).toBeInTheDocument()
    expect(within(panel).getByText('Builds bridges')).toBeInTheDocument()
    // Members are not searched for a handle.
    expect(calls('/api/search/suggest')).toHaveLength(0)
    expect(calls('/api/federation/lookup')).toHaveLength(1)
    expect(
      new URL(String(calls('/api/federation/lookup')[0]![0]), 'http://localhost').searchParams.get('handle'),
    ).toBe('@dora@vouched.example')

    const vouch = within(panel).getByRole('link', { name: 'Vouch' })
    expect(vouch).toHaveAttribute(
      'href',
      `/fediverse/vouch?actor=${encodeURIComponent(ACCOUNT.actorUri)}&handle=${encodeURIComponent(ACCOUNT.handle)}`,
    )

    await user.click(within(panel).getByRole('button', { name: 'Follow' }))
    expect(await within(panel).findByText('Requested')).toBeInTheDocument()
    expect(calls('/api/federation/following').find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(
      JSON.stringify({ actorUri: ACCOUNT.actorUri }),
    )
    await user.click(within(panel).getByRole('button', { name: 'Cancel request' }))
    expect(await within(panel).findByRole('button', { name: 'Follow' })).toBeInTheDocument()
    expect(calls('/api/federation/following/5')).toHaveLength(1)
  })

  it('offers Unfollow for an account followed, and no Vouch link for a server that is not Vouched', async () => {
    const { user, box } = setup({
      account: { ...ACCOUNT, software: 'mastodon', vouched: false, following: 'accepted' },
    })
    await user.type(box(), 'dora@mastodon.example')
    const panel = await screen.findByRole('region', { name: 'On the fediverse' })
    expect(await within(panel).findByText('Following')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Unfollow' })).toBeInTheDocument()
    expect(within(panel).getByText('on vouched.example (mastodon)')).toBeInTheDocument()
    expect(within(panel).queryByRole('link', { name: 'Vouch' })).not.toBeInTheDocument()
  })

  it('explains that following needs publishing, and links to the settings', async () => {
    const { user, box } = setup({ publishes: false })
    await user.type(box(), '@dora@vouched.example')
    const panel = await screen.findByRole('region', { name: 'On the fediverse' })
    expect(await within(panel).findByText('Dora Remote')).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument()
    expect(within(panel).getByText(/publish your profile to the fediverse/)).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings')
  })

  it('says what the server answered when the account is not found', async () => {
    const { user, box } = setup({
      lookup: {
        status: 404,
        body: { code: 'REMOTE_NOT_FOUND', message: 'No fediverse account was found with that handle' },
      },
    })
    await user.type(box(), '@nobody@vouched.example')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No fediverse account was found with that handle',
    )
  })

  it('searches members as before where the instance does not federate', async () => {
    const fetchMock = mockApi({ 'GET /api/search/suggest': { body: { users: [], hashtags: [] } } })
    const { user } = renderWithProviders(<SearchSuggestBox />, { user: makeUser(), route: '/connections' })
    await user.type(screen.getByRole('combobox', { name: 'Search users or tags' }), '@dora@vouched.example')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.queryByRole('region', { name: 'On the fediverse' })).not.toBeInTheDocument()
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)
    expect(paths).not.toContain('/api/federation/lookup')
  })
})
