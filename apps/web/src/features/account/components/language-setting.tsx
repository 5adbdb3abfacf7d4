import { useTranslation } from 'react-i18next'
import { LanguageSelect } from '../../../components/layout/language-select'

/** The language on /settings: this device's choice for now (kept in localStorage). */
export function LanguageSetting() {
  const { t } = useTranslation('account')
  return (
    <div className="grid gap-2">
      <LanguageSelect />
      <p className="text-sm text-muted-foreground">{t('language.hint')}</p>
    </div>
  )
}
