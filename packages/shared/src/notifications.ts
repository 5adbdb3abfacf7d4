import { z } from 'zod'

export const NOTIFICATION_TYPES = [
  'endorsement',
  'like',
  'comment',
  'connection',
  'message',
  'announcement',
] as const
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number]

/** The list answers the newest notifications only; unreadCount counts all of them. */
export const NOTIFICATIONS_LIST_MAX = 50
/** Opening the dropdown with unread items marks them all read after this delay (SPEC.md §4, §9). */
export const NOTIFICATION_AUTO_READ_MS = 3_000

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const

/** The read shape of SPEC.md §3; the from* fields are null when the sender is hidden (anonymous endorsement). */
export const ZNotification = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  entityId: z.number().int().nullable(),
  fromUserId: z.number().int().nullable(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  fromUsername: z.string().nullable(),
  fromFullName: z.string().nullable(),
  fromProfilePicture: z.string().nullable(),
})
export type TNotification = z.infer<typeof ZNotification>

export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
})
export type TNotificationList = z.infer<typeof ZNotificationList>

export const ZNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_LIST_MAX).default(NOTIFICATIONS_LIST_MAX),
})

export const ZReadAllResult = z.object({ success: z.literal(true), updated: z.number().int() })
export type TReadAllResult = z.infer<typeof ZReadAllResult>
