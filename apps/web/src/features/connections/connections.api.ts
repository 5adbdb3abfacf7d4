import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  TConnection,
  TConnectionCheck,
  TConnectionRequestList,
  TConnectionRequestResult,
  TSendConnectionRequestBody,
} from '@vouched/shared/connections'
import { PENDING_POLL_MS } from '@vouched/shared/connections.constants'
import type { TOk } from '@vouched/shared/errors'
import { api } from '../../lib/api-client'

export const connectionKeys = {
  all: ['connections'] as const,
  pending: ['connections', 'pending'] as const,
  sent: ['connections', 'sent'] as const,
  lists: ['connections', 'list'] as const,
  list: (userId: number) => ['connections', 'list', userId] as const,
  checks: ['connections', 'check'] as const,
  check: (userId: number) => ['connections', 'check', userId] as const,
}

/** Profiles show the Connect button and counts: SPEC.md §4 invalidates them when a request is accepted. */
const PROFILE_KEY = ['profiles'] as const

/** Pending requests for the top bar; polled every 30 s only when the live stream is down. */
export const pendingRequestsQuery = (poll = false) =>
  queryOptions({
    queryKey: connectionKeys.pending,
    queryFn: () => api.get<TConnectionRequestList>('/api/connection-requests/pending'),
    refetchInterval: poll ? PENDING_POLL_MS : false,
  })

export const sentRequestsQuery = () =>
  queryOptions({
    queryKey: connectionKeys.sent,
    queryFn: () => api.get<TConnectionRequestList>('/api/connection-requests/sent'),
  })

/**
 * SPEC.md §7 tolerates `{connections}`, a bare array or `{data}`; anything else is an invalid format,
 * which (like a failed status) is retried once after 1 second.
 */
export function parseConnections(body: unknown): TConnection[] {
  if (Array.isArray(body)) return body as TConnection[]
  if (body && typeof body === 'object') {
    const { connections, data } = body as { connections?: unknown; data?: unknown }
    if (Array.isArray(connections)) return connections as TConnection[]
    if (Array.isArray(data)) return data as TConnection[]
  }
  throw new Error('Invalid response format')
}

export const CONNECTIONS_RETRY = 1
export const CONNECTIONS_RETRY_DELAY_MS = 1000

export const connectionsQuery = (userId: number) =>
  queryOptions({
    queryKey: connectionKeys.list(userId),
    queryFn: async () => parseConnections(await api.get<unknown>(`/api/connections/${userId}`)),
    retry: CONNECTIONS_RETRY,
    retryDelay: CONNECTIONS_RETRY_DELAY_MS,
  })

export const connectionCheckQuery = (userId: number) =>
  queryOptions({
    queryKey: connectionKeys.check(userId),
    queryFn: () => api.get<TConnectionCheck>(`/api/connections/${userId}?checkConnection=true`),
  })

/** After any change to a link between two members, every view of it refreshes. */
export function invalidateConnections(queryClient: QueryClient, { profiles = false } = {}) {
  const all = [queryClient.invalidateQueries({ queryKey: connectionKeys.all })]
  if (profiles) all.push(queryClient.invalidateQueries({ queryKey: PROFILE_KEY }))
  return Promise.all(all)
}

export function useSendConnectionRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, message }: { userId: number } & NonNullable<TSendConnectionRequestBody>) =>
      api.post<TConnectionRequestResult>(`/api/connection-requests/${userId}`, message ? { message } : {}),
    onSettled: () => invalidateConnections(queryClient),
  })
}

export function useAcceptConnectionRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requestId: number) =>
      api.post<TConnectionRequestResult>(`/api/connection-requests/${requestId}/accept`),
    onSettled: () => invalidateConnections(queryClient, { profiles: true }),
  })
}

export function useRejectConnectionRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requestId: number) =>
      api.post<TConnectionRequestResult>(`/api/connection-requests/${requestId}/reject`),
    onSettled: () => invalidateConnections(queryClient),
  })
}

export function useCancelConnectionRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (requestId: number) => api.delete<TOk>(`/api/connection-requests/${requestId}`),
    onSettled: () => invalidateConnections(queryClient),
  })
}

export function useRemoveConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: number) => api.delete<TOk>(`/api/connections/${userId}`),
    onSettled: () => invalidateConnections(queryClient, { profiles: true }),
  })
}
