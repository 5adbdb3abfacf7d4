import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type {
  TCreateEndorsementRequestBody,
  TEndorsementRequest,
  TEndorsementRequestList,
} from '@vouched/shared/endorsement-requests'
import type { TEndorsementRequestBox } from '@vouched/shared/endorsement-requests.constants'
import type { TOk } from '@vouched/shared/errors'
import { api } from '../../lib/api-client'

export const endorsementRequestKeys = {
  all: ['endorsement-requests'] as const,
  box: (box: TEndorsementRequestBox) => ['endorsement-requests', box] as const,
}

export const endorsementRequestsQuery = (box: TEndorsementRequestBox) =>
  queryOptions({
    queryKey: endorsementRequestKeys.box(box),
    queryFn: () => api.get<TEndorsementRequestList>(`/api/endorsement-requests?box=${box}`),
  })

export const invalidateEndorsementRequests = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: endorsementRequestKeys.all })

export function useCreateEndorsementRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TCreateEndorsementRequestBody) =>
      api.post<TEndorsementRequest>('/api/endorsement-requests', body),
    onSettled: () => invalidateEndorsementRequests(queryClient),
  })
}

export function useDeclineEndorsementRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post<TEndorsementRequest>(`/api/endorsement-requests/${id}/decline`),
    onSettled: () => invalidateEndorsementRequests(queryClient),
  })
}

export function useCancelEndorsementRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<TOk>(`/api/endorsement-requests/${id}`),
    onSettled: () => invalidateEndorsementRequests(queryClient),
  })
}
