import { useTranslation } from 'react-i18next'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { TConversationListItem } from '@vouched/shared/messaging'
import { MESSAGING_MESSAGES } from '@vouched/shared/messaging.constants'
import { MessagesSquareIcon, SearchIcon } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { badgeText } from '../../../lib/count-badge'
import { formatRelativeTime } from '../../../lib/time'
import { conversationsQuery } from '../messaging.api'
import { MessageStatus } from './message-status'
import { UnreadBadge } from './unread-badge'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DELAY_MS = 250

/**
 * The member's conversations, latest first, with the last message and unread counts; a search by the
 * other member's name (on the server, so conversations beyond the loaded pages are found too) and the
 * page's New message action beside it.
 */
export function ConversationList({
  selectedId,
  newMessage,
}: {
  selectedId?: number | undefined
  /** The "New message" control (the page composes it from the connections feature). */
  newMessage?: ReactNode
}) {
  const { t } = useTranslation('messaging')
  const [text, setText] = useState('')
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <div className="flex min-w-0 flex-col">
      <div className="flex min-w-0 items-center gap-2 border-b p-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-9 pl-8"
          />
        </div>
        {newMessage}
      </div>
      <Conversations selectedId={selectedId} q={q} />
    </div>
  )
}

function Conversations({ selectedId, q }: { selectedId: number | undefined; q: string }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('messaging')
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    ...conversationsQuery(q),
    // While a new search runs, the previous list stays instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  })
  if (isError) {
    return (
      <Alert variant="destructive" role="alert" className="m-3 w-auto">
        <AlertDescription>{sharedText(MESSAGING_MESSAGES.loadConversationsFailed)}</AlertDescription>
      </Alert>
    )
  }
  if (isPending) {
    return (
      <div className="grid gap-2 p-3" aria-busy="true" aria-label={t('list.loading')}>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  const conversations = data.pages.flatMap((page) => page.conversations)
  if (conversations.length === 0 && q) {
    return <p className="p-6 text-center text-sm text-muted-foreground">{t('list.noMatch', { q })}</p>
  }
  if (conversations.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 p-8 text-center">
        <MessagesSquareIcon className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{sharedText(MESSAGING_MESSAGES.noConversations)}</p>
        <p className="text-sm text-muted-foreground">{t('list.emptyHint')}</p>
        <Button asChild variant="outline" size="sm">
          <Link to="/connections">{t('list.goToNetwork')}</Link>
        </Button>
      </div>
    )
  }
  return (
    <>
      <ul aria-label={t('list.conversations')} className="divide-y">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow conversation={conversation} selected={conversation.id === selectedId} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div className="flex justify-center border-t p-2">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
          >
            {isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  )
}

function ConversationRow({
  conversation,
  selected,
}: {
  conversation: TConversationListItem
  selected: boolean
}) {
  const { t } = useTranslation('messaging')
  const { otherUser, lastMessage, unreadCount } = conversation
  const name = otherUser.fullName || otherUser.username
  const mine = lastMessage?.senderId === conversation.user.id
  return (
    <Link
      to={`/messages/${conversation.id}`}
      aria-current={selected ? 'page' : undefined}
      className={cn(
        'flex items-center gap-3 px-3 py-3 transition-colors hover:bg-muted',
        selected && 'bg-accent/60 hover:bg-accent/60',
      )}
    >
      {/* The name beside it says who this is. */}
      <UserAvatar
        aria-hidden
        src={otherUser.profilePicture}
        fullName={otherUser.fullName}
        username={otherUser.username}
      />
      {/* One column that may shrink below its text (minmax(0, 1fr)), each line a row whose text part
          shrinks first: a long name or preview ends in an ellipsis and the time and unread count always
          stay inside the panel. The link is named by this text, "Bob Stone 5m ago Hi there, 2 unread",
          so the name holds all that is seen, in order (WCAG 2.5.3); the {' '} between parts only
          separate words in that name (white space between flex items takes no room). */}
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
        <span className="flex min-w-0 items-baseline gap-2">
          <span
            data-part="name"
            className={cn('min-w-0 flex-1 truncate', unreadCount > 0 ? 'font-semibold' : 'font-medium')}
          >
            {name}
          </span>{' '}
          {lastMessage ? (
            <time
              dateTime={lastMessage.createdAt}
              data-part="time"
              className="shrink-0 text-xs whitespace-nowrap text-muted-foreground"
            >
              {formatRelativeTime(lastMessage.createdAt)}
            </time>
          ) : null}
        </span>{' '}
        <span className="flex min-w-0 items-center gap-2">
          <span
            data-part="preview"
            className={cn(
              'flex min-w-0 flex-1 items-center gap-1 text-sm',
              unreadCount > 0 ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {mine && lastMessage ? <MessageStatus status={lastMessage.status} className="shrink-0" /> : null}{' '}
            <span className="min-w-0 truncate">
              {lastMessage
                ? mine
                  ? t('list.mine', { content: lastMessage.content })
                  : lastMessage.content
                : t('list.noMessages')}
            </span>
          </span>
          <span data-part="unread" className="shrink-0">
            <UnreadBadge count={unreadCount} />
          </span>
          {unreadCount > 0 ? (
            <span className="sr-only">{t('list.unread', { unread: badgeText(unreadCount) })}</span>
          ) : null}
        </span>
      </span>
    </Link>
  )
}
