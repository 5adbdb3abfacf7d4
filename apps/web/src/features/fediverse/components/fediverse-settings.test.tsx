import type { TBlockedAccount, TFollower } from '@vouched/shared/federation-followers'
import type { TFollowing } from '@vouched/shared/fediverse-following'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { BlockedAccounts } from './blocked-accounts'
import { FediverseFollowers } from './fediverse-followers'
import { FediverseFollowing } from './fediverse-following'

const since = new Date(Date.now() - 3_600_000).toISOString()
const follower = (id: number, name: string, state: TFollower['state']): TFollower => ({
  id,
  handle: `@${name.toLowerCase()}@remote.example`,
  actorUri: `https://remote.example/users/${name.toLowerCase()}`,
  url: `https://remote.example/@${name.toLowerCase()}`,
  name,
  state,
  since,
})

/** A server keeping followers and blocks as the API does, recording each call. */
function fediverseServer() {
  let followers = [
    follower(1, 'Ada', 'pending'),
    follower(2, 'Bob', 'accepted'),
    follower(3, 'Cy', 'accepted'),
  ]
  let blocked: TBlockedAccount[] = []
  const calls: string[] = []
  const blockBodies: unknown[] = []
  mockApi({
    'GET /api/federation/followers': () => ({ body: { followers, nextCursor: null } }),
    'GET /api/federation/blocked-accounts': () => ({ body: { accounts: blocked, nextCursor: null } }),
    'POST /api/federation/followers/1/approve': () => {
      calls.push('approve 1')
      followers = followers.map((f) => (f.id === 1 ? { ...f, state: 'accepted' as const } : f))
      return { body: followers[0] }
    },
    'DELETE /api/federation/followers/2': () => {
      calls.push('remove 2')
      followers = followers.filter((f) => f.id !== 2)
      return { body: { success: true } }
    },
    'POST /api/federation/blocked-accounts': ({ body }) => {
      const { actor } = body as { actor: string }
      blockBodies.push(body)
      if (actor === '@nobody@nowhere.example') {
        return {
          status: 404,
          body: { message: 'No fediverse account was found there', code: 'ACTOR_NOT_FOUND' },
        }
      }
      const known = followers.find((f) => f.actorUri === actor)
      followers = followers.filter((f) => f.actorUri !== actor)
      const account = { id: blocked.length + 10, actorUri: actor, handle: known?.handle ?? actor, since }
      blocked = [account, ...blocked]
      return { status: 201, body: account }
    },
    'DELETE /api/federation/blocked-accounts/10': () => {
      calls.push('unblock 10')
      blocked = blocked.filter((b) => b.id !== 10)
      return { body: { success: true } }
    },
  })
  return { calls, blockBodies }
}

const renderSection = () =>
  renderWithProviders(
    <>
      <FediverseFollowers />
      <BlockedAccounts />
    </>,
    { user: makeUser({ id: 1 }) },
  )

