import { z } from 'zod'
import {
  MESSAGE_MIN,
  MESSAGE_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATION_SEARCH_MAX,
  MESSAGE_STATUSES,
  MESSAGING_MESSAGES,
} from './messaging.constants'

export * from './messaging.constants'

export const ZMessageStatus = z.enum(MESSAGE_STATUSES)

export type TMessageStatus = z.infer<typeof ZMessageStatus>

export const ZSendMessageBody = z.object({
  recipientId: z.number().int().positive(),
  content: z
    .string()
    .trim()
    .min(MESSAGE_MIN, MESSAGING_MESSAGES.contentEmpty)
    .max(MESSAGE_MAX, MESSAGING_MESSAGES.contentMax),
})

export type TSendMessageInput = z.input<typeof ZSendMessageBody>

/** The composer's form: the same content rule as the API. */
export const ZMessageForm = ZSendMessageBody.pick({ content: true })

export type TMessageForm = z.input<typeof ZMessageForm>

export const ZConversationUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
})

export type TConversationUser = z.infer<typeof ZConversationUser>

export const ZLastMessage = z.object({
  content: z.string(),
  senderId: z.number().int(),
  createdAt: z.string(),
  status: ZMessageStatus,
})

/** SPEC.md §3 list shape (DECISIONS.md §5): `user` is the viewer, `otherUser` the other side. */
export const ZConversationListItem = z.object({
  id: z.number().int(),
  user: ZConversationUser,
  otherUser: ZConversationUser,
  lastMessage: ZLastMessage.nullable(),
  unreadCount: z.number().int(),
  messageCount: z.number().int(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
})

export type TConversationListItem = z.infer<typeof ZConversationListItem>

export const ZCursorQuery = (defaultLimit: number, maxLimit: number) =>
  z.object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  })

/**
 * `q` finds conversations by the other member's username or full name (case-insensitive substring), over
 * all of them, not only the pages already loaded.
 */
export const ZConversationsQuery = ZCursorQuery(CONVERSATIONS_PAGE_DEFAULT, CONVERSATIONS_PAGE_MAX).extend({
  q: z
    .string()
    .trim()
    .max(CONVERSATION_SEARCH_MAX, `Search text must be at most ${CONVERSATION_SEARCH_MAX} characters`)
    .optional()
    .transform((q) => q || undefined),
})

export type TConversationsQuery = z.input<typeof ZConversationsQuery>

export const ZConversationPage = z.object({
  conversations: z.array(ZConversationListItem),
  /** Pass back as `cursor` for older conversations; null when there are none. */
  nextCursor: z.string().nullable(),
})

export type TConversationPage = z.infer<typeof ZConversationPage>

/** SPEC.md §3 read shape of a message. */
export const ZMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  content: z.string(),
  status: ZMessageStatus,
  createdAt: z.string(),
  senderUsername: z.string(),
  senderFullName: z.string().nullable(),
  senderProfilePicture: z.string().nullable(),
})

export type TMessage = z.infer<typeof ZMessage>

export const ZMessagesQuery = ZCursorQuery(MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX)

export type TMessagesQuery = z.input<typeof ZMessagesQuery>

export const ZMessagePage = z.object({
  /** Oldest first, so a thread renders top to bottom. */
  messages: z.array(ZMessage),
  /** Pass back as `cursor` for the older page; null at the start of the conversation. */
  nextCursor: z.string().nullable(),
})

export type TMessagePage = z.infer<typeof ZMessagePage>

export const ZUnreadCount = z.object({ unreadCount: z.number().int() })

export type TUnreadCount = z.infer<typeof ZUnreadCount>

export const ZUserIdParams = z.object({ userId: z.coerce.number().int().positive() })

/** Opening a thread with someone: their card, the conversation if one exists, and whether a message may be sent. */
export const ZConversationWith = z.object({
  otherUser: ZConversationUser,
  conversation: ZConversationListItem.nullable(),
  canMessage: z.boolean(),
})

export type TConversationWith = z.infer<typeof ZConversationWith>

export const ZStatusUpdate = z.object({ updated: z.number().int() })

export type TStatusUpdate = z.infer<typeof ZStatusUpdate>
