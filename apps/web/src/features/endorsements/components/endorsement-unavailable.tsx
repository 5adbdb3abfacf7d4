import { EyeOffIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'

/** What a notification opens when its endorsement is gone or not the reader's to see. */
export function EndorsementUnavailable() {
  const { t } = useTranslation('endorsements')
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <EyeOffIcon className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">{t('unavailable.title')}</h1>
      <p className="text-muted-foreground">{t('unavailable.text')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <Link to="/notifications">{t('unavailable.back')}</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">{t('unavailable.home')}</Link>
        </Button>
      </div>
    </div>
  )
}
