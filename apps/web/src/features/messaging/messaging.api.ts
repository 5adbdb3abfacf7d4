import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type {
  TConversationListItem,
  TConversationPage,
  TConversationWith,
  TMessage,
  TMessagePage,
  TSendMessageInput,
  TStatusUpdate,
  TUnreadCount,
} from '@vouched/shared/messaging'
import { api } from '../../lib/api-client'

/**
 * Every messaging query lives under ['conversations'], so one invalidation refreshes the list, the
 * unread badge and open threads; a thread alone is ['conversations', id, 'messages'].
 */
export const messagingKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  search: (q: string) => ['conversations', 'list', q] as const,
  unread: ['conversations', 'unread-count'] as const,
  with: (userId: number) => ['conversations', 'with', userId] as const,
  detail: (id: number) => ['conversations', id] as const,
  messages: (id: number) => ['conversations', id, 'messages'] as const,
}

/**
 * Latest activity first, page by page; fetching marks what the member received as delivered (DECISIONS.md §4).
 * `q` asks the server for the conversations whose other member's name or username contains it.
 */
export const conversationsQuery = (q = '') =>
  infiniteQueryOptions({
    queryKey: q ? messagingKeys.search(q) : messagingKeys.list,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams()
      if (q) params.set('q', q)
      if (pageParam) params.set('cursor', pageParam)
      const query = params.toString()
      return api.get<TConversationPage>(`/api/conversations${query ? `?${query}` : ''}`)
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: messagingKeys.unread,
    queryFn: () => api.get<TUnreadCount>('/api/conversations/unread-count'),
  })

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: messagingKeys.detail(id),
    queryFn: () => api.get<TConversationListItem>(`/api/conversations/${id}`),
  })

export const conversationWithQuery = (userId: number) =>
  queryOptions({
    queryKey: messagingKeys.with(userId),
    queryFn: () => api.get<TConversationWith>(`/api/conversations/with/${userId}`),
    staleTime: 0,
  })

/**
 * Newest page first; `fetchNextPage` loads older messages. Fetching marks the other side's messages
 * delivered only; the open thread posts `markRead` (docs/decisions/089).
 */
export const messagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.messages(id),
    queryFn: ({ pageParam }) =>
      api.get<TMessagePage>(
        `/api/conversations/${id}/messages${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

export const invalidateMessaging = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: messagingKeys.all })

export function useSendMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TSendMessageInput) => api.post<TMessage>('/api/messages', body),
    onSuccess: () => invalidateMessaging(queryClient),
  })
}

/** The event-stream case: the client heard of a message without opening anything. */
export const markDelivered = (conversationId: number) =>
  api.post<TStatusUpdate>(`/api/conversations/${conversationId}/delivered`)

/** The member has the thread on screen: what the other side sent becomes read. */
export const markRead = (conversationId: number) =>
  api.post<TStatusUpdate>(`/api/conversations/${conversationId}/read`)
