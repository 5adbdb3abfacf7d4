import { Trans, useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TReputationItem } from '@vouched/shared/reputation'
import { formatMultiplier, formatPlainNumber, formatScore } from '../../../lib/numbers'
import { REPUTATION_MESSAGES } from '@vouched/shared/reputation.constants'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { formatRelativeTime } from '../../../lib/time'
import { reputationQuery } from '../reputation.api'
import { HideEndorsementButton } from './hide-endorsement-button'
import { useSharedText } from '../../../lib/i18n/shared-text'

// One endorsement's points keep their exact value (6.25 for a reciprocal 12.5): this card explains the sum.
const points = (value: number) =>
  formatPlainNumber(Number.isInteger(value) ? value : Math.round(value * 1000) / 1000)

function formula(item: TReputationItem) {
  const parts = [item.basePoints, ...item.factors.map((f) => f.multiplier)].map(formatPlainNumber)
  return parts.join(' × ')
}

/** Your reputation, endorsement by endorsement: points and the factors behind them (own profile only). */
export function ReputationBreakdown() {
  const sharedText = useSharedText()
  const { t } = useTranslation('reputation')
  const reputation = useQuery(reputationQuery())
  return (
    <Card aria-labelledby="reputation-title">
      <CardHeader>
        <CardTitle as="h2" id="reputation-title">
          {t('breakdown.title')}
        </CardTitle>
        <CardDescription>{t('breakdown.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {reputation.isPending ? (
          <Skeleton className="h-24 w-full" aria-label={t('breakdown.loading')} />
        ) : reputation.isError ? (
          <p className="text-sm text-destructive">{sharedText(REPUTATION_MESSAGES.loadFailed)}</p>
        ) : reputation.data.endorsements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('breakdown.empty')}</p>
        ) : (
          <div className="grid gap-3">
            <p className="text-sm">
              <Trans
                t={t}
                i18nKey={
                  reputation.data.hiddenEndorsements > 0 ? 'breakdown.summaryHidden' : 'breakdown.summary'
                }
                values={{
                  score: formatScore(reputation.data.reputationScore),
                  count: reputation.data.countedEndorsements,
                  hidden: reputation.data.hiddenEndorsements,
                }}
                components={{ score: <span className="text-2xl font-semibold" /> }}
              />
            </p>
            {reputation.data.remotePoints ? (
              <p className="text-sm text-muted-foreground">
                {t('breakdown.remote', { points: formatScore(reputation.data.remotePoints) })}
              </p>
            ) : null}
            <ul className="divide-y rounded-lg border" aria-label={t('breakdown.list')}>
              {reputation.data.endorsements.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {item.fromUser ? (
                        <Link to={`/profile/${item.fromUser.username}`} className="hover:underline">
                          {item.fromUser.fullName || item.fromUser.username}
                        </Link>
                      ) : (
                        t('breakdown.anonymous')
                      )}{' '}
                      <span className="font-normal text-muted-foreground">· {sharedText(item.category)}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {formatRelativeTime(item.createdAt)} · {formula(item)}
                      {item.hidden ? ` · ${t('breakdown.hiddenNote')}` : ''}
                    </p>
                    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('breakdown.factors')}>
                      {item.factors.map((factor) => (
                        <li key={factor.key}>
                          <Badge variant={factor.key === 'reciprocal' ? 'outline' : 'secondary'}>
                            {factor.label} {formatMultiplier(factor.multiplier)}
                          </Badge>
                        </li>
                      ))}
                      {item.hidden ? (
                        <li>
                          <Badge variant="destructive">
                            {item.hiddenReason === 'block'
                              ? t('breakdown.hiddenBlocked')
                              : t('breakdown.hidden')}{' '}
                            0x
                          </Badge>
                        </li>
                      ) : null}
                    </ul>
                  </div>
                  <span
                    className="w-20 text-right font-semibold tabular-nums"
                    aria-label={t('breakdown.pointsLabel', { points: points(item.points) })}
                  >
                    {t('breakdown.points', { points: points(item.points) })}
                  </span>
                  {item.hiddenReason === 'block' ? null : (
                    <HideEndorsementButton id={item.id} hidden={item.hidden} />
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
