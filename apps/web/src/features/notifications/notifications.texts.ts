import type { TNotificationType } from '@vouched/shared/notifications.constants'

/** The texts of SPEC.md §2 and §8 for notifications, verbatim. */
export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  markAllRead: 'Mark all read',
  loading: 'Loading notifications...',
  loadError: 'Failed to load notifications',
  empty: 'No notifications',
  allMarkedRead: 'All notifications marked as read',
  errorTitle: 'Error',
  markReadError: 'Failed to mark notification as read',
  markAllReadError: 'Failed to mark all notifications as read',
  deleteError: 'Failed to delete notification',
} as const

/** Words of this product beyond the spec: the page, its filters and what to do when it is empty. */
export const NOTIFICATION_PAGE_TEXTS = {
  seeAll: 'See all notifications',
  pageIntro: 'Endorsements, likes, comments and connection requests, newest first.',
  filtersLabel: 'Show',
  loadMore: 'Load more',
  loadingMore: 'Loading more...',
  end: 'You are all caught up.',
  emptyAction: 'Find people to endorse',
  emptyHint: 'Endorse someone or connect with colleagues: their answers will show up here.',
  emptyFiltered: (label: string) => `No ${label.toLowerCase()} yet.`,
} as const

export const NOTIFICATION_TYPE_LABELS: Record<TNotificationType, string> = {
  endorsement: 'Endorsement',
  like: 'Like',
  comment: 'Comment',
  connection: 'Connection',
  message: 'Message',
  announcement: 'Announcement',
  'endorsement-request': 'Vouch request',
}
