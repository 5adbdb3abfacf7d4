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

/** The unread badge caps at '9+' (SPEC.md §9). */
export const badgeCount = (count: number) => (count > 9 ? '9+' : String(count))
