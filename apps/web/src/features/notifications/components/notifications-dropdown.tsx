import { useQuery } from '@tanstack/react-query'
import type { TNotification } from '@vouched/shared/notifications'
import { BellIcon, CheckIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../../lib/session'
import { formatRelativeTime } from '../../../lib/time'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover'
import { toast } from '../../../components/ui/toast'
import { useAutoMarkRead } from '../hooks/use-auto-mark-read'
import { useNotificationsLiveRefresh } from '../hooks/use-notifications-live-refresh'
import {
  notificationsQuery,
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../notifications.api'
import { badgeCount, NOTIFICATION_TEXTS as T } from '../notifications.texts'

type Props = {
  /** 'bar': bell icon in the top bar; 'menu': full-width row in the mobile side menu. */
  placement?: 'bar' | 'menu'
}

const TYPE_LABELS: Record<TNotification['type'], string> = {
  endorsement: 'Endorsement',
  like: 'Like',
  comment: 'Comment',
  connection: 'Connection',
  message: 'Message',
  announcement: 'Announcement',
}

/**
 * Where a click on a notification leads (SPEC.md §2): the sender's profile for endorsements, likes and
 * comments, My Network for connections, nowhere for the rest. An anonymous endorser stays hidden, so
 * their notification opens the member's own profile, where the endorsement shows.
 */
export function notificationTarget(notification: TNotification, ownUsername: string | undefined) {
  switch (notification.type) {
    case 'endorsement':
    case 'like':
    case 'comment': {
      const username = notification.fromUsername ?? ownUsername
      return username ? `/profile/${encodeURIComponent(username)}` : null
    }
    case 'connection':
      return '/connections'
    default:
      return null
  }
}

/** The top bar's Notifications dropdown (SPEC.md §2, §4). */
export function NotificationsDropdown({ placement = 'bar' }: Props) {
  const [open, setOpen] = useState(false)
  const list = useQuery(notificationsQuery())
  useNotificationsLiveRefresh()
  const markAll = useMarkAllNotificationsRead()
  const notifications = list.data?.notifications ?? []
  const unreadCount = list.data?.unreadCount ?? 0

  // Opening with unread items marks them all read after 3 s, quietly: the toast belongs to the button.
  useAutoMarkRead(open, unreadCount, () => {
    if (!markAll.isPending) markAll.mutate()
  })

  const onMarkAll = () =>
    void markAll.mutateAsync(undefined).then(
      () => toast({ title: T.allMarkedRead }),
      () => toast({ title: T.errorTitle, description: T.markAllReadError, variant: 'destructive' }),
    )

  const label = unreadCount > 0 ? `${T.title} (${unreadCount} unread)` : T.title

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        {placement === 'bar' ? (
          <Button variant="ghost" size="icon" className="relative" aria-label={label}>
            <BellIcon className="size-5" aria-hidden />
            <UnreadBadge count={unreadCount} className="absolute -top-0.5 -right-0.5" />
          </Button>
        ) : (
          <button
            type="button"
            aria-label={label}
            className="flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-foreground transition-colors hover:bg-muted"
          >
            <BellIcon className="size-4" aria-hidden />
            {T.title}
            <UnreadBadge count={unreadCount} className="ml-auto" />
          </button>
        )}
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="flex max-h-96 w-80 max-w-[calc(100vw-1rem)] flex-col p-0"
        aria-label={T.title}
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 className="text-sm font-semibold">{T.title}</h2>
          {notifications.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2"
              onClick={onMarkAll}
              disabled={unreadCount === 0 || markAll.isPending}
            >
              {T.markAllRead}
            </Button>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {list.isPending ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">{T.loading}</p>
          ) : list.isError && !list.data ? (
            <p className="px-4 py-6 text-center text-sm text-destructive">{T.loadError}</p>
          ) : notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">{T.empty}</p>
          ) : (
            <ul className="divide-y">
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onNavigate={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  )
}

function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden
      data-testid="notifications-badge"
      className={cn(
        'flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-semibold text-destructive-foreground',
        className,
      )}
    >
      {badgeCount(count)}
    </span>
  )
}

function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: TNotification
  onNavigate: () => void
}) {
  const navigate = useNavigate()
  const { user } = useCurrentUser()
  const markRead = useMarkNotificationRead()
  const remove = useDeleteNotification()
  const unread = !notification.isRead
  const target = notificationTarget(notification, user?.username)

  const onMarkRead = () =>
    void markRead
      .mutateAsync(notification.id)
      .catch(() => toast({ title: T.errorTitle, description: T.markReadError, variant: 'destructive' }))
  const onDelete = () =>
    void remove
      .mutateAsync(notification.id)
      .catch(() => toast({ title: T.errorTitle, description: T.deleteError, variant: 'destructive' }))
  const onOpen = () => {
    if (unread) markRead.mutate(notification.id)
    if (!target) return
    onNavigate()
    void navigate(target)
  }

  return (
    <li
      data-unread={unread || undefined}
      className={cn('group relative flex items-start gap-1 pr-2 transition-colors', unread && 'bg-accent/45')}
    >
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex min-w-0 flex-1 items-start gap-3 py-3 pl-4 text-left outline-none hover:bg-muted/60 focus-visible:bg-muted',
          !target && 'cursor-default',
        )}
      >
        <UserAvatar
          src={notification.fromProfilePicture}
          fullName={notification.fromFullName}
          username={notification.fromUsername}
          className="mt-0.5 size-9"
        />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span
            className={cn(
              'text-sm break-words',
              unread ? 'font-medium text-foreground' : 'text-foreground/85',
            )}
          >
            {notification.message}
          </span>
          <span className="flex items-center gap-2">
            <Badge variant="secondary" className="px-1.5 py-0 text-[0.65rem]">
              {TYPE_LABELS[notification.type] ?? notification.type}
            </Badge>
            <span className="text-xs text-muted-foreground">
              {formatRelativeTime(notification.createdAt)}
            </span>
          </span>
        </span>
        {unread ? (
          <>
            <span aria-hidden className="absolute top-5 left-1.5 size-1.5 rounded-full bg-primary" />
            <span className="sr-only">(unread)</span>
          </>
        ) : null}
      </button>
      <span className="flex shrink-0 flex-col gap-0.5 py-2">
        {unread ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Mark as read"
            title="Mark as read"
            onClick={onMarkRead}
            disabled={markRead.isPending}
          >
            <CheckIcon className="size-3.5" aria-hidden />
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-7 text-muted-foreground hover:text-destructive"
          aria-label="Delete notification"
          title="Delete notification"
          onClick={onDelete}
          disabled={remove.isPending}
        >
          <Trash2Icon className="size-3.5" aria-hidden />
        </Button>
      </span>
    </li>
  )
}
