import { Loader2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Stands in a dialog's body while its form, a chunk of its own fetched on opening, loads. */
export function DialogLoading() {
  const { t } = useTranslation('common')
  return (
    <div role="status" className="flex min-h-40 items-center justify-center text-muted-foreground">
      <Loader2Icon className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{t('loading')}</span>
    </div>
  )
}
