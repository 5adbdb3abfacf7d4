import type { TNotification } from '@vouched/shared/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { NotificationsFeed } from './notifications-feed'

const make = (id: number, type: TNotification['type'] = 'like'): TNotification => ({
  id,
  userId: 1,
  type,
  entityId: 40 + id,
  fromUserId: 2,
  message: `Notification ${id}`,
  isRead: true,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  fromUsername: 'bob',
  fromFullName: 'Bob Stone',
  fromProfilePicture: null,
})

/** An API that pages `items` by 20 with an index cursor and filters by `type`, as the server does. */
function pagedServer(items: TNotification[]) {
  return mockApi({
    'GET /api/notifications': ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams
      const type = query.get('type')
      const limit = Number(query.get('limit') ?? 50)
      const start = Number(query.get('cursor') ?? 0)
      const matching = items.filter((n) => !type || n.type === type)
      const page = matching.slice(start, start + limit)
      return {
        body: {
          notifications: page,
          unreadCount: 3,
          nextCursor: start + limit < matching.length ? String(start + limit) : null,
        },
      }
    },
  })
}

const requested = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('limit=20'))

describe('NotificationsFeed', () => {
  it('shows the first page, then the next one on Load more, and says when the end is reached', async () => {
    const fetchMock = pagedServer(Array.from({ length: 25 }, (_, i) => make(i + 1)))
    const { user } = renderWithProviders(<NotificationsFeed />, { user: makeUser(), route: '/notifications' })
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25))
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(requested(fetchMock)).toEqual([
      '/api/notifications?limit=20',
      '/api/notifications?limit=20&cursor=20',
    ])
  })

  it('filters by type, keeps the filter in the URL and offers every filter of the product', async () => {
    const fetchMock = pagedServer([make(1, 'like'), make(2, 'comment'), make(3, 'like')])
    const { user } = renderWithProviders(<NotificationsFeed />, { user: makeUser(), route: '/notifications' })
    await screen.findByText('Notification 2')
    const filters = screen.getByRole('group', { name: 'Show' })
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Endorsements', 'Likes', 'Comments', 'Connections', 'Vouch requests'])
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true')

    await user.click(within(filters).getByRole('button', { name: 'Likes' }))
    const list = await screen.findByRole('list', { name: 'Likes' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByText('Notification 2')).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications?type=like')
    expect(requested(fetchMock)).toContain('/api/notifications?limit=20&type=like')
  })

  it('reads the filter from the URL, and an empty filter says what to do', async () => {
    pagedServer([make(1, 'like')])
    const { user } = renderWithProviders(<NotificationsFeed />, {
      user: makeUser(),
      route: '/notifications?type=connection',
    })
    expect(await screen.findByText('No connections yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Find people to endorse' })).toHaveAttribute('href', '/discover')
    await user.click(screen.getByRole('button', { name: 'Show all notifications' }))
    expect(await screen.findByText('Notification 1')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/notifications$/)
  })

  it('falls back to every type for an unknown filter in the URL', async () => {
    const fetchMock = pagedServer([make(1, 'like')])
    renderWithProviders(<NotificationsFeed />, { user: makeUser(), route: '/notifications?type=bogus' })
    expect(await screen.findByText('Notification 1')).toBeInTheDocument()
    expect(requested(fetchMock)).toEqual(['/api/notifications?limit=20'])
  })

  it('says so when the list cannot load', async () => {
    mockApi({ 'GET /api/notifications': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } })
    renderWithProviders(<NotificationsFeed />, { user: makeUser(), route: '/notifications' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications')
  })

  it('speaks German: type badges, item buttons, the end and an empty filter', async () => {
    await changeLocale('de')
    pagedServer([
      { ...make(1, 'comment'), isRead: false },
      { ...make(2, 'endorsement'), message: 'Bob Stone endorsed you for Problem Solving' },
    ])
    renderWithProviders(<NotificationsFeed />, { user: makeUser(), route: '/notifications' })
    const list = await screen.findByRole('list', { name: 'Benachrichtigungen' })
    // The stored English text, category included, read in German.
    expect(within(list).getByText('Bob Stone hat dich für Problemlösung empfohlen')).toBeInTheDocument()
    expect(within(list).getByText('Kommentar')).toBeInTheDocument()
    expect(within(list).getByText('(ungelesen)')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Als gelesen markieren' })).toBeInTheDocument()
    expect(within(list).getAllByRole('button', { name: 'Benachrichtigung löschen' })).toHaveLength(2)
    expect(screen.getByText('Du bist auf dem neuesten Stand.')).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Anzeigen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeEnabled()
  })

  it('says in German that a filter is empty', async () => {
    await changeLocale('de')
    pagedServer([make(1, 'like')])
    renderWithProviders(<NotificationsFeed />, { user: makeUser(), route: '/notifications?type=connection' })
    expect(await screen.findByText('Noch keine Kontakte.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Menschen zum Empfehlen finden' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Alle Benachrichtigungen anzeigen' })).toBeInTheDocument()
  })
})
