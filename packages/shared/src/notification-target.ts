import { CONNECTION_NOTICES } from './connections.constants'
import type { TNotificationType } from './notifications.constants'

/** What a notification's link is made from: the fields the list and a push both have. */
export type TNotificationLinkFields = {
  type: TNotificationType
  entityId: number | null
  fromUserId: number | null
  fromUsername: string | null
  message: string
}

/**
 * Where a notification leads, in the web app and from a push: the endorsement it is about (with its
 * comments) for endorsements, likes and comments; the request on My Network's Pending tab for a
 * connection request; the new connection's profile for an acceptance; the conversation for a message;
 * home for an announcement; the request list for a request to vouch; the followers in Settings for a
 * fediverse follow request; the member's own profile, where they accept or decline it, for a vouch
 * from another Vouched server. `ownUsername` is the recipient's: it also serves an old notification
 * without an endorsement id. Null when there is nowhere to go.
 */
export function notificationTarget(notification: TNotificationLinkFields, ownUsername: string | undefined) {
  const own = ownUsername ? `/profile/${encodeURIComponent(ownUsername)}` : null
  switch (notification.type) {
    case 'endorsement':
    case 'like':
    case 'comment': {
      if (notification.entityId != null) return `/vouches/${notification.entityId}`
      return notification.fromUsername ? `/profile/${encodeURIComponent(notification.fromUsername)}` : own
    }
    case 'connection':
      return notification.message.endsWith(CONNECTION_NOTICES.accepted) && notification.fromUsername
        ? `/profile/${encodeURIComponent(notification.fromUsername)}`
        : '/connections?tab=pending'
    case 'message':
      return notification.fromUserId != null ? `/messages?to=${notification.fromUserId}` : '/messages'
    case 'announcement':
      return '/'
    case 'endorsement-request':
      return '/endorsement-requests'
    case 'follow-request':
      return '/settings#fediverse-followers'
    case 'remote-vouch':
      return own
  }
}
