import { screen, within } from '@testing-library/react'
import type { TConversationListItem, TMessage } from '@vouched/shared/messaging'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { ConversationList } from './conversation-list'
import { MessageThread } from './message-thread'

const me = { id: 1, username: 'alice', fullName: 'Alice Martin', profilePicture: null }
const bob = { id: 2, username: 'bob', fullName: 'Bob Stone', profilePicture: null }
// A Monday, at noon UTC: the same day in every time zone the tests run in.
const at = '2026-01-05T12:00:00.000Z'

const conversation: TConversationListItem = {
  id: 11,
  user: me,
  otherUser: bob,
  lastMessage: { content: 'Danke!', senderId: 1, createdAt: at, status: 'read' },
  unreadCount: 0,
  messageCount: 2,
  lastMessageAt: at,
  createdAt: at,
}

const message = (overrides: Partial<TMessage>): TMessage => ({
  id: 1,
  conversationId: 11,
  senderId: 2,
  recipientId: 1,
  content: 'Hallo Alice',
  status: 'read',
  createdAt: at,
  senderUsername: 'bob',
  senderFullName: 'Bob Stone',
  senderProfilePicture: null,
  ...overrides,
})

describe('messaging in German', () => {
  it('names the list, the thread, the statuses and the day in German', async () => {
    await changeLocale('de')
    mockApi({
      'GET /api/conversations': { body: { conversations: [conversation], nextCursor: null } },
      'GET /api/conversations/11': { body: conversation },
      'GET /api/conversations/11/messages': {
        body: {
          messages: [message({}), message({ id: 2, senderId: 1, recipientId: 2, content: 'Danke!' })],
          nextCursor: null,
        },
      },
    })
    renderWithProviders(
      <>
        <ConversationList />
        <MessageThread conversationId={11} />
      </>,
      { user: makeUser() },
    )
    expect(screen.getByRole('searchbox', { name: 'Unterhaltungen durchsuchen' })).toHaveAttribute(
      'placeholder',
      'Name suchen',
    )
    const list = await screen.findByRole('list', { name: 'Unterhaltungen' })
    expect(within(list).getByText('Du: Danke!')).toBeInTheDocument()
    const messages = await screen.findByRole('list', { name: 'Nachrichten' })
    expect(within(messages).getByText('Montag, 5. Jan. 2026')).toBeInTheDocument()
    expect(within(messages).getByText('Du:')).toBeInTheDocument()
    expect(within(messages).getByText('Gelesen')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Nachricht an Bob Stone' })).toHaveAttribute(
      'placeholder',
      'Schreib Bob Stone …',
    )
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeInTheDocument()
  })
})
