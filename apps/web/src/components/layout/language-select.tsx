import { LOCALE_NAMES, LOCALES, isLocale, type TLocale } from '@vouched/shared/locale'
import { LanguagesIcon } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn'
import { changeLocale, currentLocale } from '../../lib/i18n/i18n'

/**
 * This device's language: a labelled native select (the phone's own picker on phones), each language
 * named in itself. The choice is kept in localStorage; a member's saved setting, once there, wins.
 */
export function LanguageSelect({
  className,
  onChoose,
}: {
  className?: string
  /** Applies a choice instead of switching this device alone (the member's setting on /settings). */
  onChoose?: (locale: TLocale) => void
}) {
  const { t } = useTranslation('common')
  const id = useId()
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <LanguagesIcon className="size-4 text-muted-foreground" aria-hidden />
        {t('languageSelect.label')}
      </label>
      <select
        id={id}
        value={currentLocale()}
        onChange={(event) => {
          const next = event.target.value
          if (!isLocale(next)) return
          if (onChoose) onChoose(next)
          else void changeLocale(next, { remember: true })
        }}
        className="h-9 min-w-0 rounded-md border border-input bg-card px-2 text-sm shadow-xs outline-none focus-visible:border-ring"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  )
}
