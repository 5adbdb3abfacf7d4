import type { TConnectionRequest } from '@vouched/shared/connections'
import { isValid, parseISO } from 'date-fns'
import { XIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { useCancelConnectionRequest } from '../connections.api'
import { formatDay } from '../../../lib/time'
import { DiscoverUsersButton, EmptyState } from './network-empty-state'
import { displayName, MemberHeading } from './network-member-heading'

/** The day a request was sent ('MMM d, yyyy' in English), undefined when unreadable. */
function sentDay(value: string) {
  const date = parseISO(value)
  return isValid(date) ? formatDay(date) : undefined
}

/** My Network's Sent tab: the member's own requests, each of which they may cancel. */
export function SentList({ requests }: { requests: TConnectionRequest[] }) {
  const { t } = useTranslation('connections')
  if (requests.length === 0) {
    return (
      <EmptyState title={t('network.noSent')}>
        <DiscoverUsersButton />
      </EmptyState>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('network.sentLabel')}>
      {requests.map((request) => (
        <SentItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function SentItem({ request }: { request: TConnectionRequest }) {
  const { t } = useTranslation('connections')
  const cancel = useCancelConnectionRequest()
  const name = displayName(request.toUser)
  const day = sentDay(request.createdAt)
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={request.toUser}
          extra={
            <span className="text-xs text-muted-foreground">
              {day ? t('network.sentOn', { date: day }) : t('network.sentRecently')}
            </span>
          }
        />
        {request.message ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">{request.message}</p>
        ) : null}
        <div className="mt-auto flex">
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            aria-label={t('network.cancelTo', { name })}
            onClick={() =>
              void cancel.mutateAsync(request.id).then(
                () => toast({ title: t('network.canceled') }),
                () =>
                  toast({ title: t('error'), description: t('network.cancelError'), variant: 'destructive' }),
              )
            }
          >
            <XIcon aria-hidden />
            {t('cancel')}
          </Button>
        </div>
      </Card>
    </li>
  )
}
