import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type { TNotificationList, TReadAllResult } from '@vouched/shared/notifications'
import { NOTIFICATIONS_PAGE_SIZE, type TNotificationFilter } from '@vouched/shared/notifications.constants'
import { api } from '../../lib/api-client'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  page: (filter: TNotificationFilter) => ['notifications', 'page', filter] as const,
}

/** The top bar's list: the newest ones (the server's default of 50). */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: () => api.get<TNotificationList>('/api/notifications'),
  })

const pageUrl = (filter: TNotificationFilter, cursor: string | null) => {
  const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) })
  if (filter !== 'all') params.set('type', filter)
  if (cursor) params.set('cursor', cursor)
  return `/api/notifications?${params.toString()}`
}

/** The Notifications page: one type (or all), page after page as the reader scrolls. */
export const notificationsPageQuery = (filter: TNotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.page(filter),
    queryFn: ({ pageParam }) => api.get<TNotificationList>(pageUrl(filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

/** Every change refetches the lists (SPEC.md §7), the top bar's and the page's. */
function useNotificationMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

export const useMarkNotificationRead = () =>
  useNotificationMutation((id: number) => api.post<TOk>(`/api/notifications/${id}/read`))

export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(() => api.post<TReadAllResult>('/api/notifications/read-all'))

export const useDeleteNotification = () =>
  useNotificationMutation((id: number) => api.delete<TOk>(`/api/notifications/${id}`))
