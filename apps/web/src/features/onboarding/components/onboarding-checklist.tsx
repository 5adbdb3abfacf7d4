import { useTranslation } from 'react-i18next'
import type { TOnboarding } from '@vouched/shared/onboarding'
import type { TOnboardingStep } from '@vouched/shared/onboarding.constants'
import { CheckCircle2Icon, CircleIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'

/** Where each step is done: the profile holds its fields and the work email, Discover finds people. */
const stepLink = (step: TOnboardingStep, username: string) =>
  step === 'connection' || step === 'endorsementGiven'
    ? '/discover'
    : `/profile/${encodeURIComponent(username)}`

/**
 * The profile-completeness checklist at the top of home (it replaces the Getting Started cards):
 * every step links to where it is done; the page leaves it out once all are done.
 */
export function OnboardingChecklist({ onboarding, username }: { onboarding: TOnboarding; username: string }) {
  const { t } = useTranslation('onboarding')
  const done = onboarding.steps.filter((step) => step.done).length
  const total = onboarding.steps.length
  const percent = Math.round((done / total) * 100)
  // Open steps first, so the next thing to do is at the top.
  const steps = [...onboarding.steps].sort((a, b) => Number(a.done) - Number(b.done))
  return (
    <Card className="grid gap-4 p-5 sm:p-6">
      <section aria-labelledby="checklist-heading" className="grid gap-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="checklist-heading" className="text-lg font-semibold">
              {t('checklist.title')}
            </h2>
            <span className="text-sm font-medium text-muted-foreground tabular-nums">
              {t('checklist.progress', { done, total })}
            </span>
          </div>
          <p className="text-sm text-muted-foreground">{t('checklist.intro')}</p>
        </div>
        <div
          role="progressbar"
          aria-label={t('checklist.completeness')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${percent}%` }} />
        </div>
        <ul className="grid gap-1 sm:grid-cols-2" aria-label={t('checklist.steps')}>
          {steps.map(({ id, done: isDone }) => {
            const text = {
              label: t(`steps.${id}.label`),
              hint: t(`steps.${id}.hint`),
              action: t(`steps.${id}.action`),
            }
            return (
              <li
                key={id}
                data-done={isDone || undefined}
                className={cn(
                  'flex min-w-0 items-start gap-3 rounded-lg p-2',
                  !isDone && 'hover:bg-muted/60',
                )}
              >
                {isDone ? (
                  <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                ) : (
                  <CircleIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className={cn('text-sm font-medium', isDone && 'text-muted-foreground line-through')}>
                    {text.label}
                    <span className="sr-only">{isDone ? t('checklist.done') : t('checklist.todo')}</span>
                  </span>
                  {isDone ? null : (
                    <>
                      <span className="text-xs text-muted-foreground">{text.hint}</span>
                      <Link
                        to={stepLink(id, username)}
                        className="w-fit text-sm font-medium text-primary hover:underline"
                        aria-label={t('checklist.actionLabel', { action: text.action, label: text.label })}
                      >
                        {text.action}
                      </Link>
                    </>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      </section>
    </Card>
  )
}
