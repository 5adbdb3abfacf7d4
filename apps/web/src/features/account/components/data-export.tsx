import { DownloadIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { EXPORT_URL } from '../account.api'

/** Download my data: the browser saves the JSON archive under the server's file name. */
export function DataExport() {
  const { t } = useTranslation('account')
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('dataExport.explanation')}</p>
      <Button asChild variant="outline" className="justify-self-start">
        <a href={EXPORT_URL} download>
          <DownloadIcon aria-hidden />
          {t('dataExport.download')}
        </a>
      </Button>
    </div>
  )
}
