import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  TCreateRemoteVouchBody,
  TRemoteVouchesGiven,
  TRemoteVouchGiven,
  TRemoteVouchesReceived,
  TRemoteVouchReceived,
} from '@vouched/shared/remote-vouches'
import { api } from '../../lib/api-client'

export const remoteVouchKeys = {
  all: ['remote-vouches'] as const,
  given: ['remote-vouches', 'given'] as const,
  received: ['remote-vouches', 'received'] as const,
  ofMember: (username: string) => ['remote-vouches', 'member', username.toLowerCase()] as const,
}

export const givenRemoteVouchesQuery = () =>
  queryOptions({
    queryKey: remoteVouchKeys.given,
    queryFn: () => api.get<TRemoteVouchesGiven>('/api/federation/vouches/given'),
  })

export const receivedRemoteVouchesQuery = () =>
  queryOptions({
    queryKey: remoteVouchKeys.received,
    queryFn: () => api.get<TRemoteVouchesReceived>('/api/federation/vouches/received'),
  })

export const memberRemoteVouchesQuery = (username: string) =>
  queryOptions({
    queryKey: remoteVouchKeys.ofMember(username),
    queryFn: () =>
      api.get<TRemoteVouchesReceived>(`/api/federation/users/${encodeURIComponent(username)}/vouches`),
  })

export function useGiveRemoteVouch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TCreateRemoteVouchBody) =>
      api.post<TRemoteVouchGiven>('/api/federation/vouches', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remoteVouchKeys.given }),
  })
}

export function useWithdrawRemoteVouch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/federation/vouches/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remoteVouchKeys.given }),
  })
}

/**
 * Accepting or declining moves the member's reputation and what their profile shows: every cached
 * query of this feature, the profile and the reputation are read again.
 */
export function useAnswerRemoteVouch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      accept
        ? api.post<TRemoteVouchReceived>(`/api/federation/vouches/received/${id}/accept`)
        : api.post(`/api/federation/vouches/received/${id}/decline`),
    onSettled: () => queryClient.invalidateQueries(),
  })
}
