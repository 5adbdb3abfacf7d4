import { CONNECTION_NOTICES } from './connections.constants'

export const NOTIFICATION_TYPES = [
  'endorsement',
  'like',
  'comment',
  'connection',
  'message',
  'announcement',
  'endorsement-request',
  'follow-request',
  'remote-vouch',
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

/**
 * The text of each notification the server writes, stored in English as written (the web reads
 * `CONNECTION_NOTICES` in it); readers see it in their language through `localizeMessage`
 * (decision 153).
 */
export const NOTIFICATION_TEXTS = {
  endorsed: (name: string, category: string) => `${name} endorsed you for ${category}`,
  endorsedAnonymously: (category: string) => `Someone endorsed you anonymously for ${category}`,
  likedReceived: (name: string) => `${name} liked an endorsement you received`,
  commentedReceived: (name: string) => `${name} commented on an endorsement you received`,
  likedGiven: (name: string, receiver: string) => `${name} liked your endorsement of ${receiver}`,
  commentedGiven: (name: string, receiver: string) => `${name} commented on your endorsement of ${receiver}`,
  aMember: 'a member',
  connectionRequested: (name: string) => `${name} ${CONNECTION_NOTICES.requested}`,
  connectionAccepted: (name: string) => `${name} ${CONNECTION_NOTICES.accepted}`,
  /** `hashtags` as the notice lists them: "#a, #b". */
  vouchRequested: (name: string, hashtags: string) => `${name} asked you to vouch for ${hashtags}`,
  newMessage: 'You have a new message',
  followRequested: (handle: string) => `${handle} asked to follow you on the fediverse`,
  remoteVouched: (handle: string, category: string) =>
    `${handle} vouched for you in ${category} from another Vouched server`,
} as const
