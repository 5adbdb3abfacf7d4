import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import type {
  TAttachment,
  TComment,
  TCreateEndorsementBody,
  TEndorsement,
  TGivenCategories,
  TLikeState,
  TVouchesPage,
} from '@vouched/shared/endorsements'
import {
  PROFILE_VOUCHES_FIRST_PAGE,
  VOUCHES_PAGE_DEFAULT,
  type TVouchFilter,
} from '@vouched/shared/endorsements.constants'
import type { TPendingEndorsements, TUpdateEndorsementBody } from '@vouched/shared/endorsement-review'
import type { TOk } from '@vouched/shared/errors'
import { api } from '../../lib/api-client'

/**
 * Endorsement lists live under the profile's key (['profiles', username, …]) so that refreshing a
 * profile refreshes its lists too; comments and tags have their own.
 */
export const endorsementKeys = {
  profile: (username: string) => ['profiles', username.toLowerCase()] as const,
  list: (username: string, filter: TVouchFilter) =>
    ['profiles', username.toLowerCase(), 'vouches', filter] as const,
  comments: (vouchId: number) => ['endorsements', vouchId, 'comments'] as const,
  detail: (vouchId: number) => ['endorsements', vouchId, 'detail'] as const,
  popularTags: ['hashtags', 'popular'] as const,
  given: (userId: number) => ['endorsements', 'given', userId] as const,
  pending: ['endorsements', 'pending'] as const,
}

const vouchesUrl = (username: string, filter: TVouchFilter, cursor: string | null) => {
  const params = new URLSearchParams({
    filter,
    // The first page matches the profile's (3, SPEC.md §9); Load More brings the server's default.
    limit: String(cursor ? VOUCHES_PAGE_DEFAULT : PROFILE_VOUCHES_FIRST_PAGE),
  })
  if (cursor) params.set('cursor', cursor)
  return `/api/users/${encodeURIComponent(username)}/vouches?${params.toString()}`
}

/** Recent Endorsements with a filter, page by page for Load More (keyset cursor of the server). */
export const endorsementsListQuery = (username: string, filter: TVouchFilter) =>
  infiniteQueryOptions({
    queryKey: endorsementKeys.list(username, filter),
    queryFn: ({ pageParam }) => api.get<TVouchesPage>(vouchesUrl(username, filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export const commentsQuery = (vouchId: number) =>
  queryOptions({
    queryKey: endorsementKeys.comments(vouchId),
    queryFn: () => api.get<TComment[]>(`/api/vouches/${vouchId}/comments`),
  })

/** One endorsement, as a notification opens it (GET /api/vouches/:id). */
export const endorsementQuery = (vouchId: number) =>
  queryOptions({
    queryKey: endorsementKeys.detail(vouchId),
    queryFn: () => api.get<TEndorsement>(`/api/vouches/${vouchId}`),
  })

/**
 * The categories the viewer already endorsed this member in (the API answers 409 there). Fetched again
 * whenever a dialog opens: another tab may have endorsed them meanwhile.
 */
export const givenCategoriesQuery = (userId: number) =>
  queryOptions({
    queryKey: endorsementKeys.given(userId),
    queryFn: () => api.get<TGivenCategories>(`/api/vouches/given/${userId}`),
    staleTime: 0,
  })

type PopularTag = { id: number; tag: string; count: number }

/** Existing tags for the tag input's suggestions; an unanswered endpoint just means no extra suggestions. */
export const popularTagsQuery = () =>
  queryOptions({
    queryKey: endorsementKeys.popularTags,
    queryFn: async () => {
      try {
        const tags = await api.get<PopularTag[]>('/api/hashtags/popular')
        return Array.isArray(tags) ? tags.map((t) => t.tag) : []
      } catch {
        return []
      }
    },
  })

/** Applies a change to one endorsement wherever it is cached (its own page, profile first page, every list page). */
function patchEndorsement(queryClient: QueryClient, id: number, patch: (v: TEndorsement) => TEndorsement) {
  queryClient.setQueryData<TEndorsement>(endorsementKeys.detail(id), (v) => (v ? patch(v) : v))
  const mapVouches = (vouches: TEndorsement[]) => vouches.map((v) => (v.id === id ? patch(v) : v))
  queryClient.setQueriesData<unknown>({ queryKey: ['profiles'] }, (data: unknown) => {
    if (!data || typeof data !== 'object') return data
    if ('pages' in data) {
      const infinite = data as InfiniteData<TVouchesPage>
      return { ...infinite, pages: infinite.pages.map((p) => ({ ...p, vouches: mapVouches(p.vouches) })) }
    }
    if ('vouches' in data && Array.isArray((data as { vouches: unknown }).vouches)) {
      const withVouches = data as { vouches: TEndorsement[] }
      return { ...withVouches, vouches: mapVouches(withVouches.vouches) }
    }
    return data
  })
}

/**
 * POST /api/vouches; afterwards the target's profile (scores, tags, lists) is fetched again (SPEC.md §7),
 * and so are the categories used, also after a refusal (a 409 means one was used meanwhile).
 */
export function useCreateEndorsement(targetUsername: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TCreateEndorsementBody) => api.post<TEndorsement>('/api/vouches', body),
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endorsementKeys.profile(targetUsername) }),
        queryClient.invalidateQueries({ queryKey: endorsementKeys.popularTags }),
        queryClient.invalidateQueries({ queryKey: endorsementKeys.given(body.toUserId) }),
      ]),
    onError: (_, body) => queryClient.invalidateQueries({ queryKey: endorsementKeys.given(body.toUserId) }),
  })
}

