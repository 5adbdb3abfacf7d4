import type { TEndorsementRequest } from '@vouched/shared/endorsement-requests'
import { REQUEST_TEXTS as T } from '../endorsement-requests.texts'

/** What the endorsement dialog answers when opened from a request: its message, and why anonymity leaves it open. */
export function RequestContext({ request }: { request: TEndorsementRequest }) {
  return (
    <div className="grid gap-2 text-sm">
      {request.message ? (
        <blockquote className="border-l-2 pl-3 break-words text-foreground/80">{request.message}</blockquote>
      ) : null}
      <p className="text-xs text-muted-foreground">{T.anonymousNote}</p>
    </div>
  )
}
