import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/layout/page-container'
import { EndorseButton } from '../../features/endorsements/components/endorse-button'
import { EndorsementRequestsList } from '../../features/endorsement-requests/components/endorsement-requests-list'
import { RequestContext } from '../../features/endorsement-requests/components/request-context'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * /endorsement-requests: vouch requests received and sent. Vouch opens the endorsements feature's
 * dialog prefilled with the request's skills and category; vouching fulfils the request on the server.
 */
export default function EndorsementRequestsPage() {
  const { t } = useTranslation('endorsement-requests')
  useDocumentTitle(t('pageTitle'))
  return (
    <PageContainer className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pageTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('pageIntro')}</p>
      </div>
      <EndorsementRequestsList
        renderVouch={(request) => (
          <EndorseButton
            target={request.fromUser}
            size="sm"
            label={t('vouch')}
            prefill={{ category: request.category, hashtags: request.hashtags }}
            context={<RequestContext request={request} />}
          />
        )}
      />
    </PageContainer>
  )
}
