import { screen, waitFor, within } from '@testing-library/react'
import { LIVE_EVENT_DOM_EVENT } from '@vouched/shared/events.constants'
import type { TConversationListItem, TMessage, TMessagePage } from '@vouched/shared/messaging'
import { MESSAGING_MESSAGES } from '@vouched/shared/messaging.constants'
import { REPORT_MESSAGES } from '@vouched/shared/reports.constants'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const me = makeUser({ id: 1, username: 'alice', fullName: 'Alice Martin' })
const bob = { id: 2, username: 'bob', fullName: 'Bob Stone', profilePicture: null }
const carol = { id: 3, username: 'carol', fullName: 'Carol Diaz', profilePicture: null }
const meCard = { id: 1, username: 'alice', fullName: 'Alice Martin', profilePicture: null }
const now = new Date().toISOString()

const conversation = (overrides: Partial<TConversationListItem> = {}): TConversationListItem => ({
  id: 11,
  user: meCard,
  otherUser: bob,
  lastMessage: { content: 'See you tomorrow', senderId: 2, createdAt: now, status: 'delivered' },
  unreadCount: 2,
  messageCount: 3,
  lastMessageAt: now,
  createdAt: now,
  ...overrides,
})

const message = (overrides: Partial<TMessage> = {}): TMessage => ({
  id: 1,
  conversationId: 11,
  senderId: 2,
  recipientId: 1,
  content: 'Hello Alice',
  status: 'read',
  createdAt: now,
  senderUsername: 'bob',
  senderFullName: 'Bob Stone',
  senderProfilePicture: null,
  ...overrides,
})

const thread = (messages: TMessage[], nextCursor: string | null = null): { body: TMessagePage } => ({
  body: { messages, nextCursor },
})

const shell = {
  'GET /api/conversations/unread-count': { body: { unreadCount: 0 } },
  'GET /api/notifications': { body: { notifications: [], unreadCount: 0 } },
  'GET /api/connection-requests/pending': { body: { requests: [] } },
}

