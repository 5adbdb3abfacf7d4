import { useQuery } from '@tanstack/react-query'
import type { TSkillProgress } from '@vouched/shared/onboarding'
import { MedalIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { medalProgressQuery } from '../onboarding.api'
import { MEDAL_PROGRESS_TEXTS as T } from '../onboarding.texts'

const progressText = (skill: TSkillProgress) =>
  skill.nextTier && skill.nextThreshold
    ? T.toNext(skill.count, skill.nextThreshold, skill.nextTier, skill.skillName)
    : T.top(skill.count, skill.skillName)

/** On one's own profile: how far each top skill is from its next medal. */
export function MedalProgress({ username }: { username: string }) {
  const progress = useQuery(medalProgressQuery())
  const skills = progress.data?.skills ?? []
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <MedalIcon className="size-4 text-primary" aria-hidden />
          {T.title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
      </CardHeader>
      <CardContent>
        {progress.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : progress.isError ? (
          <p className="text-sm text-destructive">{T.loadError}</p>
        ) : skills.length === 0 ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">{T.empty}</p>
            <Link
              to={`/share-badge/${encodeURIComponent(username)}`}
              className="w-fit text-sm font-medium text-primary hover:underline"
            >
              {T.emptyAction}
            </Link>
          </div>
        ) : (
          <ul className="grid gap-4" aria-label={T.title}>
            {skills.map((skill) => {
              const text = progressText(skill)
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
