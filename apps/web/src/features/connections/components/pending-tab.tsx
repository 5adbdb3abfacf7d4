import type { TConnectionRequest } from '@vouched/shared/connections'
import { CheckIcon, XIcon } from 'lucide-react'
import { formatAge } from '../../../lib/time'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { useAcceptConnectionRequest, useRejectConnectionRequest } from '../connections.api'
import { CONNECTION_TEXTS as T } from '../connections.texts'
import { EmptyState } from './network-empty-state'
import { displayName, MemberHeading } from './network-member-heading'

const failure = (description: string) => toast({ title: 'Error', description, variant: 'destructive' })

/** My Network's Pending tab: requests to the member, with Accept and Reject. */
export function PendingList({ requests }: { requests: TConnectionRequest[] }) {
  if (requests.length === 0) return <EmptyState title={T.noPending} />
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Pending requests">
      {requests.map((request) => (
        <PendingItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function PendingItem({ request }: { request: TConnectionRequest }) {
  const accept = useAcceptConnectionRequest()
  const reject = useRejectConnectionRequest()
  const name = displayName(request.fromUser)
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
            aria-label={`Accept request from ${name}`}
            onClick={() =>
              void accept.mutateAsync(request.id).then(
                () => toast({ title: T.networkAccepted }),
                () => failure(T.networkAcceptError),
              )
            }
          >
            <CheckIcon aria-hidden />
            {T.accept}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1"
            disabled={busy}
            aria-label={`Reject request from ${name}`}
            onClick={() =>
              void reject.mutateAsync(request.id).then(
                () => toast({ title: T.networkRejected }),
                () => failure(T.networkRejectError),
              )
            }
          >
            <XIcon aria-hidden />
            {T.reject}
          </Button>
        </div>
      </Card>
    </li>
  )
}
