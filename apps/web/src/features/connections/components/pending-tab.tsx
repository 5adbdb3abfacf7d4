import type { TConnectionRequest } from '@vouched/shared/connections'
import { CheckIcon, XIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatAge } from '../../../lib/time'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { useAcceptConnectionRequest, useRejectConnectionRequest } from '../connections.api'
import { EmptyState } from './network-empty-state'
import { displayName, MemberHeading } from './network-member-heading'

/** My Network's Pending tab: requests to the member, with Accept and Reject. */
export function PendingList({ requests }: { requests: TConnectionRequest[] }) {
  const { t } = useTranslation('connections')
  if (requests.length === 0) return <EmptyState title={t('network.noPending')} />
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('network.pendingLabel')}>
      {requests.map((request) => (
        <PendingItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function PendingItem({ request }: { request: TConnectionRequest }) {
  const { t } = useTranslation('connections')
  const accept = useAcceptConnectionRequest()
  const reject = useRejectConnectionRequest()
  const name = displayName(request.fromUser)
  const failure = (description: string) => toast({ title: t('error'), description, variant: 'destructive' })
  const busy = accept.isPending || reject.isPending
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={request.fromUser}
          extra={<span className="text-xs text-muted-foreground">{formatAge(request.createdAt)}</span>}
        />
        {request.message ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">{request.message}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            className="flex-1"
            disabled={busy}
            aria-label={t('requests.acceptFrom', { name })}
            onClick={() =>
              void accept.mutateAsync(request.id).then(
                () => toast({ title: t('network.accepted') }),
                () => failure(t('network.acceptError')),
              )
            }
          >
            <CheckIcon aria-hidden />
            {t('accept')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1"
            disabled={busy}
            aria-label={t('requests.rejectFrom', { name })}
            onClick={() =>
              void reject.mutateAsync(request.id).then(
                () => toast({ title: t('network.rejected') }),
                () => failure(t('network.rejectError')),
              )
            }
          >
            <XIcon aria-hidden />
            {t('reject')}
          </Button>
        </div>
      </Card>
    </li>
  )
}
