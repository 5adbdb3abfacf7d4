export const CONNECTION_MESSAGE_MAX = 500

/** A declined sender may ask the same member again after this many days. */
export const CONNECTION_RETRY_DAYS = 30

/** The top bar refreshes pending requests this often while the live event stream is down (SPEC.md §9). */
export const PENDING_POLL_MS = 30_000

export const CONNECTION_MESSAGES = {
  messageMax: 'Message must be less than 500 characters',
  self: 'You cannot send a connection request to yourself',
  userNotFound: 'User not found',
  requestNotFound: 'Connection request not found',
  connectionNotFound: 'You are not connected with this member',
  alreadyPending: 'You have already sent a connection request to this member',
  reversePending:
    'This member has already sent you a connection request. Accept it from your pending requests.',
  alreadyConnected: 'You are already connected with this member',
  notPending: 'This connection request is no longer pending',
  onlyRecipient: 'Only the recipient can answer this connection request',
  onlySender: 'Only the sender can cancel this connection request',
  retryAfter: (date: string) =>
    `This member rejected your previous request. You can send a new connection request after ${date}.`,
} as const

/**
 * The end of each connection notification's text after the sender's name: the web opens the request
 * (Pending tab) for the first and the new connection's profile for the second.
 */
export const CONNECTION_NOTICES = {
  requested: 'sent you a connection request',
  accepted: 'accepted your connection request',
} as const

export const CONNECTION_REQUEST_STATUSES = ['pending', 'accepted', 'rejected'] as const

/** A member's connections are bounded per answer so one read stays cheap. */
export const CONNECTIONS_LIST_MAX = 1000

export const CONNECTION_STATUSES = ['none', 'pending-sent', 'pending-received', 'connected'] as const

export type TConnectionStatus = (typeof CONNECTION_STATUSES)[number]
