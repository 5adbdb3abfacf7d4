import { useTranslation } from 'react-i18next'
import { LanguageSelect } from '../../../components/layout/language-select'
import { useLanguageChoice } from '../hooks/use-language-choice'

/** The language on /settings: this device's choice, and a signed-in member's saved `locale`. */
export function LanguageSetting() {
  const { t } = useTranslation('account')
  const { choose } = useLanguageChoice()
  return (
    <div className="grid gap-2">
      <LanguageSelect onChoose={choose} />
      <p className="text-sm text-muted-foreground">{t('language.hint')}</p>
    </div>
  )
}
