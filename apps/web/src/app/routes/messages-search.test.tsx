import { screen, waitFor, within } from '@testing-library/react'
import type { TConnection } from '@vouched/shared/connections'
import type { TConversationListItem } from '@vouched/shared/messaging'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const me = makeUser({ id: 1, username: 'alice', fullName: 'Alice Martin' })
const meCard = { id: 1, username: 'alice', fullName: 'Alice Martin', profilePicture: null }
const now = new Date().toISOString()

const conversation = (id: number, username: string, fullName: string): TConversationListItem => ({
  id,
  user: meCard,
  otherUser: { id: id + 100, username, fullName, profilePicture: null },
  lastMessage: { content: `Hello from ${fullName}`, senderId: id + 100, createdAt: now, status: 'delivered' },
  unreadCount: 1,
  messageCount: 1,
  lastMessageAt: now,
  createdAt: now,
})

const connection = (id: number, username: string, fullName: string, title: string | null = null) =>
  ({
    id,
    username,
    fullName,
    profilePicture: null,
    isVerified: false,
    reputationScore: 12,
    title,
    connectedAt: now,
  }) satisfies TConnection

const shell = {
  'GET /api/conversations/unread-count': { body: { unreadCount: 0 } },
  'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } },
  'GET /api/connection-requests/pending': { body: { requests: [] } },
}

const location = () => screen.getByTestId('location').textContent

describe('/messages search and New message', () => {
  it('asks the server for the conversations matching the search and says when none match', async () => {
    const bob = conversation(11, 'bob', 'Bob Stone')
    const carol = conversation(12, 'carol', 'Carol Diaz')
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': ({ url }) => {
        const q = new URL(url, 'http://localhost').searchParams.get('q')
        const all = [bob, carol]
        const shown = q
          ? all.filter((c) => c.otherUser.fullName!.toLowerCase().includes(q.toLowerCase()))
          : all
        return { body: { conversations: shown, nextCursor: null } }
      },
    })
    const { user } = renderApp('/messages', { user: me })
    const list = await screen.findByRole('list', { name: 'Conversations' })
    expect(within(list).getAllByRole('link')).toHaveLength(2)

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'carol')
    // A slow typist's "car" already narrows the list: wait for the search of the whole word.
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/conversations?q=carol'),
    )
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1))
    expect(within(list).getByRole('link', { name: /^Carol Diaz .*, 1 unread$/ })).toBeInTheDocument()

    await user.clear(screen.getByRole('searchbox', { name: 'Search conversations' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'zed')
    expect(await screen.findByText('No conversations match “zed”.')).toBeInTheDocument()
  })

  it('starts a conversation with a connection picked in the New message dialog', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [], nextCursor: null } },
      'GET /api/connections/1': {
        body: {
          connections: [connection(2, 'bob', 'Bob Stone', 'Engineer'), connection(3, 'carol', 'Carol Diaz')],
        },
      },
      'GET /api/conversations/with/3': {
        body: {
          otherUser: { id: 3, username: 'carol', fullName: 'Carol Diaz', profilePicture: null },
          conversation: null,
          canMessage: true,
        },
      },
    })
    const { user } = renderApp('/messages', { user: me })
    await user.click(await screen.findByRole('button', { name: 'New message' }))
    const dialog = await screen.findByRole('dialog', { name: 'New message' })
    const people = await within(dialog).findByRole('list', { name: 'Your connections' })
    expect(within(people).getByText('@bob · Engineer')).toBeInTheDocument()

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search your connections' }), 'CAR')
    expect(within(people).queryByText('Bob Stone')).not.toBeInTheDocument()
    await user.click(within(people).getByRole('button', { name: /Carol Diaz/ }))

    await waitFor(() => expect(location()).toBe('/messages?to=3'))
    expect(screen.queryByRole('dialog', { name: 'New message' })).not.toBeInTheDocument()
    expect(await screen.findByLabelText('Message to Carol Diaz')).toBeInTheDocument()
  })

  it('offers Discover when the member has no connections yet', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [], nextCursor: null } },
      'GET /api/connections/1': { body: { connections: [] } },
    })
    const { user } = renderApp('/messages', { user: me })
    await user.click(await screen.findByRole('button', { name: 'New message' }))
    const dialog = await screen.findByRole('dialog', { name: 'New message' })
    expect(await within(dialog).findByText('No connections yet')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Discover Users' })).toHaveAttribute('href', '/discover')
  })
})
