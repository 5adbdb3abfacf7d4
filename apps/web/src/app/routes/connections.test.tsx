import type { TConnection, TConnectionRequest } from '@vouched/shared/connections'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { makeConnection, makeRequest } from '../../features/connections/connections.fixtures'
import { makeUser, mockApi, renderApp, type MockResponse } from '../../test/render'

// Two cores shared with other suites: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 4000 })

const me = makeUser({ id: 1, username: 'alice' })

type State = {
  connections?: TConnection[] | (() => MockResponse)
  pending?: TConnectionRequest[]
  sent?: TConnectionRequest[]
  fail?: Partial<Record<'accept' | 'reject' | 'cancel' | 'remove', boolean>>
}

/** The network API of one member, in memory. */
function networkServer(state: State = {}) {
  let connections = typeof state.connections === 'function' ? [] : [...(state.connections ?? [])]
  let pending = [...(state.pending ?? [])]
  let sent = [...(state.sent ?? [])]
  const fail = state.fail ?? {}
  const boom = { status: 500, body: { message: 'Boom', code: 'INTERNAL' } }
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } },
    [`GET /api/connections/${me.id}`]:
      typeof state.connections === 'function' ? state.connections : () => ({ body: { connections } }),
    'GET /api/connection-requests/pending': () => ({ body: { requests: pending } }),
    'GET /api/connection-requests/sent': () => ({ body: { requests: sent } }),
  }
  for (const c of connections) {
    handlers[`DELETE /api/connections/${c.id}`] = () => {
      if (fail.remove) return boom
      connections = connections.filter((x) => x.id !== c.id)
      return { body: { success: true } }
    }
  }
  for (const r of pending) {
    handlers[`POST /api/connection-requests/${r.id}/accept`] = () => {
      if (fail.accept) return boom
      pending = pending.filter((x) => x.id !== r.id)
      connections = [
        makeConnection({ id: r.fromUser.id, username: r.fromUser.username, fullName: r.fromUser.fullName }),
        ...connections,
      ]
      return { body: { success: true, request: { ...r, status: 'accepted' } } }
    }
    handlers[`POST /api/connection-requests/${r.id}/reject`] = () => {
      if (fail.reject) return boom
      pending = pending.filter((x) => x.id !== r.id)
      return { body: { success: true, request: { ...r, status: 'rejected' } } }
    }
  }
  for (const r of sent) {
    handlers[`DELETE /api/connection-requests/${r.id}`] = () => {
      if (fail.cancel) return boom
      sent = sent.filter((x) => x.id !== r.id)
      return { body: { success: true } }
    }
  }
  return mockApi(handlers)
}

const openPage = async (route = '/connections') => {
  const view = renderApp(route, { user: me })
  await screen.findByRole('heading', { level: 1, name: 'My Network' })
  return view
}

const tab = (name: RegExp) => screen.getByRole('tab', { name })

