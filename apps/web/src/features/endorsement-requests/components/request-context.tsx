import { useTranslation } from 'react-i18next'
import type { TEndorsementRequest } from '@vouched/shared/endorsement-requests'

/** What the endorsement dialog answers when opened from a request: its message, and why anonymity leaves it open. */
export function RequestContext({ request }: { request: TEndorsementRequest }) {
  const { t } = useTranslation('endorsement-requests')
  return (
    <div className="grid gap-2 text-sm">
      {request.message ? (
        <blockquote className="border-l-2 pl-3 break-words text-foreground/80">{request.message}</blockquote>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('anonymousNote')}</p>
    </div>
  )
}
