import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TAnnouncement, TCreateAnnouncementBody } from '@vouched/shared/announcements'
import { HOME_UNPINNED_ANNOUNCEMENTS } from '@vouched/shared/announcements.constants'
import type { TOk } from '@vouched/shared/errors'
import { api } from '../../lib/api-client'

export const announcementKeys = {
  all: ['announcements'] as const,
  /** Every announcement, pinned first then newest (the admin list). */
  list: ['announcements', 'list'] as const,
  /** Pinned ones plus the newest unpinned few (the home page). */
  home: ['announcements', 'home'] as const,
}

export const announcementsQuery = () =>
  queryOptions({
    queryKey: announcementKeys.list,
    queryFn: () => api.get<TAnnouncement[]>('/api/announcements'),
  })

/** SPEC.md §2: every pinned announcement plus up to 3 unpinned ones. */
export const homeAnnouncementsQuery = () =>
  queryOptions({
    queryKey: announcementKeys.home,
    queryFn: async () => {
      const [pinned, latest] = await Promise.all([
        api.get<TAnnouncement[]>('/api/announcements/pinned'),
        api.get<TAnnouncement[]>(`/api/announcements?pinned=false&limit=${HOME_UNPINNED_ANNOUNCEMENTS}`),
      ])
      return [...pinned, ...latest]
    },
  })

function useAnnouncementMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  })
}

export const useCreateAnnouncement = () =>
  useAnnouncementMutation((body: TCreateAnnouncementBody) =>
    api.post<TAnnouncement>('/api/announcements', body),
  )

export const useSetAnnouncementPinned = () =>
  useAnnouncementMutation(({ id, pinned }: { id: number; pinned: boolean }) =>
    api.patch<TAnnouncement>(`/api/announcements/${id}`, { pinned }),
  )

export const useDeleteAnnouncement = () =>
  useAnnouncementMutation((id: number) => api.delete<TOk>(`/api/announcements/${id}`))
