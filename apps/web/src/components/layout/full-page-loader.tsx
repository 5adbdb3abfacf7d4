import { Loader2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Shown while the session or a page module loads. */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common')
  return (
    <div role="status" className="flex min-h-[50vh] w-full items-center justify-center text-muted-foreground">
      <Loader2Icon className="size-6 animate-spin" aria-hidden />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  )
}
