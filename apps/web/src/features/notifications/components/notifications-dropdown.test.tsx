import { LIVE_EVENT_DOM_EVENT } from '@vouched/shared/events.constants'
import type { TNotification } from '@vouched/shared/notifications'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { notificationTarget } from '@vouched/shared/notification-target'
import { NotificationsDropdown } from './notifications-dropdown'
import { PHONE_QUERY } from '../../../lib/use-media-query'

// Two cores shared with other suites: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 4000 })

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

let nextId = 1
function makeNotification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: nextId++,
    userId: 1,
    type: 'connection',
    entityId: 7,
    fromUserId: 2,
    message: 'Bob Stone sent you a connection request',
    isRead: false,
    createdAt: minutesAgo(5),
    fromUsername: 'bob',
    fromFullName: 'Bob Stone',
    fromProfilePicture: null,
    ...overrides,
  }
}

type List = { notifications: TNotification[]; unreadCount: number }
const listOf = (notifications: TNotification[]): List => ({
  notifications,
  unreadCount: notifications.filter((n) => !n.isRead).length,
})

/** A small in-memory server for the notifications API. */
function notificationsServer(initial: TNotification[], failures: Partial<Record<string, boolean>> = {}) {
  let items = [...initial]
  const fetchMock = mockApi({
    'GET /api/notifications': () => ({ body: listOf(items) }),
    'POST /api/notifications/read-all': () => {
      if (failures.readAll) return { status: 500, body: { message: 'Boom', code: 'INTERNAL' } }
      const updated = items.filter((n) => !n.isRead).length
      items = items.map((n) => ({ ...n, isRead: true }))
      return { body: { success: true, updated } }
    },
    ...Object.fromEntries(
      initial.flatMap((n) => [
        [
          `POST /api/notifications/${n.id}/read`,
          () => {
            if (failures.read)
              return { status: 404, body: { message: 'Notification not found', code: 'NOT_FOUND' } }
            items = items.map((i) => (i.id === n.id ? { ...i, isRead: true } : i))
            return { body: { success: true } }
          },
        ],
        [
          `DELETE /api/notifications/${n.id}`,
          () => {
            if (failures.delete) return { status: 500, body: { message: 'Boom', code: 'INTERNAL' } }
            items = items.filter((i) => i.id !== n.id)
            return { body: { success: true } }
          },
        ],
      ]),
    ),
  })
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET').toUpperCase() === method,
    ).length
  return { fetchMock, calls, set: (next: TNotification[]) => (items = next) }
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ })

