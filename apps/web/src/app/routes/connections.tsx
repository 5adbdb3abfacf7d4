import { AlertTriangleIcon, HandHeartIcon, RefreshCwIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorBoundary } from '../../components/layout/error-boundary'
import { PageContainer } from '../../components/layout/page-container'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { NetworkTabs } from '../../features/connections/components/network-tabs'
import { CONNECTION_TEXTS as T } from '../../features/connections/connections.texts'
import { MessageButton } from '../../features/messaging/components/message-button'
import { AskVouchButton } from '../../features/endorsement-requests/components/ask-vouch-button'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'

/** My Network (SPEC.md §2): connections, pending and sent requests, inside the page's error boundary. */
export default function ConnectionsPage() {
  const { t } = useTranslation('app')
  const { t: tr } = useTranslation('endorsement-requests')
  useDocumentTitle(t('connections.title'))
  const { user } = useCurrentUser()
  if (!user) return null
  return (
    <PageContainer className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('connections.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('connections.intro')}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/endorsement-requests">
            <HandHeartIcon aria-hidden />
            {tr('openList')}
          </Link>
        </Button>
      </div>
      <ErrorBoundary fallback={() => <NetworkError />}>
        <NetworkTabs
          userId={user.id}
          connectionActions={(connection) => (
            <>
              <MessageButton
                userId={connection.id}
                name={connection.fullName || connection.username}
                size="sm"
              />
              <AskVouchButton target={connection} size="sm" />
            </>
          )}
        />
      </ErrorBoundary>
    </PageContainer>
  )
}

function NetworkError() {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <AlertTriangleIcon className="size-8 text-destructive" aria-hidden />
      <h2 className="text-lg font-semibold">{T.errorTitle}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{T.errorText}</p>
      <Button onClick={() => window.location.reload()}>
        <RefreshCwIcon aria-hidden />
        {T.refreshPage}
      </Button>
    </Card>
  )
}
