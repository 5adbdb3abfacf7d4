import { useTranslation } from 'react-i18next'
import type { TNotification } from '@vouched/shared/notifications'
import { CheckIcon, GlobeIcon, MegaphoneIcon, Trash2Icon, type LucideIcon } from 'lucide-react'
import { useNavigate } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { useSharedText } from '../../../lib/i18n/shared-text'
import { useCurrentUser } from '../../../lib/session'
import { formatRelativeTime } from '../../../lib/time'
import { notificationTarget } from '@vouched/shared/notification-target'
import type { TNotificationType } from '@vouched/shared/notifications.constants'
import { useDeleteNotification, useMarkNotificationRead } from '../notifications.api'

/**
 * Notifications that no member sent show what they are about instead of an avatar: an "U" for
 * "unknown user" would say nothing (an announcement, a fediverse account that is not a member here).
 */
const SENDERLESS_ICONS: Partial<Record<TNotificationType, LucideIcon>> = {
  announcement: MegaphoneIcon,
  'follow-request': GlobeIcon,
  'remote-vouch': GlobeIcon,
}

/**
 * One notification, in the top bar's list and on the Notifications page. The message already names
 * the sender, so the avatar is hidden from screen readers: the item's name is said once.
 */
export function NotificationItem({
  notification,
  onNavigate,
  className,
}: {
  notification: TNotification
  /** Called before leaving for the notification's target (the top bar closes its list). */
  onNavigate?: () => void
  className?: string
}) {
  const { t } = useTranslation('notifications')
  const sharedText = useSharedText()
  const navigate = useNavigate()
  const { user } = useCurrentUser()
  const markRead = useMarkNotificationRead()
  const remove = useDeleteNotification()
  const unread = !notification.isRead
  const target = notificationTarget(notification, user?.username)
  const Icon = notification.fromUserId == null ? SENDERLESS_ICONS[notification.type] : undefined

  const onMarkRead = () =>
    void markRead
      .mutateAsync(notification.id)
      .catch(() => toast({ title: t('errorTitle'), description: t('markReadError'), variant: 'destructive' }))
  const onDelete = () =>
    void remove
      .mutateAsync(notification.id)
      .catch(() => toast({ title: t('errorTitle'), description: t('deleteError'), variant: 'destructive' }))
  const onOpen = () => {
    if (unread) markRead.mutate(notification.id)
    if (!target) return
    onNavigate?.()
    void navigate(target)
  }

  return (
    <li
      data-unread={unread || undefined}
      className={cn(
        'group relative flex items-start gap-1 pr-2 transition-colors',
        unread && 'bg-accent/45',
        className,
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className={cn(
          'flex min-w-0 flex-1 items-start gap-3 py-3 pl-4 text-left outline-none hover:bg-muted/60 focus-visible:bg-muted',
          !target && 'cursor-default',
        )}
      >
        {Icon ? (
          <span
            aria-hidden
            data-testid="notification-icon"
            className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
          >
            <Icon className="size-4" />
          </span>
        ) : (
          <UserAvatar
            aria-hidden
            src={notification.fromProfilePicture}
            fullName={notification.fromFullName}
            username={notification.fromUsername}
            className="mt-0.5 size-9"
          />
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span
            className={cn(
              'text-sm break-words',
              unread ? 'font-medium text-foreground' : 'text-foreground/85',
            )}
          >
            {sharedText(notification.message)}
          </span>{' '}
          <span className="flex items-center gap-2">
            <Badge variant="secondary" className="px-1.5 py-0 text-[0.65rem]">
              {t(`types.${notification.type}`, { defaultValue: notification.type })}
            </Badge>{' '}
            <span className="text-xs text-muted-foreground">
              {formatRelativeTime(notification.createdAt)}
            </span>
          </span>
        </span>
        {unread ? (
          <>
            <span aria-hidden className="absolute top-5 left-1.5 size-1.5 rounded-full bg-primary" />{' '}
            <span className="sr-only">{t('item.unread')}</span>
          </>
        ) : null}
      </button>
      <span className="flex shrink-0 flex-col gap-0.5 py-2">
        {unread ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={t('item.markRead')}
            title={t('item.markRead')}
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
          aria-label={t('item.delete')}
          title={t('item.delete')}
          onClick={onDelete}
          disabled={remove.isPending}
        >
          <Trash2Icon className="size-3.5" aria-hidden />
        </Button>
      </span>
    </li>
  )
}
