import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/layout/page-container'
import { NotificationsFeed } from '../../features/notifications/components/notifications-feed'
import { useDocumentTitle } from '../../lib/use-document-title'

/** /notifications: every notification, filtered by type, loading more as the reader scrolls. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications')
  useDocumentTitle(t('title'))
  return (
    <PageContainer className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-sm text-muted-foreground">{t('page.pageIntro')}</p>
      </div>
      <NotificationsFeed />
    </PageContainer>
  )
}