export function useUploadAttachment() {
  return useMutation({
    mutationFn: (file: File) => api.upload<TAttachment>('/api/vouches/attachments', { file }),
  })
}

export function useToggleLike(vouchId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (like: boolean) =>
      like
        ? api.post<TLikeState>(`/api/vouches/${vouchId}/likes`)
        : api.delete<TLikeState>(`/api/vouches/${vouchId}/likes`),
    onSuccess: (state) => patchEndorsement(queryClient, vouchId, (v) => ({ ...v, ...state })),
  })
}

export function useAddComment(vouchId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (comment: string) => api.post<TComment>(`/api/vouches/${vouchId}/comments`, { comment }),
    onSuccess: (comment) => {
      queryClient.setQueryData<TComment[]>(endorsementKeys.comments(vouchId), (list) => [
        ...(list ?? []),
        comment,
      ])
      patchEndorsement(queryClient, vouchId, (v) => ({ ...v, commentCount: v.commentCount + 1 }))
    },
  })
}

export function useDeleteComment(vouchId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commentId: number) => api.delete<TOk>(`/api/comments/${commentId}`),
    onSuccess: (_, commentId) => {
      queryClient.setQueryData<TComment[]>(endorsementKeys.comments(vouchId), (list) =>
        (list ?? []).filter((c) => c.id !== commentId),
      )
      patchEndorsement(queryClient, vouchId, (v) => ({ ...v, commentCount: Math.max(0, v.commentCount - 1) }))
    },
  })
}

/** Waiting for the viewer's approval, and the viewer's own waiting for someone else's. */
export const pendingEndorsementsQuery = () =>
  queryOptions({
    queryKey: endorsementKeys.pending,
    queryFn: () => api.get<TPendingEndorsements>('/api/vouches/pending'),
  })

/**
 * After any review, edit or withdrawal: profiles (scores, lists), the pending lists and used categories.
 * Not awaited by the mutations: the refetch removes the card whose button asked, and a caller's
 * onSuccess (its toast) runs only while that button is still there.
 */
const refreshAfterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['profiles'] }),
    queryClient.invalidateQueries({ queryKey: ['endorsements'] }),
  ])

export function useReviewEndorsement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }) =>
      api.post<TEndorsement | TOk>(`/api/vouches/${id}/${accept ? 'accept' : 'decline'}`),
    onSettled: () => void refreshAfterChange(queryClient),
  })
}

/**
 * DELETE /api/vouches/:id: the endorser takes it back. A plain function as well as a hook: the toast's
 * Undo outlives the dialog that created the endorsement.
 */
export async function withdrawEndorsement(queryClient: QueryClient, id: number) {
  try {
    return await api.delete<TOk>(`/api/vouches/${id}`)
  } finally {
    void refreshAfterChange(queryClient)
  }
}

export function useWithdrawEndorsement() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (id: number) => withdrawEndorsement(queryClient, id) })
}

export function useEditEndorsement(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TUpdateEndorsementBody) => api.patch<TEndorsement>(`/api/vouches/${id}`, body),
    onSettled: () => void refreshAfterChange(queryClient),
  })
}