async function openDropdown(user = userEvent.setup()) {
  await waitFor(() => expect(bell()).toBeInTheDocument())
  await user.click(bell())
  return screen.findByRole('dialog', { name: 'Notifications' })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('NotificationsDropdown', () => {
  it('shows the loading state, then the empty state without "Mark all read"', async () => {
    let resolve: (() => void) | undefined
    const gate = new Promise<void>((r) => (resolve = r))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate
        return new Response(JSON.stringify({ notifications: [], unreadCount: 0 }), {
          headers: { 'Content-Type': 'application/json' },
        })
      }),
    )
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    await user.click(bell())
    expect(await screen.findByText('Loading notifications...')).toBeInTheDocument()
    resolve!()
    expect(await screen.findByText('No notifications')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument()
  })

  it('says "Failed to load notifications" when the list cannot load', async () => {
    mockApi({ 'GET /api/notifications': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } })
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    await openDropdown(user)
    expect(await screen.findByText('Failed to load notifications')).toBeInTheDocument()
  })

  it('caps the unread badge at 9+', async () => {
    const many = Array.from({ length: 12 }, () => makeNotification())
    notificationsServer(many)
    renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('9+')
    expect(bell()).toHaveAccessibleName('Notifications, 9+ unread')
  })

  it('shows the exact count up to 9', async () => {
    notificationsServer(Array.from({ length: 9 }, () => makeNotification()))
    renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent(/^9$/)
  })

  it('renders each item with avatar fallback, message, type badge, time and the right buttons', async () => {
    const unread = makeNotification({
      message: 'Carol Diaz endorsed you',
      type: 'endorsement',
      fromFullName: 'Carol Diaz',
      fromUsername: 'carol',
    })
    const read = makeNotification({
      message: 'Old news',
      type: 'like',
      isRead: true,
      createdAt: '2024-03-04T10:00:00.000Z',
      fromFullName: null,
      fromUsername: 'dave',
    })
    const broken = makeNotification({
      message: 'No date',
      type: 'announcement',
      isRead: true,
      createdAt: 'garbage',
    })
    notificationsServer([unread, read, broken])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)
    const items = await within(dialog).findAllByRole('listitem')
    expect(items).toHaveLength(3)

    expect(items[0]).toHaveAttribute('data-unread', 'true')
    expect(within(items[0]!).getByText('Carol Diaz endorsed you')).toBeInTheDocument()
    expect(within(items[0]!).getByText('CD')).toBeInTheDocument()
    expect(within(items[0]!).getByText('Endorsement')).toBeInTheDocument()
    expect(within(items[0]!).getByText('5 minutes ago')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument()
    expect(within(items[0]!).getByRole('button', { name: 'Delete notification' })).toBeInTheDocument()

    expect(items[1]).not.toHaveAttribute('data-unread')
    expect(within(items[1]!).getByText('D')).toBeInTheDocument()
    expect(within(items[1]!).getByText('Mar 4, 2024')).toBeInTheDocument()
    expect(within(items[1]!).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument()

    expect(within(items[2]!).getByText('recently')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeEnabled()
  })

  it('shows what a notification no member sent is about, not an unknown user’s "U"', async () => {
    const senderless = { fromUserId: null, fromUsername: null, fromFullName: null }
    notificationsServer([
      makeNotification({
        ...senderless,
        type: 'remote-vouch',
        message: '@carol@other.example vouched for you in Teamwork from another Vouched server',
      }),
      makeNotification({ ...senderless, type: 'announcement', message: 'News' }),
      makeNotification({ ...senderless, type: 'endorsement', message: 'Someone endorsed you anonymously' }),
    ])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const items = await within(await openDropdown(user)).findAllByRole('listitem')
    expect(within(items[0]!).getByText('Vouch from another server')).toBeInTheDocument()
    for (const item of [items[0]!, items[1]!]) {
      expect(within(item).getByTestId('notification-icon')).toBeInTheDocument()
      expect(within(item).queryByText('U')).not.toBeInTheDocument()
    }
    // An anonymous endorsement keeps the avatar of someone unnamed.
    expect(within(items[2]!).queryByTestId('notification-icon')).not.toBeInTheDocument()
  })

  it('disables "Mark all read" when nothing is unread', async () => {
    notificationsServer([makeNotification({ isRead: true })])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)
    expect(await within(dialog).findByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })

  it('marks all read with its toast, then the badge disappears', async () => {
    const server = notificationsServer([makeNotification(), makeNotification()])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)
    await user.click(await within(dialog).findByRole('button', { name: 'Mark all read' }))
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument())
    expect(server.calls('POST', '/api/notifications/read-all')).toBe(1)
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })

  it('toasts the SPEC errors when an action fails', async () => {
    const n = makeNotification()
    notificationsServer([n], { readAll: true, read: true, delete: true })
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)

    await user.click(await within(dialog).findByRole('button', { name: 'Mark all read' }))
    expect(await screen.findByText('Failed to mark all notifications as read')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Mark as read' }))
    expect(await screen.findByText('Failed to mark notification as read')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Delete notification' }))
    expect(await screen.findByText('Failed to delete notification')).toBeInTheDocument()
  })

  it('marks one read and deletes one', async () => {
    const a = makeNotification({ message: 'first' })
    const b = makeNotification({ message: 'second' })
    const server = notificationsServer([a, b])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)
    const [first] = await within(dialog).findAllByRole('listitem')
    await user.click(within(first!).getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'))
    expect(server.calls('POST', `/api/notifications/${a.id}/read`)).toBe(1)

    await user.click(within(first!).getByRole('button', { name: 'Delete notification' }))
    await waitFor(() => expect(within(dialog).queryByText('first')).not.toBeInTheDocument())
    expect(within(dialog).getByText('second')).toBeInTheDocument()
  })

  it.each([
    ['endorsement', 'Bob Stone endorsed you for Leadership', '/vouches/7'],
    ['like', 'Bob Stone liked an endorsement you received', '/vouches/7'],
    ['comment', 'Bob Stone commented on your endorsement of Carol', '/vouches/7'],
    ['connection', 'Bob Stone sent you a connection request', '/connections?tab=pending'],
    ['connection', 'Bob Stone accepted your connection request', '/profile/bob'],
    ['message', 'Bob Stone sent you a message', '/messages?to=2'],
  ] as const)('a %s notification ("%s") opens %s', async (type, message, path) => {
    const n = makeNotification({ type, message, isRead: true })
    notificationsServer([n])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser(), route: '/discover' })
    const dialog = await openDropdown(user)
    await user.click(await within(dialog).findByText(message))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(path))
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument()
  })

  it('opens the home page for an announcement, and clicking marks the item read', async () => {
    const n = makeNotification({ type: 'announcement', message: 'News' })
    const server = notificationsServer([n])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser(), route: '/discover' })
    const dialog = await openDropdown(user)
    await user.click(await within(dialog).findByText('News'))
    await waitFor(() => expect(server.calls('POST', `/api/notifications/${n.id}/read`)).toBe(1))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
  })

  it('names each item once: the sender is in the message, so the avatar is not read out', async () => {
    const n = makeNotification({ message: 'Bob Stone sent you a connection request' })
    notificationsServer([n])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)
    const [item] = await within(dialog).findAllByRole('listitem')
    const open = within(item!).getAllByRole('button')[0]!
    expect(open).toHaveAccessibleName(
      'Bob Stone sent you a connection request Connection 5 minutes ago (unread)',
    )
    expect(within(item!).getByText('BS').closest('[data-slot="avatar"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    )
  })

  it('links to the full page with "See all notifications" and closes', async () => {
    notificationsServer([makeNotification()])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser(), route: '/discover' })
    const dialog = await openDropdown(user)
    await user.click(within(dialog).getByRole('link', { name: 'See all notifications' }))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notifications'))
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument()
  })

  it('opens as a full-height sheet on a phone, with the same list and link', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    notificationsServer([makeNotification({ message: 'On the phone' })])
    const { user } = renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    const dialog = await openDropdown(user)
    expect(dialog).toHaveClass('h-full', 'w-full')
    expect(await within(dialog).findByText('On the phone')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('refetches when the live stream announces a notification', async () => {
    const server = notificationsServer([])
    renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    await waitFor(() => expect(server.calls('GET', '/api/notifications')).toBe(1))
    server.set([makeNotification()])
    act(() => {
      window.dispatchEvent(
        new CustomEvent(LIVE_EVENT_DOM_EVENT, { detail: { type: 'notification', entityId: 1 } }),
      )
    })
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('1')
  })

  it('opens an anonymous endorsement by its id, else the member’s own profile', () => {
    const n = makeNotification({
      type: 'endorsement',
      fromUsername: null,
      fromFullName: null,
      fromUserId: null,
    })
    // It carries the endorsement's id, which the server answers without the endorser.
    expect(notificationTarget(n, 'alice')).toBe('/vouches/7')
    // Without an id (never written today) it falls back to the member's own profile.
    expect(notificationTarget({ ...n, entityId: null }, 'alice')).toBe('/profile/alice')
    expect(notificationTarget({ ...n, type: 'message', fromUserId: null }, 'alice')).toBe('/messages')
  })

  it('opens the request list for a request to vouch', () => {
    const n = makeNotification({ type: 'endorsement-request', entityId: 4 })
    expect(notificationTarget(n, 'alice')).toBe('/endorsement-requests')
  })

  it("opens the member's own profile, where they answer it, for a vouch from another server", () => {
    const n = makeNotification({ type: 'remote-vouch', entityId: 9, fromUserId: null, fromUsername: null })
    expect(notificationTarget(n, 'alice')).toBe('/profile/alice')
  })
})

