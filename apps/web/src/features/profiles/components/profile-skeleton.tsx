import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../../components/ui/skeleton'

export function ProfileSkeleton() {
  const { t } = useTranslation('profiles')
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={t('skeleton.loading')}>
      <div className="flex items-center gap-4 rounded-xl border bg-card p-6">
        <Skeleton className="size-24 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40 lg:col-span-2" />
      </div>
    </div>
  )
}
