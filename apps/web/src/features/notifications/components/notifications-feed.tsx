import { useTranslation } from 'react-i18next'
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
import { NotificationItem } from './notification-item'

const isFilter = (value: string | null): value is TNotificationFilter =>
  NOTIFICATION_FILTERS.some((filter) => filter.value === value)

/**
 * The Notifications page's list: filters by type (kept in `?type=` so a filtered view can be
 * reloaded or shared) and pages that load as the reader scrolls.
 */
export function NotificationsFeed() {
  const { t } = useTranslation('notifications')
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
  // The filters' names (NOTIFICATION_FILTERS' labels) in the app's language.
  const label = t(`filters.${filter}`)

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
      () => toast({ title: t('allMarkedRead') }),
      () => toast({ title: t('errorTitle'), description: t('markAllReadError'), variant: 'destructive' }),
    )

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('page.filtersLabel')} className="flex min-w-0 flex-wrap gap-1.5">
          {NOTIFICATION_FILTERS.map(({ value }) => (
            <Button
              key={value}
              size="sm"
              variant={value === filter ? 'default' : 'outline'}
              aria-pressed={value === filter}
              onClick={() => choose(value)}
              className="shrink-0 rounded-full"
            >
              {t(`filters.${value}`)}
            </Button>
          ))}
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={onMarkAll}
          disabled={unreadCount === 0 || markAll.isPending}
        >
          {t('markAllRead')}
        </Button>
      </div>

      <Card className="overflow-hidden p-0">
        {feed.isPending ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">{t('loading')}</p>
        ) : feed.isError && notifications.length === 0 ? (
          <p role="alert" className="px-4 py-10 text-center text-sm text-destructive">
            {t('loadError')}
          </p>
        ) : notifications.length === 0 ? (
          <EmptyFeed filter={filter} onShowAll={() => choose('all')} />
        ) : (
          <ul className="divide-y" aria-label={filter === 'all' ? t('title') : label}>
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
              {feed.isFetchingNextPage ? t('page.loadingMore') : t('page.loadMore')}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{t('page.end')}</p>
          )}
        </div>
      ) : null}
      {feed.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {t('loadError')}
        </p>
      ) : null}
    </div>
  )
}

function EmptyFeed({ filter, onShowAll }: { filter: TNotificationFilter; onShowAll: () => void }) {
  const { t } = useTranslation('notifications')
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <BellOffIcon className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{filter === 'all' ? t('empty') : t(`emptyFiltered.${filter}`)}</p>
      <p className={cn('max-w-sm text-sm text-muted-foreground')}>{t('page.emptyHint')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild size="sm">
          <Link to="/discover">{t('page.emptyAction')}</Link>
        </Button>
        {filter !== 'all' ? (
          <Button size="sm" variant="outline" onClick={onShowAll}>
            {t('page.showAll')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
