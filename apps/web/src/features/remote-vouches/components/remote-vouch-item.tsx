import type { TRemoteVouchReceived } from '@vouched/shared/remote-vouches'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** A vouch from another Vouched server, always with its origin: "from @alice@other.host". */
export function RemoteVouchItem({ vouch, actions }: { vouch: TRemoteVouchReceived; actions?: ReactNode }) {
  const { t } = useTranslation('remote-vouches')
  const sharedText = useSharedText()
  return (
    <li className="flex flex-wrap items-start gap-3 rounded-lg border p-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="text-sm font-medium break-words">
          {vouch.name ? <span>{vouch.name} </span> : null}
          <a
            href={vouch.profileUrl}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="text-primary underline-offset-4 hover:underline focus-visible:underline"
          >
            {t('item.from', { handle: vouch.handle })}
          </a>{' '}
          <Badge variant="secondary">{sharedText(vouch.category)}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">{t('item.origin', { instance: vouch.instance })}</p>
        {vouch.note ? <p className="text-sm break-words">{vouch.note}</p> : null}
        {vouch.hashtags.length ? (
          <p className="text-xs text-muted-foreground">{vouch.hashtags.map((tag) => `#${tag}`).join(' ')}</p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  )
}
