import { useTranslation } from 'react-i18next'
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TConversationUser, TMessage } from '@vouched/shared/messaging'
import { MESSAGING_MESSAGES } from '@vouched/shared/messaging.constants'
import { format, isSameDay, parseISO } from 'date-fns'
import { ArrowLeftIcon, Loader2Icon } from 'lucide-react'
import { Fragment, useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { isApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { conversationQuery, markRead, messagesQuery, messagingKeys } from '../messaging.api'
import { MessageComposer } from './message-composer'
import { MessageStatus } from './message-status'
import { PSEUDO_LOCALE, pseudoText } from '../../../lib/i18n/pseudo'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * A day's heading in the thread: "Monday, Jan 5, 2026" in English (as before), the language's own long
 * form elsewhere ("Montag, 5. Jan. 2026").
 */
function formatDayHeading(at: Date, language: string) {
  if (language === 'en') return format(at, 'EEEE, MMM d, yyyy')
  // Intl knows no pseudo-locale: English, accented like the page's other texts.
  if (language === PSEUDO_LOCALE) return pseudoText(format(at, 'EEEE, MMM d, yyyy'))
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at)
}

const nameOf = (user: { fullName: string | null; username: string }) => user.fullName || user.username

/** The header of a thread: back to the list (small screens), the other member and a link to them. */
export function ThreadHeader({ otherUser }: { otherUser: TConversationUser }) {
  const { t } = useTranslation('messaging')
  return (
    <div className="flex items-center gap-3 border-b bg-card px-3 py-2.5">
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <Link to="/messages" aria-label={t('thread.back')}>
          <ArrowLeftIcon aria-hidden />
        </Link>
      </Button>
      <UserAvatar
        src={otherUser.profilePicture}
        fullName={otherUser.fullName}
        username={otherUser.username}
      />
      <div className="grid min-w-0">
        <h2 className="truncate font-semibold">{nameOf(otherUser)}</h2>
        <Link
          to={`/profile/${encodeURIComponent(otherUser.username)}`}
          className="truncate text-xs text-muted-foreground hover:underline"
        >
          @{otherUser.username}
        </Link>
      </div>
    </div>
  )
}

export function ThreadNotice({ children }: { children: ReactNode }) {
  return (
    <div className="grid flex-1 place-items-center p-8 text-center text-sm text-muted-foreground">
      {children}
    </div>
  )
}

/**
 * An open conversation: its messages (older ones on demand), statuses of one's own, and the composer.
 * `renderMessageActions` lets the page add its own buttons under each message (report).
 */
export function MessageThread({
  conversationId,
  renderMessageActions,
}: {
  conversationId: number
  renderMessageActions?: (message: TMessage) => ReactNode
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('messaging')
  const queryClient = useQueryClient()
  const conversation = useQuery(conversationQuery(conversationId))
  const thread = useInfiniteQuery(messagesQuery(conversationId))

  // The thread is on screen: whenever a fetch brings messages of the other side not read yet, they
  // are marked read (a GET only delivers), and the badge and the list's counts follow.
  const meId = conversation.data?.user.id
  const fetchedAt = thread.dataUpdatedAt
  const hasUnread =
    meId !== undefined &&
    (thread.data?.pages.some((page) =>
      page.messages.some((m) => m.recipientId === meId && m.status !== 'read'),
    ) ??
      false)
  useEffect(() => {
    if (!fetchedAt || !hasUnread) return
    void markRead(conversationId)
      .catch(() => {
        // Nothing to tell the member: the next fetch of the thread tries again.
      })
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.unread })
        void queryClient.invalidateQueries({ queryKey: messagingKeys.list })
        void queryClient.invalidateQueries({ queryKey: messagingKeys.detail(conversationId), exact: true })
      })
  }, [fetchedAt, hasUnread, conversationId, queryClient])

  if (conversation.isError) {
    const missing = isApiError(conversation.error) && conversation.error.status === 404
    return (
      <ThreadNotice>
        <Alert variant="destructive" role="alert" className="max-w-sm">
          <AlertDescription>
            {missing
              ? sharedText(MESSAGING_MESSAGES.conversationNotFound)
              : sharedText(MESSAGING_MESSAGES.loadMessagesFailed)}
          </AlertDescription>
        </Alert>
      </ThreadNotice>
    )
  }
  if (conversation.isPending) {
    return (
      <div className="grid gap-3 p-4" aria-busy="true" aria-label={t('thread.loading')}>
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="ml-auto h-12 w-1/2" />
      </div>
    )
  }
  const { otherUser, user: me } = conversation.data
  // Pages come newest first; each page is oldest first.
  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.messages) : []

  return (
    <>
      <ThreadHeader otherUser={otherUser} />
      {thread.isError ? (
        <ThreadNotice>
          <Alert variant="destructive" role="alert" className="max-w-sm">
            <AlertDescription>{sharedText(MESSAGING_MESSAGES.loadMessagesFailed)}</AlertDescription>
          </Alert>
        </ThreadNotice>
      ) : thread.isPending ? (
        <ThreadNotice>
          <Loader2Icon className="size-5 animate-spin" aria-label={t('thread.loadingMessages')} />
        </ThreadNotice>
      ) : (
        <MessageList
          messages={messages}
          meId={me.id}
          renderActions={renderMessageActions}
          olderButton={
            thread.hasNextPage ? (
              <Button
                variant="ghost"
                size="sm"
                className="mx-auto"
                onClick={() => void thread.fetchNextPage()}
                disabled={thread.isFetchingNextPage}
              >
                {thread.isFetchingNextPage ? t('thread.loadingMore') : t('thread.loadOlder')}
              </Button>
            ) : null
          }
        />
      )}
      <MessageComposer recipientId={otherUser.id} recipientName={nameOf(otherUser)} />
    </>
  )
}