describe('followers on the fediverse in Settings', () => {
  it('lists requests first; approves, removes after asking, and blocks a follower', async () => {
    const { calls, blockBodies } = fediverseServer()
    renderSection()
    const list = await screen.findByRole('list', { name: 'Followers and follow requests' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('Ada')
    expect(items[0]).toHaveTextContent('Asks to follow you')
    expect(within(items[0]!).getByRole('link', { name: 'Ada' })).toHaveAttribute(
      'href',
      'https://remote.example/@ada',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Approve Ada' }))
    await waitFor(() => expect(calls).toEqual(['approve 1']))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Ada' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Remove Ada' })).toBeInTheDocument()

    // Remove asks first; cancelling sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Bob?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual(['approve 1'])
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob' }))
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove Bob?' })).getByRole('button', {
        name: 'Remove',
      }),
    )
    await waitFor(() => expect(calls).toEqual(['approve 1', 'remove 2']))
    await waitFor(() => expect(screen.queryByText('Bob')).not.toBeInTheDocument())

    await userEvent.click(screen.getByRole('button', { name: 'Block Cy' }))
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Block Cy?' })).getByRole('button', {
        name: 'Block',
      }),
    )
    await waitFor(() => expect(blockBodies).toEqual([{ actor: 'https://remote.example/users/cy' }]))
    const blockedList = await screen.findByRole('list', { name: 'Blocked fediverse accounts' })
    expect(within(blockedList).getByText('@cy@remote.example')).toBeInTheDocument()
    expect(within(list).queryByText('Cy')).not.toBeInTheDocument()
  })

  it('blocks an account by handle, says when none is found, and unblocks', async () => {
    const { calls, blockBodies } = fediverseServer()
    renderSection()
    expect(await screen.findByText('You have not blocked any fediverse account.')).toBeInTheDocument()
    const input = screen.getByRole('textbox', { name: 'Block an account' })
    expect(input).toHaveAccessibleDescription('As @name@server, or the address of its profile.')
    await userEvent.type(input, '@nobody@nowhere.example')
    await userEvent.click(screen.getByRole('button', { name: 'Block' }))
    expect(await screen.findByText('No fediverse account was found there')).toBeInTheDocument()
    expect(input).toHaveValue('@nobody@nowhere.example')

    await userEvent.clear(input)
    await userEvent.type(input, '  @pest@spam.example ')
    await userEvent.click(screen.getByRole('button', { name: 'Block' }))
    await waitFor(() => expect(blockBodies.at(-1)).toEqual({ actor: '@pest@spam.example' }))
    const blockedList = await screen.findByRole('list', { name: 'Blocked fediverse accounts' })
    expect(within(blockedList).getByText('@pest@spam.example')).toBeInTheDocument()
    expect(input).toHaveValue('')

    await userEvent.click(screen.getByRole('button', { name: 'Unblock @pest@spam.example' }))
    await waitFor(() => expect(calls).toEqual(['unblock 10']))
    expect(await screen.findByText('You have not blocked any fediverse account.')).toBeInTheDocument()
  })

  it('speaks German', async () => {
    await changeLocale('de')
    fediverseServer()
    renderSection()
    expect(await screen.findByRole('button', { name: 'Ada annehmen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bob entfernen' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Ein Konto blockieren' })).toBeInTheDocument()
  })
})

describe('accounts followed on the fediverse in Settings', () => {
  const account = (id: number, name: string, state: TFollowing['state'], vouched = false): TFollowing => ({
    id,
    handle: `@${name.toLowerCase()}@remote.example`,
    actorUri: `https://remote.example/users/${name.toLowerCase()}`,
    name,
    avatarUrl: null,
    url: `https://remote.example/@${name.toLowerCase()}`,
    vouched,
    state,
    createdAt: since,
  })

  function followingServer(initial: TFollowing[]) {
    let following = initial
    const calls: string[] = []
    mockApi({
      'GET /api/federation/following': () => ({ body: { following } }),
      'DELETE /api/federation/following/1': () => {
        calls.push('cancel 1')
        following = following.filter((f) => f.id !== 1)
        return { body: { success: true } }
      },
      'DELETE /api/federation/following/2': () => {
        calls.push('unfollow 2')
        following = following.filter((f) => f.id !== 2)
        return { body: { success: true } }
      },
      'DELETE /api/federation/following/3': () => ({
        status: 409,
        body: { message: 'The fediverse is switched off on this server', code: 'FEDERATION_OFF' },
      }),
    })
    return calls
  }

  it('lists each account with its state; cancels a request at once and unfollows after asking', async () => {
    const calls = followingServer([
      account(1, 'Dee', 'pending'),
      account(2, 'Eve', 'accepted', true),
      account(3, 'Fin', 'accepted'),
    ])
    renderWithProviders(<FediverseFollowing />, { user: makeUser({ id: 1 }) })
    const list = await screen.findByRole('list', { name: 'Accounts you follow on the fediverse' })
    const [dee, eve] = within(list).getAllByRole('listitem')
    expect(dee).toHaveTextContent('Waiting for them to accept')
    expect(eve).toHaveTextContent('Vouched server')
    expect(eve).toHaveTextContent('Following since')
    expect(within(eve!).getByRole('link', { name: 'Eve' })).toHaveAttribute(
      'href',
      'https://remote.example/@eve',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the request to follow Dee' }))
    await waitFor(() => expect(calls).toEqual(['cancel 1']))
    expect(await screen.findByText('You withdrew your request to follow Dee.')).toBeInTheDocument()

    // Unfollow asks first; keeping the follow sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow Eve' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Unfollow Eve?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep following' }))
    expect(calls).toEqual(['cancel 1'])
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow Eve' }))
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unfollow Eve?' })).getByRole('button', {
        name: 'Unfollow',
      }),
    )
    await waitFor(() => expect(calls).toEqual(['cancel 1', 'unfollow 2']))
    await waitFor(() => expect(within(list).queryByText('Eve')).not.toBeInTheDocument())

    // A refusal is said, and the account stays.
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow Fin' }))
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Unfollow Fin?' })).getByRole('button', {
        name: 'Unfollow',
      }),
    )
    expect(await screen.findByText('The fediverse is switched off on this server')).toBeInTheDocument()
    expect(within(list).getByText('Fin')).toBeInTheDocument()
  })

  it('says how to follow someone when the list is empty', async () => {
    followingServer([])
    renderWithProviders(<FediverseFollowing />, { user: makeUser({ id: 1 }) })
    expect(
      await screen.findByText(
        'You do not follow anyone on the fediverse yet. Type @name@server in the search box to find an account.',
      ),
    ).toBeInTheDocument()
  })

  it('speaks German', async () => {
    await changeLocale('de')
    followingServer([account(2, 'Eve', 'accepted', true)])
    renderWithProviders(<FediverseFollowing />, { user: makeUser({ id: 1 }) })
    expect(await screen.findByRole('button', { name: 'Eve entfolgen' })).toBeInTheDocument()
    expect(screen.getByText('Vouched-Server')).toBeInTheDocument()
  })
})
