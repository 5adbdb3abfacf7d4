import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { ArrowRightIcon, BellIcon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { TopBarPopover, TopBarPopoverNote } from '../../../components/layout/top-bar-popover'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { countedName } from '../../../lib/count-badge'
import { useAutoMarkRead } from '../hooks/use-auto-mark-read'
import { useNotificationsLiveRefresh } from '../hooks/use-notifications-live-refresh'
import { notificationsQuery, useMarkAllNotificationsRead } from '../notifications.api'
import { NotificationItem } from './notification-item'

type Props = {
  /** 'bar': bell icon in the top bar; 'menu': full-width row in the mobile side menu. */
  placement?: 'bar' | 'menu'
}

/** The top bar's Notifications list (SPEC.md §2, §4): a popover, or a full-height sheet on phones. */
export function NotificationsDropdown({ placement = 'bar' }: Props) {
  const { t } = useTranslation('notifications')
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
      () => toast({ title: t('allMarkedRead') }),
      () => toast({ title: t('errorTitle'), description: t('markAllReadError'), variant: 'destructive' }),
    )
  const close = () => setOpen(false)

  return (
    <TopBarPopover
      placement={placement}
      icon={BellIcon}
      title={t('title')}
      label={countedName(t('title'), unreadCount, t('dropdown.unread'))}
      count={unreadCount}
      badgeTestId="notifications-badge"
      open={open}
      onOpenChange={setOpen}
      phoneSheet
      popoverClassName="max-h-[min(34rem,calc(100dvh-5rem))] w-96"
      headerAction={
        notifications.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={onMarkAll}
            disabled={unreadCount === 0 || markAll.isPending}
          >
            {t('markAllRead')}
          </Button>
        ) : null
      }
      footer={
        <Button asChild variant="ghost" size="sm" className="w-full">
          <Link to="/notifications" onClick={close}>
            {t('page.seeAll')}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      }
    >
      {list.isPending ? (
        <TopBarPopoverNote>{t('loading')}</TopBarPopoverNote>
      ) : list.isError && !list.data ? (
        <TopBarPopoverNote tone="error">{t('loadError')}</TopBarPopoverNote>
      ) : notifications.length === 0 ? (
        <TopBarPopoverNote>{t('empty')}</TopBarPopoverNote>
      ) : (
        <ul className="divide-y">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onNavigate={close} />
          ))}
        </ul>
      )}
    </TopBarPopover>
  )
}
