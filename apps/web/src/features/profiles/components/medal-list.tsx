import { Trans, useTranslation } from 'react-i18next'
import { i18n } from '../../../lib/i18n/i18n'
import type { TMedal, TMedalTier } from '@vouched/shared/endorsements'
import { MedalIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '../../../lib/cn'

/** Tier colours: the metals themselves, dark text on a light card and light text on a dark one (AA). */
const TIER_STYLES: Record<TMedalTier, string> = {
  bronze:
    'border-amber-700/30 bg-amber-700/10 text-amber-800 dark:border-amber-500/35 dark:bg-amber-500/15 dark:text-amber-200',
  silver:
    'border-slate-400/40 bg-slate-300/25 text-slate-700 dark:border-slate-400/40 dark:bg-slate-400/15 dark:text-slate-200',
  gold: 'border-yellow-500/40 bg-yellow-400/15 text-yellow-800 dark:border-yellow-400/35 dark:bg-yellow-400/15 dark:text-yellow-200',
  platinum:
    'border-indigo-400/40 bg-indigo-300/15 text-indigo-800 dark:border-indigo-300/40 dark:bg-indigo-400/20 dark:text-indigo-200',
}
/** A tier in words, in the app's language at the time of the call. */
const tierName = (tier: TMedalTier) => i18n.t(`profiles:medal.tiers.${tier}`)

/** "Gold medal in #Rust": a medal in words. */
export const medalName = (medal: Pick<TMedal, 'tier' | 'skillName'>) =>
  i18n.t('profiles:medal.name', { tier: tierName(medal.tier), skill: medal.skillName })

/**
 * Achievement medals: one per skill received at least 10 times, its tier from the count.
 * `renderAction` adds to each medal what the page composes (its "Verifiable" chip).
 */
export function MedalList({
  medals,
  className,
  renderAction,
}: {
  medals: TMedal[]
  className?: string
  renderAction?: (medal: TMedal) => ReactNode
}) {
  const { t } = useTranslation('profiles')
  if (medals.length === 0) return null
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('medal.list')}>
      {medals.map((medal) => (
        <li
          key={medal.id}
          className={cn(
            'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
            TIER_STYLES[medal.tier],
          )}
          title={t('medal.title', {
            tier: t(`medal.tiers.${medal.tier}`),
            count: medal.endorsementCount,
            skill: medal.skillName,
          })}
        >
          <MedalIcon className="size-3.5" aria-hidden />
          <span>
            <Trans
              t={t}
              i18nKey="medal.label"
              values={{ tier: t(`medal.tiers.${medal.tier}`), skill: medal.skillName }}
              components={{ sr: <span className="sr-only" /> }}
            />
          </span>
          {renderAction?.(medal)}
        </li>
      ))}
    </ul>
  )
}
