import { useQuery } from '@tanstack/react-query'
import {
  DIGEST_DESCRIPTIONS,
  DIGEST_FREQUENCIES,
  DIGEST_LABELS,
  DIGEST_MESSAGES,
  DIGEST_SAVED_MESSAGES,
  type TDigestFrequency,
} from '@vouched/shared/digest'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useSharedText } from '../../../lib/i18n/shared-text'
import { settingsQuery, useSaveSettings } from '../account.api'

/**
 * The digest mail of unread notifications (docs/decisions/148): off, daily or weekly, as one segmented
 * radio group that saves at once. While a choice is saving it shows as chosen; a failure puts back
 * the saved one.
 */
export function DigestSetting() {
  const { t } = useTranslation('account')
  const st = useSharedText()
  const settings = useQuery(settingsQuery())
  const save = useSaveSettings()
  const descriptionId = useId()
  const saved = settings.data?.digest ?? 'off'
  const shown: TDigestFrequency = (save.isPending && save.variables.digest) || saved
  // Not while saving: a disabled radio would drop the keyboard focus. A second choice simply wins.
  const disabled = settings.isPending || settings.isError

  const choose = (digest: TDigestFrequency) => {
    if (digest === shown) return
    save.mutate(
      { digest },
      {
        onSuccess: () => toast({ title: st(DIGEST_SAVED_MESSAGES[digest]) }),
        onError: (error) =>
          toast({
            title: st(DIGEST_MESSAGES.failed),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <fieldset className="grid gap-3" aria-describedby={descriptionId} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t('digestSetting.legend')}</legend>
      <p className="text-sm text-muted-foreground">{t('digestSetting.intro')}</p>
      <div className="grid grid-cols-3 gap-1 rounded-lg border bg-muted p-1">
        {DIGEST_FREQUENCIES.map((option) => {
          const checked = shown === option
          return (
            <label
              key={option}
              className={cn(
                'flex min-h-10 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed',
                checked
                  ? 'bg-card text-foreground shadow-sm ring-1 ring-border'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="digest"
                value={option}
                checked={checked}
                onChange={() => choose(option)}
                className="sr-only"
              />
              {st(DIGEST_LABELS[option])}
            </label>
          )
        })}
      </div>
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {settings.isError ? t('digestSetting.loadFailed') : st(DIGEST_DESCRIPTIONS[shown])}
      </p>
    </fieldset>
  )
}
