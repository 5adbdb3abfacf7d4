import type { QueryClient } from '@tanstack/react-query'
import { settingsQuery } from '../features/account/account.api'
import { pendingRequestsQuery } from '../features/connections/connections.api'
import { unreadCountQuery } from '../features/messaging/messaging.api'
import { notificationsQuery } from '../features/notifications/notifications.api'

/**
 * The signed-in top bar's requests (its counts, notifications and the member's settings); the bar asks for the same ones
 * itself. Part of the entry, so on a first load they start as soon as a member is known (router.tsx),
 * beside the bar's chunk rather than once it has arrived and rendered.
 */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(notificationsQuery())
  void queryClient.prefetchQuery(unreadCountQuery())
  void queryClient.prefetchQuery(pendingRequestsQuery())
  // The member's colour scheme and language (useMemberColorScheme, useMemberLocale), when they differ from the device's.
  void queryClient.prefetchQuery(settingsQuery())
}
