import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import { profileQuery } from '../../features/profiles/profiles.api'

/** The profile page's request (PageData in router.tsx). */
export function prefetch(queryClient: QueryClient, { username }: Params) {
  if (username) void queryClient.prefetchQuery(profileQuery(username))
}
