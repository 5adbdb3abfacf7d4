import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import type {
  TPopularHashtag,
  TSearchSort,
  TSearchSuggestions,
  TSearchType,
  TUserCard,
} from '@vouched/shared/discovery'
import { api } from '../../lib/api-client'

/** What a search asks the server: `type` absent searches names and hashtags together. */
export type SearchParams = { q: string; type?: TSearchType; sort: TSearchSort }

export const discoveryKeys = {
  all: ['discovery'] as const,
  popularMembers: (limit?: number) => ['discovery', 'popular-members', limit ?? 'default'] as const,
  popularHashtags: (limit?: number) => ['discovery', 'popular-hashtags', limit ?? 'default'] as const,
  search: (params: SearchParams) =>
    ['discovery', 'search', params.q, params.type ?? 'all', params.sort] as const,
  suggest: (q: string) => ['discovery', 'suggest', q.trim().toLowerCase()] as const,
}

/** Popular members (highest reputation first); the home grid asks without a limit, discover with 12. */
export const popularMembersQuery = (limit?: number) =>
  queryOptions({
    queryKey: discoveryKeys.popularMembers(limit),
    queryFn: () =>
      api.get<TUserCard[]>(`/api/users/discover/popular${limit === undefined ? '' : `?limit=${limit}`}`),
  })

export const popularHashtagsQuery = (limit?: number) =>
  queryOptions({
    queryKey: discoveryKeys.popularHashtags(limit),
    queryFn: () =>
      api.get<TPopularHashtag[]>(`/api/hashtags/popular${limit === undefined ? '' : `?limit=${limit}`}`),
  })

export const searchUrl = ({ q, type, sort }: SearchParams) => {
  const params = new URLSearchParams({ q })
  if (type) params.set('type', type)
  params.set('sort', sort)
  return `/api/search?${params.toString()}`
}

export const searchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: discoveryKeys.search(params),
    queryFn: () => api.get<TUserCard[]>(searchUrl(params)),
  })

/**
 * What the search box suggests for a partly typed text. The previous answer stays on screen while the
 * next one loads, so the list does not flicker between keys.
 */
export const suggestQuery = (q: string) =>
  queryOptions({
    queryKey: discoveryKeys.suggest(q),
    queryFn: ({ signal }) =>
      api.get<TSearchSuggestions>(`/api/search/suggest?${new URLSearchParams({ q: q.trim() })}`, {
        signal,
      }),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

/** Scores and tags move when someone endorses: refetch what discovery shows. */
export function useRefreshDiscovery() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: discoveryKeys.all })
}
