import { useQuery } from '@tanstack/react-query'
import type { TConnectionRequest } from '@vouched/shared/connections'
import { CheckIcon, UserPlusIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorMessage } from '../../../lib/api-client'
import { countedName } from '../../../lib/count-badge'
import { formatAge } from '../../../lib/time'
import { TopBarPopover, TopBarPopoverNote } from '../../../components/layout/top-bar-popover'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import {
  pendingRequestsQuery,
  useAcceptConnectionRequest,
  useRejectConnectionRequest,
} from '../connections.api'
import { useConnectionsLiveRefresh } from '../hooks/use-connections-live-refresh'

type Props = {
  /** 'bar': icon button in the top bar; 'menu': full-width row in the mobile side menu. */
  placement?: 'bar' | 'menu'
  /** Poll every 30 s: set while the live event stream is down (SPEC.md §9). */
  poll?: boolean
}

/** The top bar's Connection Requests dropdown (SPEC.md §2): pending requests with Accept and Reject. */
export function ConnectionRequestsDropdown({ placement = 'bar', poll = false }: Props) {
  const { t } = useTranslation('connections')
  const [open, setOpen] = useState(false)
  const pending = useQuery(pendingRequestsQuery(poll))
  useConnectionsLiveRefresh()
  const requests = pending.data?.requests ?? []
  const count = requests.length

  return (
    <TopBarPopover
      placement={placement}
      icon={UserPlusIcon}
      title={t('requests.title')}
      label={countedName(t('requests.title'), count, t('requests.pendingWord'))}
      count={count}
      badgeTestId="connection-requests-badge"
      open={open}
      onOpenChange={setOpen}
      popoverClassName="max-h-96 w-80"
      headerAction={
        count > 0 ? (
          <span className="text-xs text-muted-foreground">{t('requests.pendingCount', { count })}</span>
        ) : null
      }
    >
      {pending.isPending ? (
        <TopBarPopoverNote>{t('requests.loading')}</TopBarPopoverNote>
      ) : pending.isError && !pending.data ? (
        <TopBarPopoverNote tone="error">{t('requests.loadFailed')}</TopBarPopoverNote>
      ) : count === 0 ? (
        <TopBarPopoverNote>{t('requests.none')}</TopBarPopoverNote>
      ) : (
        <ul className="divide-y">
          {requests.map((request) => (
            <RequestItem key={request.id} request={request} onNavigate={() => setOpen(false)} />
          ))}
        </ul>
      )}
    </TopBarPopover>
  )
}

function RequestItem({ request, onNavigate }: { request: TConnectionRequest; onNavigate: () => void }) {
  const { t } = useTranslation('connections')
  const accept = useAcceptConnectionRequest()
  const reject = useRejectConnectionRequest()
  const busy = accept.isPending || reject.isPending
  const name = request.fromFullName || request.fromUsername
  const profile = `/profile/${encodeURIComponent(request.fromUsername)}`

  const onAccept = () =>
    void accept.mutateAsync(request.id).then(
      () => toast({ title: t('requests.acceptedTitle'), description: t('requests.acceptedDescription') }),
      (error: unknown) =>
        toast({ title: t('requests.acceptError'), description: errorMessage(error), variant: 'destructive' }),
    )
  const onReject = () =>
    void reject.mutateAsync(request.id).then(
      () => toast({ title: t('requests.rejectedTitle') }),
      (error: unknown) =>
        toast({ title: t('requests.rejectError'), description: errorMessage(error), variant: 'destructive' }),
    )

  return (
    <li className="flex gap-3 px-4 py-3" aria-label={t('requests.itemLabel', { name })}>
      <Link to={profile} onClick={onNavigate} tabIndex={-1} aria-hidden className="shrink-0">
        {/* SPEC.md §2: picture, else the upper-cased first letter of the username, else 'U'. */}
        <UserAvatar src={request.fromProfilePicture} username={request.fromUsername} className="size-10" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2">
          <Link to={profile} onClick={onNavigate} className="truncate text-sm font-semibold hover:underline">
            {name}
          </Link>
          <span className="shrink-0 text-xs text-muted-foreground">{formatAge(request.createdAt)}</span>
        </div>
        <span className="truncate text-xs text-muted-foreground">@{request.fromUsername}</span>
        {request.message ? (
          <p className="rounded-md bg-muted px-2 py-1.5 text-xs break-words text-foreground">
            {request.message}
          </p>
        ) : null}
        <div className="mt-1 flex gap-2">
          <Button
            size="sm"
            onClick={onAccept}
            disabled={busy}
            aria-label={t('requests.acceptFrom', { name })}
          >
            <CheckIcon aria-hidden />
            {t('accept')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onReject}
            disabled={busy}
            aria-label={t('requests.rejectFrom', { name })}
          >
            <XIcon aria-hidden />
            {t('reject')}
          </Button>
        </div>
      </div>
    </li>
  )
}
