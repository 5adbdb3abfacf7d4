import { useQuery } from '@tanstack/react-query'
import { ANNOUNCEMENT_MESSAGES } from '@vouched/shared/announcements.constants'
import { MegaphoneIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { Skeleton } from '../../../components/ui/skeleton'
import { homeAnnouncementsQuery } from '../announcements.api'
import { AnnouncementCard } from './announcement-card'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * The home page's announcements (SPEC.md §2): every pinned one plus up to 3 unpinned ones, newest
 * first. Renders nothing when there are none.
 */
export function AnnouncementsSection() {
  const sharedText = useSharedText()
  const { t } = useTranslation('announcements')
  const { data, isPending, isError } = useQuery(homeAnnouncementsQuery())
  if (isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>{sharedText(ANNOUNCEMENT_MESSAGES.loadError)}</AlertDescription>
      </Alert>
    )
  }
  if (isPending) {
    return (
      <div aria-busy="true" aria-label={t('section.loading')} className="grid gap-3">
        <Skeleton className="h-24 w-full" />
      </div>
    )
  }
  if (data.length === 0) return null
  return (
    <section aria-labelledby="announcements-heading" className="grid gap-3">
      <h2 id="announcements-heading" className="flex items-center gap-2 text-lg font-semibold">
        <MegaphoneIcon className="size-5 text-primary" aria-hidden />
        {t('section.title')}
      </h2>
      <div className="grid gap-3">
        {data.map((announcement) => (
          <AnnouncementCard key={announcement.id} announcement={announcement} />
        ))}
      </div>
    </section>
  )
}
