import { PageContainer } from '../../components/layout/page-container'
import { NotificationsFeed } from '../../features/notifications/components/notifications-feed'
import {
  NOTIFICATION_PAGE_TEXTS as P,
  NOTIFICATION_TEXTS as T,
} from '../../features/notifications/notifications.texts'
import { useDocumentTitle } from '../../lib/use-document-title'

/** /notifications: every notification, filtered by type, loading more as the reader scrolls. */
export default function NotificationsPage() {
  useDocumentTitle(T.title)
  return (
    <PageContainer className="mx-auto grid max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{P.pageIntro}</p>
      </div>
      <NotificationsFeed />
    </PageContainer>
  )
}
