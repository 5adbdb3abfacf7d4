import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFollowing, TRemoteAccount } from '@vouched/shared/fediverse-following'
import { api } from '../../lib/api-client'

export const fediverseKeys = {
  lookup: (handle: string) => ['fediverse', 'lookup', handle.trim().toLowerCase()] as const,
}

/** A fediverse account by handle, as this server found it (GET /api/federation/lookup). */
export const remoteLookupQuery = (handle: string) =>
  queryOptions({
    queryKey: fediverseKeys.lookup(handle),
    queryFn: () =>
      api.get<TRemoteAccount>(`/api/federation/lookup?handle=${encodeURIComponent(handle.trim())}`),
    // A remote account that is not there stays not there for a while: no retry on 4xx/5xx answers.
    retry: false,
    // The server keeps the remote account a few minutes; only the member's follow state is read anew.
    staleTime: 5_000,
    // A request waits for the remote server's Accept: asked again until it is answered.
    refetchInterval: (query) => (query.state.data?.following === 'pending' ? 3_000 : false),
  })

/** Follow or unfollow a looked-up account; the lookup's `following` is updated from the answer. */
export function useFollowRemote(handle: string) {
  const queryClient = useQueryClient()
  const setFollowing = (following: TRemoteAccount['following']) =>
    queryClient.setQueryData<TRemoteAccount>(fediverseKeys.lookup(handle), (account) =>
      account ? { ...account, following } : account,
    )
  const follow = useMutation({
    mutationFn: (actorUri: string) => api.post<TFollowing>('/api/federation/following', { actorUri }),
    onSuccess: (row) => {
      setFollowing(row.state)
      void queryClient.invalidateQueries({ queryKey: ['fediverse'] })
    },
  })
  const unfollow = useMutation({
    mutationFn: async (actorUri: string) => {
      const { following } = await api.get<{ following: TFollowing[] }>('/api/federation/following')
      const row = following.find((item) => item.actorUri === actorUri)
      if (row) await api.delete(`/api/federation/following/${row.id}`)
    },
    onSuccess: () => {
      setFollowing('none')
      void queryClient.invalidateQueries({ queryKey: ['fediverse'] })
    },
  })
  return { follow, unfollow }
}