describe('My Network (/connections)', () => {
  it('lists connections with count badge, reputation to one decimal, Verified badge and View Profile', async () => {
    networkServer({
      connections: [
        makeConnection({
          username: 'carol',
          fullName: 'Carol Diaz',
          reputationScore: 12.345,
          isVerified: true,
        }),
        makeConnection({ username: 'dan', fullName: null, reputationScore: 7 }),
      ],
    })
    await openPage()
    const list = await screen.findByRole('list', { name: 'Connections' })
    const [carol, dan] = within(list).getAllByRole('listitem')
    expect(within(tab(/^Connections/)).getByText('2')).toBeInTheDocument()

    expect(within(carol!).getByText('Carol Diaz')).toBeInTheDocument()
    expect(within(carol!).getByText('@carol')).toBeInTheDocument()
    expect(within(carol!).getByText('12.3')).toBeInTheDocument()
    expect(within(carol!).getByText('Verified')).toBeInTheDocument()
    expect(within(carol!).getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/profile/carol',
    )

    expect(within(dan!).getByText('dan')).toBeInTheDocument()
    expect(within(dan!).getByText('7.0')).toBeInTheDocument()
    expect(within(dan!).queryByText('Verified')).not.toBeInTheDocument()
  })

  it('searches connections by username or full name', async () => {
    networkServer({
      connections: [
        makeConnection({ username: 'carol', fullName: 'Carol Diaz' }),
        makeConnection({ username: 'dan_k', fullName: 'Daniel Kim' }),
      ],
    })
    const { user } = await openPage()
    const search = await screen.findByRole('searchbox', { name: 'Search connections' })
    await user.type(search, 'KIM')
    const list = screen.getByRole('list', { name: 'Connections' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(within(list).getByText('Daniel Kim')).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'caro')
    expect(
      within(screen.getByRole('list', { name: 'Connections' })).getByText('Carol Diaz'),
    ).toBeInTheDocument()
    await user.clear(search)
    await user.type(search, 'nobody')
    expect(screen.getByText('No connections match "nobody".')).toBeInTheDocument()
  })

  it('removes a connection after the confirmation, with its toast', async () => {
    const fetchMock = networkServer({
      connections: [makeConnection({ username: 'carol', fullName: 'Carol Diaz' })],
    })
    const { user } = await openPage()
    await user.click(await screen.findByRole('button', { name: 'Remove Carol Diaz' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(
      within(confirm).getByText('Are you sure you want to remove your connection with Carol Diaz?'),
    ).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Connection removed')).toBeInTheDocument()
    expect(await screen.findByText('No connections yet')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true)
  })

  it('toasts "Failed to remove connection" titled Error', async () => {
    networkServer({ connections: [makeConnection({ fullName: 'Carol Diaz' })], fail: { remove: true } })
    const { user } = await openPage()
    await user.click(await screen.findByRole('button', { name: 'Remove Carol Diaz' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Failed to remove connection')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
  })

  it('shows the empty states with their Discover Users buttons', async () => {
    networkServer()
    const { user } = await openPage()
    expect(await screen.findByText('No connections yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Discover Users' })).toHaveAttribute('href', '/discover')

    await user.click(tab(/^Pending/))
    expect(await screen.findByText('No pending requests')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Discover Users' })).not.toBeInTheDocument()

    await user.click(tab(/^Sent/))
    expect(await screen.findByText('No sent requests')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Discover Users' })).toHaveAttribute('href', '/discover')
  })

  it('accepts and rejects pending requests with their toasts', async () => {
    const bob = makeRequest({ fromFullName: 'Bob Stone', message: 'Hello there' })
    bob.fromUser = { ...bob.fromUser, fullName: 'Bob Stone' }
    const eve = makeRequest()
    eve.fromUser = { ...eve.fromUser, fullName: 'Eve Adams' }
    networkServer({ pending: [bob, eve] })
    const { user } = await openPage('/connections?tab=pending')
    const list = await screen.findByRole('list', { name: 'Pending requests' })
    expect(within(list).getByText('Hello there')).toBeInTheDocument()
    expect(within(tab(/^Pending/)).getByText('2')).toBeInTheDocument()

    await user.click(within(list).getByRole('button', { name: 'Accept request from Bob Stone' }))
    expect(await screen.findByText('Connection accepted')).toBeInTheDocument()
    await waitFor(() => expect(within(list).queryByText('Bob Stone')).not.toBeInTheDocument())

    await user.click(within(list).getByRole('button', { name: 'Reject request from Eve Adams' }))
    expect(await screen.findByText('Connection rejected')).toBeInTheDocument()
    expect(await screen.findByText('No pending requests')).toBeInTheDocument()

    await user.click(tab(/^Connections/))
    expect(await screen.findByText('Bob Stone')).toBeInTheDocument()
  })

  it('toasts the network page errors titled Error', async () => {
    const bob = makeRequest()
    networkServer({ pending: [bob], fail: { accept: true, reject: true } })
    const { user } = await openPage('/connections?tab=pending')
    const list = await screen.findByRole('list', { name: 'Pending requests' })
    await user.click(within(list).getByRole('button', { name: /^Accept request/ }))
    expect(await screen.findByText('Failed to accept connection request')).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: /^Reject request/ }))
    expect(await screen.findByText('Failed to reject connection request')).toBeInTheDocument()
  })

  it('shows sent requests with their date and cancels them', async () => {
    const sent = makeRequest({ createdAt: '2025-03-04T12:00:00.000Z' })
    sent.toUser = { id: 9, username: 'zoe', fullName: 'Zoe Park', profilePicture: null, isVerified: true }
    networkServer({ sent: [sent] })
    const { user } = await openPage()
    await user.click(tab(/^Sent/))
    const list = await screen.findByRole('list', { name: 'Sent requests' })
    expect(within(list).getByText('Zoe Park')).toBeInTheDocument()
    expect(within(list).getByText('Sent Mar 4, 2025')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/connections?tab=sent')
    await user.click(within(list).getByRole('button', { name: 'Cancel request to Zoe Park' }))
    expect(await screen.findByText('Request canceled')).toBeInTheDocument()
    expect(await screen.findByText('No sent requests')).toBeInTheDocument()
  })

  it('toasts "Failed to cancel connection request"', async () => {
    networkServer({ sent: [makeRequest()], fail: { cancel: true } })
    const { user } = await openPage('/connections?tab=sent')
    await user.click(await screen.findByRole('button', { name: /^Cancel request to/ }))
    expect(await screen.findByText('Failed to cancel connection request')).toBeInTheDocument()
  })

  it.each([
    ['a bare array', (list: TConnection[]) => list],
    ['a data array', (list: TConnection[]) => ({ data: list })],
  ])('tolerates %s', async (_, wrap) => {
    const list = [makeConnection({ fullName: 'Carol Diaz' })]
    networkServer({ connections: () => ({ body: wrap(list) }) })
    await openPage()
    expect(await screen.findByText('Carol Diaz')).toBeInTheDocument()
  })

  it('retries the connections fetch once after 1 second on a failed status', async () => {
    const answers: MockResponse[] = [
      { status: 500, body: { message: 'Boom', code: 'INTERNAL' } },
      { body: { connections: [makeConnection({ fullName: 'Carol Diaz' })] } },
    ]
    const times: number[] = []
    networkServer({
      connections: () => {
        times.push(Date.now())
        return answers.shift() ?? { status: 500 }
      },
    })
    await openPage()
    expect(await screen.findByText('Carol Diaz', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(times).toHaveLength(2)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950)
  })

  it('treats an invalid format as a failure and retries it', async () => {
    const formats: MockResponse[] = [
      { body: { nope: true } },
      { body: [makeConnection({ fullName: 'Dan Kim' })] },
    ]
    networkServer({ connections: () => formats.shift() ?? { status: 500 } })
    await openPage()
    expect(await screen.findByText('Dan Kim', {}, { timeout: 3000 })).toBeInTheDocument()
  })

  it('shows the error boundary when the list still fails after its retry', async () => {
    // React reports the error the boundary caught; that is the expected path here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let calls = 0
    networkServer({
      connections: () => {
        calls += 1
        return { status: 500, body: { message: 'Boom', code: 'INTERNAL' } }
      },
    })
    await openPage()
    expect(await screen.findByText('Something went wrong', {}, { timeout: 4000 })).toBeInTheDocument()
    expect(
      screen.getByText('There was an error loading this page. Please try refreshing.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()
    expect(calls).toBe(2)
    // Exactly one h1 on the page, even in the error state.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})
