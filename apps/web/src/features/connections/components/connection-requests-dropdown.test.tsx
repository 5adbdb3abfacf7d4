import type { TConnectionRequest } from '@vouched/shared/connections'
import { LIVE_EVENT_DOM_EVENT } from '@vouched/shared/events.constants'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { makeRequest } from '../connections.fixtures'
import { ConnectionRequestsDropdown } from './connection-requests-dropdown'

// Two cores shared with other suites: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 4000 })

const trigger = () => screen.getByRole('button', { name: /^Connection Requests/ })

function requestsServer(initial: TConnectionRequest[], fail: { accept?: boolean; reject?: boolean } = {}) {
  let pending = [...initial]
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/connection-requests/pending': () => ({ body: { requests: pending } }),
  }
  for (const r of initial) {
    handlers[`POST /api/connection-requests/${r.id}/accept`] = () => {
      if (fail.accept)
        return { status: 409, body: { message: 'This connection request is no longer pending', code: 'X' } }
      pending = pending.filter((p) => p.id !== r.id)
      return { body: { success: true, request: { ...r, status: 'accepted' } } }
    }
    handlers[`POST /api/connection-requests/${r.id}/reject`] = () => {
      if (fail.reject) return { status: 500, body: { message: 'Server exploded', code: 'INTERNAL' } }
      pending = pending.filter((p) => p.id !== r.id)
      return { body: { success: true, request: { ...r, status: 'rejected' } } }
    }
  }
  const fetchMock = mockApi(handlers)
  const pendingCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/connection-requests/pending')).length
  return { fetchMock, pendingCalls, add: (r: TConnectionRequest) => (pending = [r, ...pending]) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ConnectionRequestsDropdown', () => {
  it('says "No pending connection requests" and shows no badge when empty', async () => {
    requestsServer([])
    const { user } = renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    await user.click(trigger())
    const dialog = await screen.findByRole('dialog', { name: 'Connection Requests' })
    expect(within(dialog).getByRole('heading', { name: 'Connection Requests' })).toBeInTheDocument()
    expect(await within(dialog).findByText('No pending connection requests')).toBeInTheDocument()
    expect(screen.queryByTestId('connection-requests-badge')).not.toBeInTheDocument()
  })

  it('badges the pending count, capped at 9+', async () => {
    requestsServer(Array.from({ length: 10 }, () => makeRequest()))
    renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    expect(await screen.findByTestId('connection-requests-badge')).toHaveTextContent('9+')
    expect(trigger()).toHaveAccessibleName('Connection Requests, 9+ pending')
  })

  it('shows each sender with the avatar fallback, name, username, age and message', async () => {
    const named = makeRequest({ message: 'We met at JSConf' })
    const unnamed = makeRequest({
      fromFullName: null,
      fromUsername: 'zed',
      createdAt: new Date(Date.now() - 30_000).toISOString(),
    })
    const nameless = makeRequest({ fromFullName: null, fromUsername: '' })
    requestsServer([named, unnamed, nameless])
    const { user } = renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    await waitFor(() => expect(trigger()).toHaveAccessibleName('Connection Requests, 3 pending'))
    await user.click(trigger())
    const dialog = await screen.findByRole('dialog', { name: 'Connection Requests' })
    const [first, second, third] = within(dialog).getAllByRole('listitem')

    // Avatar: picture, else the upper-cased first letter of the username, else 'U'.
    expect(within(first!).getByText(named.fromUsername.charAt(0).toUpperCase())).toBeInTheDocument()
    expect(within(first!).getByText('Bob Stone')).toBeInTheDocument()
    expect(within(first!).getByText(`@${named.fromUsername}`)).toBeInTheDocument()
    expect(within(first!).getByText('2 hours ago')).toBeInTheDocument()
    expect(within(first!).getByText('We met at JSConf')).toBeInTheDocument()
    expect(within(first!).getByRole('button', { name: /^Accept/ })).toBeInTheDocument()
    expect(within(first!).getByRole('button', { name: /^Reject/ })).toBeInTheDocument()

    expect(within(second!).getByText('Z')).toBeInTheDocument()
    expect(within(second!).getByRole('link', { name: 'zed' })).toHaveAttribute('href', '/profile/zed')
    expect(within(second!).getByText('30 seconds ago')).toBeInTheDocument()
    expect(within(third!).getByText('U')).toBeInTheDocument()
  })

  it('accepts with the toast of SPEC §8 and refreshes the list', async () => {
    const request = makeRequest()
    requestsServer([request])
    const { user } = renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    await user.click(trigger())
    const dialog = await screen.findByRole('dialog', { name: 'Connection Requests' })
    await user.click(await within(dialog).findByRole('button', { name: /^Accept/ }))
    expect(await screen.findByText('Connection request accepted')).toBeInTheDocument()
    expect(screen.getByText('You are now connected with this user')).toBeInTheDocument()
    expect(await within(dialog).findByText('No pending connection requests')).toBeInTheDocument()
  })

  it('rejects with its toast', async () => {
    requestsServer([makeRequest()])
    const { user } = renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    await user.click(trigger())
    const dialog = await screen.findByRole('dialog', { name: 'Connection Requests' })
    await user.click(await within(dialog).findByRole('button', { name: /^Reject/ }))
    expect(await screen.findByText('Connection request rejected')).toBeInTheDocument()
    expect(await within(dialog).findByText('No pending connection requests')).toBeInTheDocument()
  })

  it('toasts the server message under the SPEC error titles', async () => {
    requestsServer([makeRequest()], { accept: true, reject: true })
    const { user } = renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    await user.click(trigger())
    const dialog = await screen.findByRole('dialog', { name: 'Connection Requests' })
    await user.click(await within(dialog).findByRole('button', { name: /^Accept/ }))
    expect(await screen.findByText('Error accepting connection request')).toBeInTheDocument()
    expect(screen.getByText('This connection request is no longer pending')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: /^Reject/ }))
    expect(await screen.findByText('Error rejecting connection request')).toBeInTheDocument()
    expect(screen.getByText('Server exploded')).toBeInTheDocument()
  })

  it('polls every 30 seconds only while asked to (the live stream is down)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = requestsServer([])
    const view = renderWithProviders(<ConnectionRequestsDropdown poll={false} />, { user: makeUser() })
    await waitFor(() => expect(server.pendingCalls()).toBe(1))
    await act(() => vi.advanceTimersByTimeAsync(65_000))
    expect(server.pendingCalls()).toBe(1)

    view.rerender(<ConnectionRequestsDropdown poll />)
    server.add(makeRequest())
    await act(() => vi.advanceTimersByTimeAsync(30_500))
    await waitFor(() => expect(server.pendingCalls()).toBe(2))
    expect(await screen.findByTestId('connection-requests-badge')).toHaveTextContent('1')
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    await waitFor(() => expect(server.pendingCalls()).toBe(3))
  })

  it('refreshes at once when the live stream announces a request', async () => {
    const server = requestsServer([])
    renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    await waitFor(() => expect(server.pendingCalls()).toBe(1))
    server.add(makeRequest())
    act(() => {
      window.dispatchEvent(
        new CustomEvent(LIVE_EVENT_DOM_EVENT, { detail: { type: 'connection-request', entityId: 1 } }),
      )
    })
    expect(await screen.findByTestId('connection-requests-badge')).toHaveTextContent('1')
    expect(server.pendingCalls()).toBe(2)
  })
})

describe('ConnectionRequestsDropdown in German', () => {
  it('names the list, its count and the actions in German', async () => {
    await changeLocale('de')
    requestsServer([makeRequest()])
    const { user } = renderWithProviders(<ConnectionRequestsDropdown />, { user: makeUser() })
    const button = await screen.findByRole('button', { name: 'Kontaktanfragen, 1 offen' })
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Kontaktanfragen' })
    expect(within(dialog).getByText('1 offen')).toBeInTheDocument()
    expect(
      await within(dialog).findByRole('button', { name: /^Anfrage von .* annehmen$/ }),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /^Anfrage von .* ablehnen$/ })).toBeInTheDocument()
  })
})