describe('auto-mark-read (SPEC.md §4)', () => {
  const setup = async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = notificationsServer([makeNotification(), makeNotification()])
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'))
    await user.click(bell())
    await screen.findByRole('dialog', { name: 'Notifications' })
    return { server, user }
  }

  it('marks everything read 3 seconds after opening, without a toast', async () => {
    const { server } = await setup()
    await act(() => vi.advanceTimersByTimeAsync(2500))
    expect(server.calls('POST', '/api/notifications/read-all')).toBe(0)
    await act(() => vi.advanceTimersByTimeAsync(600))
    await waitFor(() => expect(server.calls('POST', '/api/notifications/read-all')).toBe(1))
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument())
    expect(screen.queryByText('All notifications marked as read')).not.toBeInTheDocument()
  })

  it('is cancelled when the dropdown closes', async () => {
    const { server, user } = await setup()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    )
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(server.calls('POST', '/api/notifications/read-all')).toBe(0)
  })

  it('restarts when the unread count changes', async () => {
    const { server } = await setup()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    // One of them gets read elsewhere: the count changes and the 3 s start over.
    const [first] = screen.getAllByRole('button', { name: 'Mark as read' })
    await act(async () => {
      first!.click()
    })
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'))
    await act(() => vi.advanceTimersByTimeAsync(1500))
    expect(server.calls('POST', '/api/notifications/read-all')).toBe(0)
    await act(() => vi.advanceTimersByTimeAsync(1600))
    await waitFor(() => expect(server.calls('POST', '/api/notifications/read-all')).toBe(1))
  })

  it('does nothing when nothing is unread', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const server = notificationsServer([makeNotification({ isRead: true })])
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithProviders(<NotificationsDropdown />, { user: makeUser() })
    await waitFor(() => expect(server.calls('GET', '/api/notifications')).toBe(1))
    await user.click(bell())
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(server.calls('POST', '/api/notifications/read-all')).toBe(0)
  })
})
