import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  TAdminConversation,
  TAdminEndorsement,
  TAdminHashtag,
  TAdminPage,
  TAdminUser,
  TAuditEntry,
} from '@vouched/shared/admin'
import type { TOk } from '@vouched/shared/errors'
import type { TMessage } from '@vouched/shared/messaging'
import { api } from '../../lib/api-client'

export type AdminListParams = { q: string; page: number; limit?: number }

export const adminKeys = {
  all: ['admin'] as const,
  users: (params: AdminListParams) => ['admin', 'users', params] as const,
  endorsements: (params: AdminListParams) => ['admin', 'endorsements', params] as const,
  hashtags: (params: AdminListParams) => ['admin', 'hashtags', params] as const,
  conversations: (params: AdminListParams) => ['admin', 'conversations', params] as const,
  messages: (id: number, params: AdminListParams) =>
    ['admin', 'conversations', id, 'messages', params] as const,
  audit: (params: AdminListParams) => ['admin', 'audit', params] as const,
}

const toSearch = ({ q, page, limit }: AdminListParams) => {
  const search = new URLSearchParams({ page: String(page) })
  if (q.trim()) search.set('q', q.trim())
  if (limit) search.set('limit', String(limit))
  return search.toString()
}

/** Moderation tables are always read fresh when shown, and keep the previous page on screen while paging. */
const adminList = <T>(queryKey: readonly unknown[], url: string) =>
  queryOptions({
    queryKey,
    queryFn: () => api.get<TAdminPage<T>>(url),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })

export const adminUsersQuery = (params: AdminListParams) =>
  adminList<TAdminUser>(adminKeys.users(params), `/api/admin/users?${toSearch(params)}`)
export const adminEndorsementsQuery = (params: AdminListParams) =>
  adminList<TAdminEndorsement>(adminKeys.endorsements(params), `/api/admin/vouches?${toSearch(params)}`)
export const adminHashtagsQuery = (params: AdminListParams) =>
  adminList<TAdminHashtag>(adminKeys.hashtags(params), `/api/admin/hashtags?${toSearch(params)}`)
export const adminConversationsQuery = (params: AdminListParams) =>
  adminList<TAdminConversation>(
    adminKeys.conversations(params),
    `/api/admin/conversations?${toSearch(params)}`,
  )
export const adminMessagesQuery = (id: number, params: AdminListParams) =>
  adminList<TMessage>(
    adminKeys.messages(id, params),
    `/api/admin/conversations/${id}/messages?${toSearch(params)}`,
  )
export const adminAuditQuery = (params: AdminListParams) =>
  adminList<TAuditEntry>(adminKeys.audit(params), `/api/admin/audit?${toSearch(params)}`)

/**
 * Moderation changes what many pages show (profiles, discovery, home, the audit log): every cached
 * query is refetched or marked stale afterwards, not only the admin tables.
 */
function useModeration<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries() })
}

export const useSetAdminRights = () =>
  useModeration(({ id, isAdmin }: { id: number; isAdmin: boolean }) =>
    api.patch<TAdminUser>(`/api/admin/users/${id}`, { isAdmin }),
  )
export const useDeleteUser = () => useModeration((id: number) => api.delete<TOk>(`/api/admin/users/${id}`))
export const useDeleteEndorsement = () =>
  useModeration((id: number) => api.delete<TOk>(`/api/admin/vouches/${id}`))
export const useDeleteHashtag = () =>
  useModeration((id: number) => api.delete<TOk>(`/api/admin/hashtags/${id}`))
