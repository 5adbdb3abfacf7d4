import { Trans, useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TTrust, TTrustSource } from '@vouched/shared/trust'
import { formatTrustScore, sharePercent, TRUST_MESSAGES } from '@vouched/shared/trust.constants'
import { ShieldCheckIcon } from 'lucide-react'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { trustQuery } from '../trust.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

type Props = { username: string }

/** The trust score beside the reputation (docs/reputation.md): how much trust reaches the member, and from whom. */
export function TrustCard({ username }: Props) {
  const sharedText = useSharedText()
  const { t } = useTranslation('trust')
  const trust = useQuery(trustQuery(username))
  return (
    <Card aria-labelledby="trust-title">
      <CardHeader>
        <CardTitle as="h2" id="trust-title" className="flex items-center gap-2">
          <ShieldCheckIcon className="size-4" aria-hidden />
          {t('card.title')}
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {trust.isPending ? (
          <Skeleton className="h-12 w-full" aria-label={t('card.loading')} />
        ) : trust.isError ? (
          <p className="text-sm text-muted-foreground">{sharedText(TRUST_MESSAGES.loadFailed)}</p>
        ) : (
          <TrustDetails trust={trust.data} />
        )}
      </CardContent>
    </Card>
  )
}

function TrustDetails({ trust }: { trust: TTrust }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('trust')
  if (!trust.computed)
    return <p className="text-sm text-muted-foreground">{sharedText(TRUST_MESSAGES.notComputed)}</p>
  if (trust.score === 0) {
    return <p className="text-sm text-muted-foreground">{t('card.none')}</p>
  }
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-2xl font-semibold tabular-nums" data-testid="trust-score">
          {formatTrustScore(trust.score)}
        </p>
        <p className="text-sm text-muted-foreground">
          {t('card.average', { percent: Math.floor(trust.percentile) })}
        </p>
        {trust.isSeed ? <Badge variant="secondary">{t('card.seed')}</Badge> : null}
      </div>
      <p className="text-sm" data-testid="trust-explanation">
        {trust.sources.length === 0 ? (
          t('card.hiddenSources')
        ) : (
          <Trans
            t={t}
            i18nKey="card.mostFrom"
            components={{ sources: <SourceList sources={trust.sources} /> }}
          />
        )}
      </p>
    </div>
  )
}

/** "Ana (60%), Ben (25%) and being a seed member (15%)", each member linking to their profile. */
function SourceList({ sources }: { sources: TTrustSource[] }) {
  const { t } = useTranslation('trust')
  return sources.map((source, index) => {
    // trustSourceLabel's words in the app's language.
    const name = source.user ? source.user.fullName || source.user.username : null
    const label = source.kind === 'seed' ? t('card.sourceSeed') : (name ?? t('card.sourceMember'))
    const separator = index === 0 ? '' : index === sources.length - 1 ? t('card.and') : t('card.comma')
    return (
      <Fragment key={source.user?.id ?? 'seed'}>
        {separator}
        {source.user ? (
          <Link
            to={`/profile/${encodeURIComponent(source.user.username)}`}
            className="font-medium hover:underline"
          >
            {label}
          </Link>
        ) : (
          label
        )}{' '}
        ({sharePercent(source.share)})
      </Fragment>
    )
  })
}
