import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TBlockList, TBlockResult } from '@vouched/shared/blocks'
import { api } from '../../lib/api-client'

export const blockKeys = {
  all: ['blocks'] as const,
}

export const blocksQuery = () =>
  queryOptions({
    queryKey: blockKeys.all,
    queryFn: () => api.get<TBlockList>('/api/blocks'),
    staleTime: 0,
  })

/**
 * A block changes connections, requests, notifications, profiles and discovery at once: every cached
 * query is refreshed afterwards, not only the blocks list.
 */
function useBlockChange(mutationFn: (userId: number) => Promise<TBlockResult>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries() })
}

export const useBlock = () => useBlockChange((userId) => api.post<TBlockResult>(`/api/blocks/${userId}`))
export const useUnblock = () => useBlockChange((userId) => api.delete<TBlockResult>(`/api/blocks/${userId}`))