describe('/messages', () => {
  it('lists conversations with the last message and unread counts', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': {
        body: {
          conversations: [
            conversation(),
            conversation({
              id: 12,
              otherUser: carol,
              unreadCount: 0,
              lastMessage: { content: 'Thanks!', senderId: 1, createdAt: now, status: 'read' },
            }),
          ],
          nextCursor: null,
        },
      },
    })
    renderApp('/messages', { user: me })
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Conversations' })
    const bobRow = within(list).getByRole('link', { name: /^Bob Stone .*, 2 unread$/ })
    expect(bobRow).toHaveAttribute('href', '/messages/11')
    expect(within(bobRow).getByText('See you tomorrow')).toBeInTheDocument()
    expect(within(bobRow).getByText('2')).toBeInTheDocument()
    const carolRow = within(list).getByRole('link', { name: /^Carol Diaz / })
    expect(within(carolRow).getByText('You: Thanks!')).toBeInTheDocument()
    expect(within(carolRow).getByText('Read')).toBeInTheDocument()
    expect(screen.getByText('Select a conversation to read it.')).toBeInTheDocument()
  })

  it('loads more conversations through the cursor', async () => {
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': ({ url }) =>
        url.includes('cursor=')
          ? {
              body: {
                conversations: [conversation({ id: 12, otherUser: carol, unreadCount: 0 })],
                nextCursor: null,
              },
            }
          : { body: { conversations: [conversation()], nextCursor: '99_11' } },
    })
    const { user } = renderApp('/messages', { user: me })
    await user.click(await screen.findByRole('button', { name: 'Load more conversations' }))
    const list = screen.getByRole('list', { name: 'Conversations' })
    expect(await within(list).findByRole('link', { name: /^Carol Diaz / })).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: /^Bob Stone .*, 2 unread$/ })).toBeInTheDocument()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/conversations?cursor=99_11')
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).not.toBeInTheDocument()
  })

  it('says when there are no conversations, and when they cannot be loaded', async () => {
    mockApi({ ...shell, 'GET /api/conversations': { body: { conversations: [], nextCursor: null } } })
    const first = renderApp('/messages', { user: me })
    expect(await screen.findByText(MESSAGING_MESSAGES.noConversations)).toBeInTheDocument()
    first.unmount()
    mockApi({
      ...shell,
      'GET /api/conversations': { status: 500, body: { message: 'boom', code: 'INTERNAL' } },
    })
    renderApp('/messages', { user: me })
    expect(await screen.findByText(MESSAGING_MESSAGES.loadConversationsFailed)).toBeInTheDocument()
  })

  it('shows a thread oldest first with the status of my last message, and sends with Enter', async () => {
    let messages = [
      message({ id: 1, content: 'Hello Alice' }),
      message({
        id: 2,
        senderId: 1,
        recipientId: 2,
        senderUsername: 'alice',
        content: 'Hi Bob',
        status: 'read',
      }),
      message({
        id: 3,
        senderId: 1,
        recipientId: 2,
        senderUsername: 'alice',
        content: 'How are you?',
        status: 'delivered',
      }),
    ]
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': () => thread(messages),
      'POST /api/messages': ({ body }) => {
        const sent = message({
          id: 4,
          senderId: 1,
          recipientId: 2,
          senderUsername: 'alice',
          content: (body as { content: string }).content,
          status: 'sent',
        })
        messages = [...messages, sent]
        return { status: 201, body: sent }
      },
    })
    const { user } = renderApp('/messages/11', { user: me })
    expect(await screen.findByRole('heading', { level: 2, name: 'Bob Stone' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Messages' })
    expect(
      within(list)
        .getAllByTestId('message')
        .map((li) => li.querySelector('p')!.textContent),
    ).toEqual(['Hello Alice', 'Hi Bob', 'How are you?'])
    // Only my latest message spells its status out; the others carry an icon.
    expect(within(list).getByText('Delivered')).toBeVisible()
    expect(within(list).getByText('Read')).toHaveClass('sr-only')

    const box = screen.getByLabelText('Message to Bob Stone')
    await user.type(box, '  See you soon  {Enter}')
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Messages' })).getByText('See you soon'),
      ).toBeInTheDocument(),
    )
    const post = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/messages' && init?.method === 'POST',
    )!
    expect(JSON.parse(post[1]!.body as string)).toEqual({ recipientId: 2, content: 'See you soon' })
    expect(box).toHaveValue('')
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Sent')).toBeVisible()
  })

  it("marks the other side's messages read by a POST once the thread is on screen, never by the GET", async () => {
    let unread = 1
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations/unread-count': () => ({ body: { unreadCount: unread } }),
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': thread([message({ status: 'delivered' })]),
      'POST /api/conversations/11/read': () => {
        unread = 0
        return { body: { updated: 1 } }
      },
    })
    renderApp('/messages/11', { user: me })
    expect(await screen.findByText('Hello Alice')).toBeInTheDocument()
    const reads = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => url === '/api/conversations/11/read' && init?.method === 'POST',
      )
    await waitFor(() => expect(reads()).toHaveLength(1))
    // The badge hears of it: the unread count is fetched again and shows nothing.
    // Both at once: between the two, the top bar may be drawing the link again under load.
    await waitFor(() => {
      expect(screen.queryAllByRole('link', { name: /^Messages, \d+ unread$/ })).toHaveLength(0)
      expect(screen.getAllByRole('link', { name: 'Messages' }).length).toBeGreaterThan(0)
    })
  })

  it('does not post a read when everything shown is already read', async () => {
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': thread([message({ status: 'read' })]),
    })
    renderApp('/messages/11', { user: me })
    expect(await screen.findByText('Hello Alice')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/read'))).toBe(false)
  })

  it('refuses an empty message or one over 2000 characters without calling the server', async () => {
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': thread([message()]),
    })
    const { user } = renderApp('/messages/11', { user: me })
    const box = await screen.findByLabelText('Message to Bob Stone')
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled()
    await user.type(box, '   {Enter}')
    expect(await screen.findByText(MESSAGING_MESSAGES.contentEmpty)).toBeInTheDocument()
    await user.clear(box)
    await user.click(box)
    await user.paste('x'.repeat(2001))
    expect(screen.getByText('2001/2000')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText(MESSAGING_MESSAGES.contentMax)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/messages')).toBe(false)
  })

  it('toasts "Failed to send message" with the server message', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': thread([message()]),
      'POST /api/messages': {
        status: 403,
        body: { message: MESSAGING_MESSAGES.notConnected, code: 'NOT_CONNECTED' },
      },
    })
    const { user } = renderApp('/messages/11', { user: me })
    await user.type(await screen.findByLabelText('Message to Bob Stone'), 'Hello?{Enter}')
    expect(await screen.findByText(MESSAGING_MESSAGES.sendFailed)).toBeInTheDocument()
    expect(screen.getByText(MESSAGING_MESSAGES.notConnected)).toBeInTheDocument()
    expect(screen.getByLabelText('Message to Bob Stone')).toHaveValue('Hello?')
  })

  it('reports a received message (never my own) with a reason, and shows a refusal', async () => {
    const sent: unknown[] = []
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': thread([
        message({ id: 1, content: 'Buy my course' }),
        message({ id: 2, senderId: 1, recipientId: 2, senderUsername: 'alice', content: 'No thanks' }),
      ]),
      'POST /api/reports': ({ body }) => {
        sent.push(body)
        return sent.length === 1
          ? {
              status: 201,
              body: {
                id: 8,
                targetType: 'message',
                targetId: 1,
                reason: 'Spam',
                status: 'open',
                createdAt: now,
                resolvedAt: null,
              },
            }
          : { status: 404, body: { message: 'Message not found', code: 'NOT_FOUND' } }
      },
    })
    const { user } = renderApp('/messages/11', { user: me })
    const list = await screen.findByRole('list', { name: 'Messages' })
    const [theirs, mine] = within(list).getAllByTestId('message')
    expect(within(mine!).queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument()

    const report = within(theirs!).getByRole('button', { name: 'Report message from Bob Stone' })
    await user.click(report)
    let dialog = await screen.findByRole('dialog', { name: 'Report message from Bob Stone' })
    await user.type(await within(dialog).findByLabelText('Reason'), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText(REPORT_MESSAGES.sent)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toEqual([{ targetType: 'message', targetId: 1, reason: 'Spam' }])

    await user.click(report)
    dialog = await screen.findByRole('dialog', { name: 'Report message from Bob Stone' })
    await user.type(await within(dialog).findByLabelText('Reason'), 'Spam again')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText(REPORT_MESSAGES.sendFailed)).toBeInTheDocument()
    expect(screen.getByText('Message not found')).toBeInTheDocument()
    expect(sent[1]).toEqual({ targetType: 'message', targetId: 1, reason: 'Spam again' })
  })

  it('loads older messages through the cursor', async () => {
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': ({ url }) =>
        url.includes('cursor=')
          ? thread([message({ id: 1, content: 'The very first one' })])
          : thread([message({ id: 2, content: 'The latest one' })], '123_2'),
    })
    const { user } = renderApp('/messages/11', { user: me })
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }))
    const list = screen.getByRole('list', { name: 'Messages' })
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('message')
          .map((li) => li.querySelector('p')!.textContent),
      ).toEqual(['The very first one', 'The latest one']),
    )
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/conversations/11/messages?cursor=123_2',
    )
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument()
  })

  it('says "Conversation not found" for someone else\'s conversation and "Failed to load messages" on errors', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [], nextCursor: null } },
      'GET /api/conversations/99': {
        status: 404,
        body: { message: 'Conversation not found', code: 'NOT_FOUND' },
      },
      'GET /api/conversations/99/messages': {
        status: 404,
        body: { message: 'Conversation not found', code: 'NOT_FOUND' },
      },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': { status: 500, body: { message: 'boom', code: 'INTERNAL' } },
    })
    const first = renderApp('/messages/99', { user: me })
    expect(await screen.findByText(MESSAGING_MESSAGES.conversationNotFound)).toBeInTheDocument()
    first.unmount()
    renderApp('/messages/11', { user: me })
    expect(await screen.findByText(MESSAGING_MESSAGES.loadMessagesFailed)).toBeInTheDocument()
  })

  it('opens the existing thread for ?to= a member, or a new one whose first message opens it', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/with/2': {
        body: { otherUser: bob, conversation: conversation(), canMessage: true },
      },
      'GET /api/conversations/with/3': { body: { otherUser: carol, conversation: null, canMessage: true } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': thread([message()]),
      'GET /api/conversations/12': { body: conversation({ id: 12, otherUser: carol }) },
      'GET /api/conversations/12/messages': thread([
        message({
          id: 9,
          conversationId: 12,
          senderId: 1,
          recipientId: 3,
          content: 'Hi Carol',
          status: 'sent',
        }),
      ]),
      'POST /api/messages': {
        status: 201,
        body: message({
          id: 9,
          conversationId: 12,
          senderId: 1,
          recipientId: 3,
          content: 'Hi Carol',
          status: 'sent',
        }),
      },
    })
    const first = renderApp('/messages?to=2', { user: me })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages/11'))
    first.unmount()

    const { user } = renderApp('/messages?to=3', { user: me })
    expect(await screen.findByText(MESSAGING_MESSAGES.noMessages)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Message to Carol Diaz'), 'Hi Carol{Enter}')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages/12'))
    expect(
      await within(await screen.findByRole('list', { name: 'Messages' })).findByText('Hi Carol'),
    ).toBeInTheDocument()
  })

  it('tells that only connections can be messaged', async () => {
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [], nextCursor: null } },
      'GET /api/conversations/with/3': { body: { otherUser: carol, conversation: null, canMessage: false } },
    })
    renderApp('/messages?to=3', { user: me })
    expect(await screen.findByText(/You can only message your connections/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Message to Carol Diaz')).not.toBeInTheDocument()
  })

  it('on a live "message" event marks the conversation delivered and refreshes the open thread', async () => {
    let messages = [message()]
    const fetchMock = mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': () => thread(messages),
      'POST /api/conversations/11/delivered': { body: { updated: 1 } },
    })
    renderApp('/messages/11', { user: me })
    await screen.findByText('Hello Alice')
    messages = [...messages, message({ id: 2, content: 'Are you there?' })]
    window.dispatchEvent(new CustomEvent(LIVE_EVENT_DOM_EVENT, { detail: { type: 'message', entityId: 11 } }))
    expect(await screen.findByText('Are you there?')).toBeInTheDocument()
    const urls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)
    const delivered = urls.indexOf('POST /api/conversations/11/delivered')
    expect(delivered).toBeGreaterThan(-1)
    expect(urls.lastIndexOf('GET /api/conversations/11/messages')).toBeGreaterThan(delivered)
  })

  it('on a live "message-status" event refetches so my message shows Read', async () => {
    let status: TMessage['status'] = 'delivered'
    mockApi({
      ...shell,
      'GET /api/conversations': { body: { conversations: [conversation()], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation() },
      'GET /api/conversations/11/messages': () =>
        thread([message({ senderId: 1, recipientId: 2, senderUsername: 'alice', content: 'Ping', status })]),
    })
    renderApp('/messages/11', { user: me })
    const list = await screen.findByRole('list', { name: 'Messages' })
    expect(within(list).getByText('Delivered')).toBeInTheDocument()
    status = 'read'
    window.dispatchEvent(
      new CustomEvent(LIVE_EVENT_DOM_EVENT, { detail: { type: 'message-status', entityId: 11 } }),
    )
    expect(await within(list).findByText('Read')).toBeInTheDocument()
  })
})

describe('top bar messages link', () => {
  it('shows the unread count, capped at 9+', async () => {
    mockApi({ ...shell, 'GET /api/conversations/unread-count': { body: { unreadCount: 12 } } })
    renderApp('/settings', { user: me })
    const link = await screen.findByRole('link', { name: 'Messages, 9+ unread' })
    expect(link).toHaveAttribute('href', '/messages')
    expect(within(link).getByText('9+')).toBeInTheDocument()
  })
})
