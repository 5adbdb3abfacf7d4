import { useQuery } from '@tanstack/react-query'
import { ArrowRightIcon, BellIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover'
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '../../../components/ui/sheet'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useMediaQuery } from '../../../lib/use-media-query'
import { useAutoMarkRead } from '../hooks/use-auto-mark-read'
import { useNotificationsLiveRefresh } from '../hooks/use-notifications-live-refresh'
import { notificationsQuery, useMarkAllNotificationsRead } from '../notifications.api'
import { badgeCount, NOTIFICATION_PAGE_TEXTS as P, NOTIFICATION_TEXTS as T } from '../notifications.texts'
import { NotificationItem } from './notification-item'

type Props = {
  /** 'bar': bell icon in the top bar; 'menu': full-width row in the mobile side menu. */
  placement?: 'bar' | 'menu'
}

/** Below Tailwind's `sm` the list is a full-height sheet: a popover there showed three items and a half. */
export const PHONE_QUERY = '(max-width: 639px)'

/** The top bar's Notifications list (SPEC.md §2, §4): a popover, or a full-height sheet on phones. */
export function NotificationsDropdown({ placement = 'bar' }: Props) {
  const [open, setOpen] = useState(false)
  const phone = useMediaQuery(PHONE_QUERY)
  const list = useQuery(notificationsQuery())
  useNotificationsLiveRefresh()
  const markAll = useMarkAllNotificationsRead()
  const unreadCount = list.data?.unreadCount ?? 0

  // Opening with unread items marks them all read after 3 s, quietly: the toast belongs to the button.
  useAutoMarkRead(open, unreadCount, () => {
    if (!markAll.isPending) markAll.mutate()
  })

  const label = unreadCount > 0 ? `${T.title} (${unreadCount} unread)` : T.title
  const trigger =
    placement === 'bar' ? (
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
    )
  const close = () => setOpen(false)

  if (phone) {
    return (
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>{trigger}</SheetTrigger>
        <SheetContent
          side="right"
          aria-describedby={undefined}
          className="w-full max-w-none gap-0 p-0 sm:max-w-sm"
        >
          <NotificationsPanel
            heading={<SheetTitle className="text-base">{T.title}</SheetTitle>}
            headerClassName="py-4 pr-12"
            onNavigate={close}
          />
        </SheetContent>
      </Sheet>
    )
  }
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align="end"
        className="flex max-h-[min(34rem,calc(100dvh-5rem))] w-96 max-w-[calc(100vw-1rem)] flex-col p-0"
        aria-labelledby="notifications-popover-title"
      >
        <NotificationsPanel
          heading={
            <h2 id="notifications-popover-title" className="text-sm font-semibold">
              {T.title}
            </h2>
          }
          onNavigate={close}
        />
      </PopoverContent>
    </Popover>
  )
}

/** The list with its header ("Mark all read") and footer ("See all notifications"). */
function NotificationsPanel({
  heading,
  headerClassName,
  onNavigate,
}: {
  heading: ReactNode
  headerClassName?: string
  onNavigate: () => void
}) {
  const list = useQuery(notificationsQuery())
  const markAll = useMarkAllNotificationsRead()
  const notifications = list.data?.notifications ?? []
  const unreadCount = list.data?.unreadCount ?? 0

  const onMarkAll = () =>
    void markAll.mutateAsync(undefined).then(
      () => toast({ title: T.allMarkedRead }),
      () => toast({ title: T.errorTitle, description: T.markAllReadError, variant: 'destructive' }),
    )

  return (
    <>
      <div className={cn('flex items-center justify-between gap-2 border-b px-4 py-3', headerClassName)}>
        {heading}
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
              <NotificationItem key={notification.id} notification={notification} onNavigate={onNavigate} />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t p-1.5">
        <Button asChild variant="ghost" size="sm" className="w-full">
          <Link to="/notifications" onClick={onNavigate}>
            {P.seeAll}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </div>
    </>
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
