import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TSkillProgress } from '@vouched/shared/onboarding'
import { MedalIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { medalProgressQuery } from '../onboarding.api'

const progressText = (t: TFunction<'onboarding'>, skill: TSkillProgress) =>
  skill.nextTier && skill.nextThreshold
    ? t('medal.toNext', {
        received: skill.count,
        threshold: skill.nextThreshold,
        tier: t(`medal.tiers.${skill.nextTier}`),
        skill: skill.skillName,
      })
    : t('medal.top', { received: skill.count, skill: skill.skillName })

/** On one's own profile: how far each top skill is from its next medal. */
export function MedalProgress({ username }: { username: string }) {
  const { t } = useTranslation('onboarding')
  const progress = useQuery(medalProgressQuery())
  const skills = progress.data?.skills ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <MedalIcon className="size-4 text-primary" aria-hidden />
          {t('medal.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('medal.intro')}</p>
      </CardHeader>
      <CardContent>
        {progress.isPending ? (
          <p className="text-sm text-muted-foreground">{t('medal.loading')}</p>
        ) : progress.isError ? (
          <p className="text-sm text-destructive">{t('medal.loadError')}</p>
        ) : skills.length === 0 ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">{t('medal.empty')}</p>
            <Link
              to={`/share-badge/${encodeURIComponent(username)}`}
              className="w-fit text-sm font-medium text-primary hover:underline"
            >
              {t('medal.emptyAction')}
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4" aria-label={t('medal.title')}>
            {skills.map((skill) => {
              const text = progressText(t, skill)
              const percent = skill.nextThreshold
                ? Math.round((skill.count / skill.nextThreshold) * 100)
                : 100
              return (
                <li key={skill.skillName} className="grid gap-1.5">
                  <span className="text-sm">{text}</span>
                  <div
                    role="progressbar"
                    aria-label={text}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="h-2 overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
