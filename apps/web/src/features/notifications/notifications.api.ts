import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type { TNotificationList, TReadAllResult } from '@vouched/shared/notifications'
import { api } from '../../lib/api-client'

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
}

export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: () => api.get<TNotificationList>('/api/notifications'),
  })

/** Every change refetches the list (SPEC.md §7). */
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
