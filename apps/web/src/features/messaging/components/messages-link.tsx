import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { UNREAD_POLL_MS } from '@vouched/shared/messaging.constants'
import { MessageSquareIcon } from 'lucide-react'
import { NavLink } from 'react-router'
import { Button } from '../../../components/ui/button'
import { cn } from '../../../lib/cn'
import { countedName } from '../../../lib/count-badge'
import { useLiveStatus } from '../hooks/use-live-status'
import { useMessagingLiveRefresh } from '../hooks/use-messaging-live-refresh'
import { unreadCountQuery } from '../messaging.api'
import { UnreadBadge } from './unread-badge'

type Placement = 'bar' | 'menu'

/** Keeps messaging caches live; rendered once, with the bar's link. */
function MessagingLiveSync() {
  useMessagingLiveRefresh()
  return null
}

/**
 * The top bar's link to /messages with the unread count. The 'bar' placement also listens to the
 * live stream for the whole tab; while the stream is down the count is polled.
 */
export function MessagesLink({ placement = 'bar', poll }: { placement?: Placement; poll?: boolean }) {
  const { t } = useTranslation('messaging')
  const live = useLiveStatus()
  // `poll` from a caller that knows the stream's state wins over what this component has heard.
  const shouldPoll = poll ?? !live
  const { data } = useQuery({ ...unreadCountQuery(), refetchInterval: shouldPoll ? UNREAD_POLL_MS : false })
  const unread = data?.unreadCount ?? 0
  const label = countedName(t('link.title'), unread, t('link.unread'))

  if (placement === 'menu') {
    return (
      <NavLink
        to="/messages"
        aria-label={label}
        className={({ isActive }) =>
          cn(
            'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
            isActive ? 'bg-accent text-accent-foreground' : 'text-foreground hover:bg-muted',
          )
        }
      >
        <MessageSquareIcon className="size-4" aria-hidden />
        {/* The space keeps the title and the count two words in the visible text, as in the name. */}
        {t('link.title')} <UnreadBadge count={unread} className="ml-auto" />
      </NavLink>
    )
  }
  return (
    <>
      <MessagingLiveSync />
      <Button variant="ghost" size="icon" className="relative" asChild>
        <NavLink to="/messages" aria-label={label} title={t('link.title')}>
          <MessageSquareIcon className="size-5" aria-hidden />
          <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5" />
        </NavLink>
      </Button>
    </>
  )
}
