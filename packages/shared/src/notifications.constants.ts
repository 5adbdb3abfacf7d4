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
