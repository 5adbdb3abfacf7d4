import { useTranslation } from 'react-i18next'
import {
  PROFESSIONAL_CATEGORIES,
  SOCIAL_CATEGORIES,
  progressPercent,
  type TCategory,
} from '@vouched/shared/endorsements.constants'
import type { TCategoryScore } from '@vouched/shared/profiles'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { BriefcaseIcon, UsersIcon, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { formatScore } from '../../../lib/numbers'
import { useSharedText } from '../../../lib/i18n/shared-text'

type Props = { scores: TCategoryScore[] }

/** Reputation categories in two groups (SPEC.md §2): score, a bar capped at 100 percent, tag chips. */
export function CategoryScores({ scores }: Props) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <CategoryGroup
        title={t('categories.professional')}
        icon={BriefcaseIcon}
        categories={PROFESSIONAL_CATEGORIES}
        scores={scores}
        emptyText={sharedText(PROFILE_MESSAGES.noProfessional)}
      />
      <CategoryGroup
        title={t('categories.social')}
        icon={UsersIcon}
        categories={SOCIAL_CATEGORIES}
        scores={scores}
        emptyText={sharedText(PROFILE_MESSAGES.noSocial)}
      />
    </div>
  )
}

type GroupProps = {
  title: string
  icon: LucideIcon
  categories: readonly TCategory[]
  scores: TCategoryScore[]
  emptyText: string
}

function CategoryGroup({ title, icon: Icon, categories, scores, emptyText }: GroupProps) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  const shown = categories
    .map((category) => scores.find((s) => s.category === category))
    .filter((s): s is TCategoryScore => Boolean(s))
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-primary" aria-hidden />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="grid gap-4">
            {shown.map((score) => (
              <li key={score.category} className="grid gap-1.5">
                <div className="flex items-baseline justify-between gap-2">
                  <h3 className="text-sm font-medium">{sharedText(score.category)}</h3>
                  <span className="text-sm font-semibold tabular-nums">{formatScore(score.score)}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t('categories.score', { category: sharedText(score.category) })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progressPercent(score.score)}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${progressPercent(score.score)}%` }}
                  />
                </div>
                {score.tags.length > 0 ? (
                  <ul
                    className="flex flex-wrap gap-1"
                    aria-label={t('categories.tags', { category: sharedText(score.category) })}
                  >
                    {score.tags.map((tag) => (
                      <li key={tag}>
                        <Link
                          to={`/discover?tag=${encodeURIComponent(tag)}`}
                          className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground hover:bg-accent hover:text-accent-foreground"
                        >
                          #{tag}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
