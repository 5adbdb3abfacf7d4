import { QueryClient } from '@tanstack/react-query'

/**
 * SPEC.md §7: no refetch on window focus, no polling, data never stale, no retries.
 * Queries that poll or retry (pending requests, connections) opt in on their own.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
