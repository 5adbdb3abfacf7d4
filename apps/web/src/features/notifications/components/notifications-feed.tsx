import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { NOTIFICATION_FILTERS, type TNotificationFilter } from '@vouched/shared/notifications.constants'
import { BellOffIcon, Loader2Icon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useLoadOnScroll } from '../hooks/use-load-on-scroll'
import { useNotificationsLiveRefresh } from '../hooks/use-notifications-live-refresh'
import { notificationsPageQuery, notificationsQuery, useMarkAllNotificationsRead } from '../notifications.api'
import { NOTIFICATION_PAGE_TEXTS as P, NOTIFICATION_TEXTS as T } from '../notifications.texts'
import { NotificationItem } from './notification-item'

const isFilter = (value: string | null): value is TNotificationFilter =>
  NOTIFICATION_FILTERS.some((filter) => filter.value === value)

/**
 * The Notifications page's list: filters by type (kept in `?type=` so a filtered view can be
 * reloaded or shared) and pages that load as the reader scrolls.
 */
export function NotificationsFeed() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('type')
  const filter: TNotificationFilter = isFilter(requested) ? requested : 'all'
  const feed = useInfiniteQuery(notificationsPageQuery(filter))
  // The bell's list shares the unread count and the live refresh.
  const unreadCount = useQuery(notificationsQuery()).data?.unreadCount ?? 0
  useNotificationsLiveRefresh()
  const markAll = useMarkAllNotificationsRead()
  const canLoadMore = feed.hasNextPage && !feed.isFetchingNextPage
  const loadMore = () => {
    if (canLoadMore) void feed.fetchNextPage()
  }
  const sentinel = useLoadOnScroll(loadMore, Boolean(feed.hasNextPage) && !feed.isError)
  const notifications = feed.data?.pages.flatMap((page) => page.notifications) ?? []
  const label = NOTIFICATION_FILTERS.find((f) => f.value === filter)!.label

  const choose = (next: TNotificationFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'all') updated.delete('type')
        else updated.set('type', next)
        return updated
      },
      { replace: true },
    )
  const onMarkAll = () =>
    void markAll.mutateAsync(undefined).then(
      () => toast({ title: T.allMarkedRead }),
      () => toast({ title: T.errorTitle, description: T.markAllReadError, variant: 'destructive' }),
    )

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={P.filtersLabel} className="flex min-w-0 flex-wrap gap-1.5">
          {NOTIFICATION_FILTERS.map(({ value, label: text }) => (
            <Button
              key={value}
              size="sm"
              variant={value === filter ? 'default' : 'outline'}
              aria-pressed={value === filter}
              onClick={() => choose(value)}
              className="shrink-0 rounded-full"
            >
              {text}
            </Button>
          ))}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={onMarkAll}
          disabled={unreadCount === 0 || markAll.isPending}
        >
          {T.markAllRead}
        </Button>
      </div>

      <Card className="overflow-hidden p-0">
        {feed.isPending ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">{T.loading}</p>
        ) : feed.isError && notifications.length === 0 ? (
          <p role="alert" className="px-4 py-10 text-center text-sm text-destructive">
            {T.loadError}
          </p>
        ) : notifications.length === 0 ? (
          <EmptyFeed filtered={filter !== 'all'} label={label} onShowAll={() => choose('all')} />
        ) : (
          <ul className="divide-y" aria-label={filter === 'all' ? T.title : label}>
            {notifications.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} className="sm:pr-4" />
            ))}
          </ul>
        )}
      </Card>

      {notifications.length > 0 ? (
        <div ref={sentinel} className="flex justify-center">
          {feed.hasNextPage ? (
            <Button variant="outline" onClick={loadMore} disabled={!canLoadMore}>
              {feed.isFetchingNextPage ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
              {feed.isFetchingNextPage ? P.loadingMore : P.loadMore}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{P.end}</p>
          )}
        </div>
      ) : null}
      {feed.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {T.loadError}
        </p>
      ) : null}
    </div>
  )
}

function EmptyFeed({
  filtered,
  label,
  onShowAll,
}: {
  filtered: boolean
  label: string
  onShowAll: () => void
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <BellOffIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{filtered ? P.emptyFiltered(label) : T.empty}</p>
      <p className={cn('max-w-sm text-sm text-muted-foreground')}>{P.emptyHint}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild size="sm">
          <Link to="/discover">{P.emptyAction}</Link>
        </Button>
        {filtered ? (
          <Button size="sm" variant="outline" onClick={onShowAll}>
            Show all notifications
          </Button>
        ) : null}
      </div>
    </div>
  )
}
