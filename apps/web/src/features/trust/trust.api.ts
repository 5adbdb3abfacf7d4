import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  TAddTrustSeedBody,
  TTrust,
  TTrustRecompute,
  TTrustSeed,
  TTrustSeeds,
} from '@vouched/shared/trust'
import { api } from '../../lib/api-client'

export const trustKeys = {
  all: ['trust'] as const,
  member: (username: string) => ['trust', 'member', username.toLowerCase()] as const,
  seeds: ['trust', 'seeds'] as const,
}

export const trustQuery = (username: string) =>
  queryOptions({
    queryKey: trustKeys.member(username),
    queryFn: () => api.get<TTrust>(`/api/trust/${encodeURIComponent(username)}`),
    // Recomputed in the background: a profile opened again a minute later may show newer numbers.
    staleTime: 60_000,
  })

export const trustSeedsQuery = () =>
  queryOptions({
    queryKey: trustKeys.seeds,
    queryFn: () => api.get<TTrustSeeds>('/api/admin/trust/seeds'),
  })

export function useAddTrustSeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TAddTrustSeedBody) => api.post<TTrustSeed>('/api/admin/trust/seeds', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustKeys.all }),
  })
}

export function useRemoveTrustSeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/admin/trust/seeds/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustKeys.all }),
  })
}

export function useRecomputeTrust() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<TTrustRecompute>('/api/admin/trust/recompute'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustKeys.all }),
  })
}
