import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type {
  TBlockedAccount,
  TBlockedAccountList,
  TFollower,
  TFollowerList,
} from '@vouched/shared/federation-followers'
import { api } from '../../lib/api-client'

export const fediverseKeys = {
  followers: ['fediverse', 'followers'] as const,
  blocked: ['fediverse', 'blocked-accounts'] as const,
}

const page = (cursor: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '')

/** The member's followers on the fediverse, requests waiting for approval first. */
export const followersQuery = () =>
  infiniteQueryOptions({
    queryKey: fediverseKeys.followers,
    queryFn: ({ pageParam }) => api.get<TFollowerList>(`/api/federation/followers${page(pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export const blockedAccountsQuery = () =>
  infiniteQueryOptions({
    queryKey: fediverseKeys.blocked,
    queryFn: ({ pageParam }) =>
      api.get<TBlockedAccountList>(`/api/federation/blocked-accounts${page(pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

/** Each change moves rows between the two lists: both are read again. */
function useFediverseChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fediverseKeys.followers }),
        queryClient.invalidateQueries({ queryKey: fediverseKeys.blocked }),
      ])
    },
  })
}

export const useApproveFollower = () =>
  useFediverseChange((id: number) => api.post<TFollower>(`/api/federation/followers/${id}/approve`))

/** Rejects a request or removes a follower: their server is told to drop the follow. */
export const useRemoveFollower = () =>
  useFediverseChange((id: number) => api.delete<TOk>(`/api/federation/followers/${id}`))

/** `actor`: `@name@server`, or the address of the account (a follower's actorUri). */
export const useBlockAccount = () =>
  useFediverseChange((actor: string) =>
    api.post<TBlockedAccount>('/api/federation/blocked-accounts', { actor }),
  )

export const useUnblockAccount = () =>
  useFediverseChange((id: number) => api.delete<TOk>(`/api/federation/blocked-accounts/${id}`))
