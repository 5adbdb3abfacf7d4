import type { TConnectionRequest } from '@vouched/shared/connections'
import { format, isValid, parseISO } from 'date-fns'
import { XIcon } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { useCancelConnectionRequest } from '../connections.api'
import { CONNECTION_TEXTS as T } from '../connections.texts'
import { DiscoverUsersButton, EmptyState } from './network-empty-state'
import { displayName, MemberHeading } from './network-member-heading'

/** 'MMM d, yyyy', or 'recently' for an unreadable date. */
function formatDate(value: string) {
  const date = parseISO(value)
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'recently'
}

/** My Network's Sent tab: the member's own requests, each of which they may cancel. */
export function SentList({ requests }: { requests: TConnectionRequest[] }) {
  if (requests.length === 0) {
    return (
      <EmptyState title={T.noSent}>
        <DiscoverUsersButton />
      </EmptyState>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Sent requests">
      {requests.map((request) => (
        <SentItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function SentItem({ request }: { request: TConnectionRequest }) {
  const cancel = useCancelConnectionRequest()
  const name = displayName(request.toUser)
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={request.toUser}
          extra={<span className="text-xs text-muted-foreground">Sent {formatDate(request.createdAt)}</span>}
        />
        {request.message ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">{request.message}</p>
        ) : null}
        <div className="mt-auto flex">
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            aria-label={`Cancel request to ${name}`}
            onClick={() =>
              void cancel.mutateAsync(request.id).then(
                () => toast({ title: T.networkCanceled }),
                () => toast({ title: 'Error', description: T.networkCancelError, variant: 'destructive' }),
              )
            }
          >
            <XIcon aria-hidden />
            {T.cancel}
          </Button>
        </div>
      </Card>
    </li>
  )
}
