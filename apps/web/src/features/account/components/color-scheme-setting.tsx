import { COLOR_SCHEMES, COLOR_SCHEME_LABELS } from '@vouched/shared/appearance'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../lib/cn'
import { useColorSchemeChoice } from '../hooks/use-color-scheme-choice'
import { COLOR_SCHEME_ICONS } from './color-scheme-menu'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The colour scheme on /settings: three radio buttons drawn as one segmented control. */
export function ColorSchemeSetting() {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const { scheme, choose } = useColorSchemeChoice()
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">{t('colorScheme.theme')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg border bg-muted p-1">
        {COLOR_SCHEMES.map((option) => {
          const Icon = COLOR_SCHEME_ICONS[option]
          const checked = scheme === option
          return (
            <label
              key={option}
              className={cn(
                'flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-md px-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked
                  ? 'bg-card text-foreground shadow-sm ring-1 ring-border'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="color-scheme"
                value={option}
                checked={checked}
                onChange={() => choose(option)}
                className="sr-only"
              />
              <Icon className="size-4" aria-hidden />
              {sharedText(COLOR_SCHEME_LABELS[option])}
            </label>
          )
        })}
      </div>
      <p className="text-sm text-muted-foreground">{t('colorScheme.hint')}</p>
    </fieldset>
  )
}
