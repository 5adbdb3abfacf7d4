import { useInfiniteQuery } from '@tanstack/react-query'
import type { TConversationListItem } from '@vouched/shared/messaging'
import { MESSAGING_MESSAGES } from '@vouched/shared/messaging.constants'
import { MessagesSquareIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { formatRelativeTime } from '../../../lib/time'
import { conversationsQuery } from '../messaging.api'
import { MessageStatus } from './message-status'
import { UnreadBadge } from './unread-badge'

/** The member's conversations, latest first, with the last message and unread counts. */
export function ConversationList({ selectedId }: { selectedId?: number | undefined }) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteQuery(conversationsQuery())
  if (isError) {
    return (
      <Alert variant="destructive" role="alert" className="m-3 w-auto">
        <AlertDescription>{MESSAGING_MESSAGES.loadConversationsFailed}</AlertDescription>
      </Alert>
    )
  }
  if (isPending) {
    return (
      <div className="grid gap-2 p-3" aria-busy="true" aria-label="Loading conversations">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  }
  const conversations = data.pages.flatMap((page) => page.conversations)
  if (conversations.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 p-8 text-center">
        <MessagesSquareIcon className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">{MESSAGING_MESSAGES.noConversations}</p>
        <p className="text-sm text-muted-foreground">
          Start one from a connection&apos;s profile or from My Network.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to="/connections">Go to My Network</Link>
        </Button>
      </div>
    )
  }
  return (
    <>
      <ul aria-label="Conversations" className="divide-y">
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
            {isFetchingNextPage ? 'Loading...' : 'Load more conversations'}
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
  const { otherUser, lastMessage, unreadCount } = conversation
  const name = otherUser.fullName || otherUser.username
  const mine = lastMessage?.senderId === conversation.user.id
  return (
    <Link
      to={`/messages/${conversation.id}`}
      aria-current={selected ? 'page' : undefined}
      aria-label={`${name}${unreadCount > 0 ? `, ${unreadCount} unread` : ''}`}
      className={cn(
        'flex items-center gap-3 px-3 py-3 transition-colors hover:bg-muted',
        selected && 'bg-accent/60 hover:bg-accent/60',
      )}
    >
      <UserAvatar
        src={otherUser.profilePicture}
        fullName={otherUser.fullName}
        username={otherUser.username}
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
          {lastMessage ? (
            <time dateTime={lastMessage.createdAt} className="shrink-0 text-xs text-muted-foreground">
              {formatRelativeTime(lastMessage.createdAt)}
            </time>
          ) : null}
        </span>
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'flex min-w-0 flex-1 items-center gap-1 truncate text-sm',
              unreadCount > 0 ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            {mine && lastMessage ? <MessageStatus status={lastMessage.status} className="shrink-0" /> : null}
            <span className="truncate">
              {lastMessage ? `${mine ? 'You: ' : ''}${lastMessage.content}` : 'No messages yet'}
            </span>
          </span>
          <UnreadBadge count={unreadCount} />
        </span>
      </span>
    </Link>
  )
}
