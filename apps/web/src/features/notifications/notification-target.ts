import { CONNECTION_NOTICES } from '@vouched/shared/connections.constants'
import type { TNotification } from '@vouched/shared/notifications'

/**
 * Where a notification leads: the endorsement it is about (with its comments) for endorsements,
 * likes and comments; the request on My Network's Pending tab for a connection request; the new
 * connection's profile for an acceptance; the conversation for a message; home for an announcement;
 * the request list for a request to vouch.
 * `ownUsername` serves an old notification without an endorsement id: the member's own profile.
 */
export function notificationTarget(notification: TNotification, ownUsername: string | undefined) {
  switch (notification.type) {
    case 'endorsement':
    case 'like':
    case 'comment': {
      if (notification.entityId != null) return `/vouches/${notification.entityId}`
      const username = notification.fromUsername ?? ownUsername
      return username ? `/profile/${encodeURIComponent(username)}` : null
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
    default:
      return null
  }
}
