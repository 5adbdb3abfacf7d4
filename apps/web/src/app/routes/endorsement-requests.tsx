import { PageContainer } from '../../components/layout/page-container'
import { EndorseButton } from '../../features/endorsements/components/endorse-button'
import { EndorsementRequestsList } from '../../features/endorsement-requests/components/endorsement-requests-list'
import { RequestContext } from '../../features/endorsement-requests/components/request-context'
import { REQUEST_TEXTS as T } from '../../features/endorsement-requests/endorsement-requests.texts'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * /endorsement-requests: vouch requests received and sent. Vouch opens the endorsements feature's
 * dialog prefilled with the request's skills and category; vouching fulfils the request on the server.
 */
export default function EndorsementRequestsPage() {
  useDocumentTitle(T.pageTitle)
  return (
    <PageContainer className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{T.pageTitle}</h1>
        <p className="text-sm text-muted-foreground">{T.pageIntro}</p>
      </div>
      <EndorsementRequestsList
        renderVouch={(request) => (
          <EndorseButton
            target={request.fromUser}
            size="sm"
            label={T.vouch}
            prefill={{ category: request.category, hashtags: request.hashtags }}
            context={<RequestContext request={request} />}
          />
        )}
      />
    </PageContainer>
  )
}
