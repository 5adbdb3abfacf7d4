import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type {
  TBlockedAccount,
  TBlockedAccountList,
  TFollower,
  TFollowerList,
} from '@vouched/shared/federation-followers'
import type { TFollowing } from '@vouched/shared/fediverse-following'
import { api } from '../../lib/api-client'

export const fediverseKeys = {
  all: ['fediverse'] as const,
  followers: ['fediverse', 'followers'] as const,
  blocked: ['fediverse', 'blocked-accounts'] as const,
  following: ['fediverse', 'following'] as const,
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

/** The fediverse accounts the member follows or asked to follow, newest first. */
export const followingQuery = () =>
  queryOptions({
    queryKey: fediverseKeys.following,
    queryFn: () => api.get<{ following: TFollowing[] }>('/api/federation/following'),
  })

/**
 * Unfollows an account, or cancels a request: its server is told (Undo). Every fediverse query is read
 * again, the search box's lookups included, so no panel still shows "Unfollow".
 */
export function useUnfollowAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<TOk>(`/api/federation/following/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fediverseKeys.all }),
  })
}
