import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type {
  TAdminReportPage,
  TCreateReportBody,
  TReport,
  TReportAction,
  TReportStatus,
  TReportTargetType,
  TSuspension,
} from '@vouched/shared/reports'
import { api } from '../../lib/api-client'

export type ReportFilters = {
  status: TReportStatus | 'all'
  targetType: TReportTargetType | 'all'
  page: number
}

export const reportKeys = {
  all: ['admin', 'reports'] as const,
  queue: (filters: ReportFilters) => ['admin', 'reports', filters] as const,
}

export const reportQueueQuery = (filters: ReportFilters) => {
  const search = new URLSearchParams({ status: filters.status, page: String(filters.page), limit: '20' })
  if (filters.targetType !== 'all') search.set('targetType', filters.targetType)
  return queryOptions({
    queryKey: reportKeys.queue(filters),
    queryFn: () => api.get<TAdminReportPage>(`/api/admin/reports?${search.toString()}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export const useCreateReport = () =>
  useMutation({ mutationFn: (body: TCreateReportBody) => api.post<TReport>('/api/reports', body) })

/** Reviewing may delete content or suspend a member: every cached query refreshes afterwards. */
function useReview<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries() })
}

export const useResolveReport = () =>
  useReview(({ id, action, note }: { id: number; action: TReportAction; note?: string }) =>
    api.post<TOk>(`/api/admin/reports/${id}/resolve`, { action, ...(note ? { note } : {}) }),
  )
export const useDismissReport = () =>
  useReview(({ id, note }: { id: number; note?: string }) =>
    api.post<TOk>(`/api/admin/reports/${id}/dismiss`, note ? { note } : {}),
  )
export const useUnsuspend = () =>
  useReview((userId: number) => api.post<TSuspension>(`/api/admin/users/${userId}/unsuspend`))
