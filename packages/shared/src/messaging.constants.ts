export const MESSAGE_MIN = 1

export const MESSAGE_MAX = 2000

export const MESSAGES_PAGE_DEFAULT = 50

export const MESSAGES_PAGE_MAX = 100

export const CONVERSATIONS_PAGE_DEFAULT = 50

export const CONVERSATIONS_PAGE_MAX = 100

/** Longest text the conversation search takes. */
export const CONVERSATION_SEARCH_MAX = 100

/** The unread badge is polled this often while the live event stream is down (as the top bar's other counts). */
export const UNREAD_POLL_MS = 30_000

export const MESSAGE_STATUSES = ['sent', 'delivered', 'read'] as const

export const MESSAGING_MESSAGES = {
  contentEmpty: 'Please enter a message',
  contentMax: `Message must be at most ${MESSAGE_MAX} characters`,
  selfMessage: 'You cannot message yourself',
  notConnected: 'You can only message your connections',
  recipientNotFound: 'User not found',
  conversationNotFound: 'Conversation not found',
  loadConversationsFailed: 'Failed to load conversations',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: 'Failed to send message',
  noConversations: 'No conversations yet',
  noMessages: 'No messages yet. Say hello!',
} as const
