import { infiniteQueryOptions } from '@tanstack/react-query'
import type { TFediverseFeed } from '@vouched/shared/fediverse-following'
import { api } from '../../lib/api-client'

/** Under the `fediverse` key, which following or unfollowing an account (discovery) invalidates. */
export const fediverseFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: ['fediverse', 'feed'] as const,
    queryFn: ({ pageParam }) =>
      api.get<TFediverseFeed>(
        `/api/federation/feed${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
