import { useQuery } from '@tanstack/react-query'
import { ArrowLeftIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Skeleton } from '../../components/ui/skeleton'
import { hasCredential, VerifiableChip } from '../../features/credentials/components/verifiable-chip'
import { EndorsementCard } from '../../features/endorsements/components/endorsement-card'
import { EndorsementUnavailable } from '../../features/endorsements/components/endorsement-unavailable'
import { endorsementQuery } from '../../features/endorsements/endorsements.api'
import { ReportDialog } from '../../features/reports/components/report-dialog'
import { isApiError } from '../../lib/api-client'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * /vouches/:id: one endorsement with its comments open, what a notification about an endorsement, a
 * like or a comment opens. The server answers 404 for one the reader may not see (hidden, or its
 * receiver blocked them), so such a link says so plainly.
 */
export default function VouchPage() {
  const { t } = useTranslation('app')
  const { id = '' } = useParams()
  const vouchId = /^\d{1,10}$/.test(id) ? Number(id) : 0
  const { user: me } = useCurrentUser()
  const endorsement = useQuery({ ...endorsementQuery(vouchId), enabled: vouchId > 0 })
  useDocumentTitle(t('vouch.title'))

  if (
    vouchId === 0 ||
    (endorsement.isError && isApiError(endorsement.error) && [400, 404].includes(endorsement.error.status))
  ) {
    return (
      <PageContainer>
        <EndorsementUnavailable />
      </PageContainer>
    )
  }
  if (endorsement.isError) {
    return (
      <PageContainer>
        <h1 className="sr-only">{t('vouch.title')}</h1>
        <Alert variant="destructive" role="alert">
          <AlertTitle>{t('vouch.loadFailed')}</AlertTitle>
          <AlertDescription>{t('shared.tryAgainSoon')}</AlertDescription>
        </Alert>
      </PageContainer>
    )
  }

  const e = endorsement.data
  const receiver = e ? e.toUser.fullName || e.toUser.username : ''
  const isReceiver = e?.toUserId === me?.id
  return (
    <PageContainer className="mx-auto grid max-w-2xl gap-4">
      <Link
        to="/notifications"
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t('vouch.back')}
      </Link>
      {e ? (
        <>
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">
              {isReceiver ? t('vouch.headingOwn') : t('vouch.headingOther', { name: receiver })}
            </h1>
            <p className="text-sm text-muted-foreground">
              <Link
                to={`/profile/${encodeURIComponent(e.toUser.username)}`}
                className="text-primary hover:underline"
              >
                {isReceiver ? t('vouch.seeOwn') : t('vouch.seeProfile', { name: receiver })}
              </Link>
            </p>
          </div>
          <EndorsementCard
            endorsement={e}
            defaultShowComments
            actions={
              <>
                {hasCredential(e) ? (
                  <VerifiableChip kind="vouch" id={e.id} what={t('shared.thisEndorsement')} />
                ) : null}
                {e.fromUserId !== me?.id ? (
                  <ReportDialog
                    targetType="endorsement"
                    targetId={e.id}
                    subject={t('shared.thisEndorsement')}
                  />
                ) : null}
              </>
            }
            renderCommentActions={(comment) =>
              comment.userId !== me?.id ? (
                <ReportDialog
                  targetType="comment"
                  targetId={comment.id}
                  subject={t('shared.commentBy', { name: comment.fullName || comment.username })}
                  trigger="icon"
                />
              ) : null
            }
          />
        </>
      ) : (
        <div className="grid gap-3" aria-label={t('vouch.loading')}>
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      )}
    </PageContainer>
  )
}
