import { z } from 'zod'
import { NOTIFICATION_TYPES, NOTIFICATIONS_LIST_MAX } from './notifications.constants'

export * from './notifications.constants'

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
