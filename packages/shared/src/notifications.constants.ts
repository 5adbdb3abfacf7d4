export const NOTIFICATION_TYPES = [
  'endorsement',
  'like',
  'comment',
  'connection',
  'message',
  'announcement',
  'endorsement-request',
] as const

export type TNotificationType = (typeof NOTIFICATION_TYPES)[number]

/** The list answers the newest notifications only; unreadCount counts all of them. */
export const NOTIFICATIONS_LIST_MAX = 50

/** One page of the Notifications page's infinite list. */
export const NOTIFICATIONS_PAGE_SIZE = 20

/** `type=all` (or no type) lists every type. */
export const NOTIFICATION_FILTER_ALL = 'all'

export type TNotificationFilter = TNotificationType | typeof NOTIFICATION_FILTER_ALL

/** The Notifications page's filters, in the order they show; the types the app creates. */
export const NOTIFICATION_FILTERS: { value: TNotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'endorsement', label: 'Endorsements' },
  { value: 'like', label: 'Likes' },
  { value: 'comment', label: 'Comments' },
  { value: 'connection', label: 'Connections' },
  { value: 'endorsement-request', label: 'Vouch requests' },
]

/** Opening the dropdown with unread items marks them all read after this delay (SPEC.md §4, §9). */
export const NOTIFICATION_AUTO_READ_MS = 3_000

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  invalidCursor: 'This page cursor is not valid',
} as const
