import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { THideResult, TReputation } from '@vouched/shared/reputation'
import { api } from '../../lib/api-client'

export const reputationKeys = {
  mine: ['reputation', 'me'] as const,
}

export const reputationQuery = () =>
  queryOptions({
    queryKey: reputationKeys.mine,
    queryFn: () => api.get<TReputation>('/api/reputation/me'),
    staleTime: 0,
  })

/** Hiding or showing moves the score, category cards, tags and lists: every cached view refreshes. */
export function useSetHidden() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) =>
      api.post<THideResult>(`/api/vouches/${id}/${hidden ? 'hide' : 'show'}`),
    onSettled: () => queryClient.invalidateQueries(),
  })
}
