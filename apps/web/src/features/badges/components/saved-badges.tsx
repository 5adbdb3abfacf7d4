import { BADGE_MESSAGES, SAVED_BADGE_NAME_MAX } from '@vouched/shared/badges'
import { BookmarkPlusIcon, Trash2Icon } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { toast } from '../../../components/ui/toast'
import { formatDay } from '../../../lib/time'
import type { BadgeSelection } from '../hooks/use-badge-selection'
import { useSavedBadges } from '../hooks/use-saved-badges'
import { useSharedText } from '../../../lib/i18n/shared-text'

type SavedBadgesProps = {
  username: string
  /** Skills the member received: applying a saved badge keeps only those still received. */
  available: readonly string[]
  selection: BadgeSelection
}

/** The owner's named skill sets, kept in this browser (SPEC.md §3/§5). */
export function SavedBadges({ username, available, selection }: SavedBadgesProps) {
  const sharedText = useSharedText()
  const { t } = useTranslation('badges')
  const { badges, save, remove } = useSavedBadges(username)
  const [name, setName] = useState('')
  const nameId = useId()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = save({ name, hashtags: selection.hashtags })
    if (!result.ok) {
      toast({
        title: sharedText(BADGE_MESSAGES.cannotSave),
        description: sharedText(result.message),
        variant: 'destructive',
      })
      return
    }
    setName('')
    toast({ title: t('saved.saved'), description: t('saved.savedDescription', { name: result.badge.name }) })
  }

  const apply = (hashtags: readonly string[]) => {
    const byKey = new Map(available.map((tag) => [tag.toLowerCase(), tag]))
    selection.set(hashtags.flatMap((tag) => byKey.get(tag.toLowerCase()) ?? []))
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle as="h2">{t('saved.title')}</CardTitle>
        <CardDescription>{t('saved.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={nameId}>{t('saved.name')}</Label>
          <div className="flex gap-2">
            <Input
              id={nameId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('saved.namePlaceholder')}
              maxLength={SAVED_BADGE_NAME_MAX}
            />
            <Button type="submit" variant="secondary">
              <BookmarkPlusIcon aria-hidden />
              {t('saved.save')}
            </Button>
          </div>
        </form>
        {badges.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('saved.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label={t('saved.listLabel')}>
            {badges.map((badge) => (
              <li key={badge.id} className="flex items-center gap-3 px-3 py-2.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{badge.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {badge.hashtags.map((tag) => `#${tag}`).join(' ')} ·{' '}
                    {formatDay(new Date(badge.createdAt))}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => apply(badge.hashtags)}
                  aria-label={t('saved.applyLabel', { name: badge.name })}
                >
                  {t('saved.apply')}
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground hover:text-destructive"
                  onClick={() => remove(badge.id)}
                  aria-label={t('saved.deleteLabel', { name: badge.name })}
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
