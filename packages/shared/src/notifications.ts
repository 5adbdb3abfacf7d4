import { z } from 'zod'
import {
  NOTIFICATION_FILTER_ALL,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_LIST_MAX,
} from './notifications.constants'

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

/**
 * SPEC.md §3's list shape plus `nextCursor`, which continues the list (null on the last page).
 * `unreadCount` counts every unread notification, whatever type the page was filtered by.
 */
export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
})

export type TNotificationList = z.infer<typeof ZNotificationList>

/** `type` left empty or `all` means every type (as discovery's `type=`). */
export const ZNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_LIST_MAX).default(NOTIFICATIONS_LIST_MAX),
  cursor: z.string().min(1).max(200).optional(),
  type: z
    .enum([...NOTIFICATION_TYPES, NOTIFICATION_FILTER_ALL, ''])
    .optional()
    .transform((type) => (type === '' || type === NOTIFICATION_FILTER_ALL ? undefined : type)),
})

export type TNotificationsQuery = z.input<typeof ZNotificationsQuery>

export const ZReadAllResult = z.object({ success: z.literal(true), updated: z.number().int() })

export type TReadAllResult = z.infer<typeof ZReadAllResult>
