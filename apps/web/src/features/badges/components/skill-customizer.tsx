import { BADGE_MAX_HASHTAGS } from '@vouched/shared/badges'
import { CheckIcon, PlusIcon, SearchIcon, XIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { cn } from '../../../lib/cn'
import type { BadgeSelection } from '../hooks/use-badge-selection'

type SkillCustomizerProps = {
  /** Skills the member received, most endorsed first. */
  available: readonly string[]
  selection: BadgeSelection
}

/** Picks the skills the badge shows: selected chips, a filterable list of the member's skills, Clear all. */
export function SkillCustomizer({ available, selection }: SkillCustomizerProps) {
  const { t } = useTranslation('badges')
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const needle = filter.trim().replace(/^#/, '').toLowerCase()
  const shown = needle ? available.filter((tag) => tag.toLowerCase().includes(needle)) : available

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">{t('customizer.title')}</CardTitle>
        <CardDescription>{t('customizer.description', { max: BADGE_MAX_HASHTAGS })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <section aria-labelledby={`${filterId}-selected`} className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-2">
            <h3 id={`${filterId}-selected`} className="text-sm font-medium">
              <Trans
                t={t}
                i18nKey="customizer.selected"
                values={{ chosen: selection.hashtags.length, max: BADGE_MAX_HASHTAGS }}
                components={{ muted: <span className="text-muted-foreground" /> }}
              />
            </h3>
            <Button
              variant="ghost"
              size="sm"
              onClick={selection.clear}
              disabled={selection.hashtags.length === 0}
            >
              {t('customizer.clearAll')}
            </Button>
          </div>
          {selection.hashtags.length === 0 ? (
            <p className="rounded-lg border border-dashed px-3 py-2.5 text-sm text-muted-foreground">
              {t('customizer.noneSelected')}
            </p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={t('customizer.selectedLabel')}>
              {selection.hashtags.map((tag) => (
                <li key={tag}>
                  <span className="inline-flex items-center gap-1 rounded-full bg-primary py-1 pr-1 pl-3 text-sm font-medium text-primary-foreground">
                    #{tag}
                    <button
                      type="button"
                      onClick={() => selection.remove(tag)}
                      aria-label={t('customizer.remove', { tag })}
                      className="-my-0.5 inline-flex size-6 items-center justify-center rounded-full hover:bg-primary-foreground/20"
                    >
                      <XIcon className="size-3.5" aria-hidden />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">{t('customizer.available')}</h3>
          <Label htmlFor={filterId} className="sr-only">
            {t('customizer.filterLabel')}
          </Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t('customizer.filterPlaceholder')}
              className="pl-9"
              disabled={available.length === 0}
            />
          </div>
          {available.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('customizer.noSkills')}</p>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground" role="status">
              {t('customizer.noMatch', { text: filter.trim() })}
            </p>
          ) : (
            // p-1: room inside the scrolling list for the chips' focus outline (2 px, 2 px out).
            <ul
              className="flex max-h-56 flex-wrap gap-2 overflow-y-auto p-1"
              aria-label={t('customizer.available')}
            >
              {shown.map((tag) => {
                const selected = selection.isSelected(tag)
                return (
                  <li key={tag}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      disabled={!selected && selection.isFull}
                      onClick={() => selection.toggle(tag)}
                      className={cn(
                        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors outline-none disabled:cursor-not-allowed disabled:opacity-50',
                        selected
                          ? 'border-primary bg-accent text-accent-foreground'
                          : 'border-border bg-card hover:border-primary/50 hover:bg-muted',
                      )}
                    >
                      {selected ? (
                        <CheckIcon className="size-3.5" aria-hidden />
                      ) : (
                        <PlusIcon className="size-3.5 text-muted-foreground" aria-hidden />
                      )}
                      #{tag}
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
          {selection.isFull ? (
            <p className="text-xs text-muted-foreground">
              {t('customizer.full', { max: BADGE_MAX_HASHTAGS })}
            </p>
          ) : null}
        </section>
      </CardContent>
    </Card>
  )
}