function MessageList({
  messages,
  meId,
  renderActions,
  olderButton,
}: {
  messages: TMessage[]
  meId: number
  renderActions?: (message: TMessage) => ReactNode
  olderButton: ReactNode
}) {
  const sharedText = useSharedText()
  const { t, i18n } = useTranslation('messaging')
  const endRef = useRef<HTMLDivElement>(null)
  const newest = messages.at(-1)?.id
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [newest])

  if (messages.length === 0) return <ThreadNotice>{sharedText(MESSAGING_MESSAGES.noMessages)}</ThreadNotice>
  const lastOwn = [...messages].reverse().find((message) => message.senderId === meId)?.id

  return (
    <div className="flex-1 overflow-y-auto px-3 py-4" aria-live="polite" aria-relevant="additions">
      {olderButton ? <div className="mb-3 flex">{olderButton}</div> : null}
      <ol className="grid gap-1.5" aria-label={t('thread.messages')}>
        {messages.map((message, index) => {
          const mine = message.senderId === meId
          const at = parseISO(message.createdAt)
          const previous = messages[index - 1]
          const newDay = !previous || !isSameDay(parseISO(previous.createdAt), at)
          return (
            <Fragment key={message.id}>
              {newDay ? (
                <li className="my-2 text-center text-xs text-muted-foreground" aria-hidden>
                  {formatDayHeading(at, i18n.language)}
                </li>
              ) : null}
              <li
                className={cn(
                  'flex max-w-[80%] flex-col gap-0.5',
                  mine ? 'items-end self-end justify-self-end' : 'items-start',
                )}
                data-testid="message"
                data-mine={mine}
              >
                <span className="sr-only">
                  {mine ? t('thread.you') : message.senderFullName || message.senderUsername}:
                </span>
                <p
                  translate="no"
                  className={cn(
                    'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-line',
                    mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted',
                  )}
                >
                  {message.content}
                </p>
                <span className="flex items-center gap-1.5 px-1 text-[0.7rem] text-muted-foreground">
                  <time dateTime={message.createdAt}>{format(at, 'HH:mm')}</time>
                  {mine ? <MessageStatus status={message.status} showLabel={message.id === lastOwn} /> : null}
                  {renderActions?.(message)}
                </span>
              </li>
            </Fragment>
          )
        })}
      </ol>
      <div ref={endRef} />
    </div>
  )
}
