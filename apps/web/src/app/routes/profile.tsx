import { useQuery } from '@tanstack/react-query'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { BlockButton } from '../../features/blocks/components/block-button'
import { ConnectButton } from '../../features/connections/components/connect-button'
import { hasCredential, VerifiableChip } from '../../features/credentials/components/verifiable-chip'
import { connectionCheckQuery } from '../../features/connections/connections.api'
import { MessageButton } from '../../features/messaging/components/message-button'
import { EndorseButton } from '../../features/endorsements/components/endorse-button'
import { EditEndorsementDialog } from '../../features/endorsements/components/edit-endorsement-dialog'
import { EndorsementList } from '../../features/endorsements/components/endorsement-list'
import { AskVouchButton } from '../../features/endorsement-requests/components/ask-vouch-button'
import { PendingEndorsements } from '../../features/endorsements/components/pending-endorsements'
import { WithdrawEndorsementButton } from '../../features/endorsements/components/withdraw-endorsement-button'
import { MedalProgress } from '../../features/onboarding/components/medal-progress'
import { AboutCard } from '../../features/profiles/components/about-card'
import { CategoryScores } from '../../features/profiles/components/category-scores'
import { medalName } from '../../features/profiles/components/medal-list'
import { ProfileHeader } from '../../features/profiles/components/profile-header'
import { ProfileNotFound } from '../../features/profiles/components/profile-not-found'
import { ProfileStats } from '../../features/profiles/components/profile-stats'
import { ProfileSkeleton } from '../../features/profiles/components/profile-skeleton'
import { WorkEmailCard } from '../../features/profiles/components/verify-email-dialog'
import { profileQuery } from '../../features/profiles/profiles.api'
import { MemberRemoteVouches } from '../../features/remote-vouches/components/member-remote-vouches'
import { PendingRemoteVouches } from '../../features/remote-vouches/components/pending-remote-vouches'
import { ReportDialog } from '../../features/reports/components/report-dialog'
import { HideEndorsementButton } from '../../features/reputation/components/hide-endorsement-button'
import { ReputationBreakdown } from '../../features/reputation/components/reputation-breakdown'
import { TrustCard } from '../../features/trust/components/trust-card'
import { isApiError } from '../../lib/api-client'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useSharedText } from '../../lib/i18n/shared-text'

/** /profile/:username (SPEC.md §2): composes the profiles and endorsements features. */
export default function ProfilePage() {
  const sharedText = useSharedText()
  const { t } = useTranslation('app')
  const { username = '' } = useParams()
  const { user: me } = useCurrentUser()
  const profile = useQuery(profileQuery(username))
  const profileId = profile.data?.user.id ?? 0
  // Shares its cache with the Connect button, so no extra request.
  const connection = useQuery({
    ...connectionCheckQuery(profileId),
    enabled: profileId > 0 && profileId !== me?.id,
  })
  useDocumentTitle(
    profile.data ? profile.data.user.fullName || profile.data.user.username : t('profile.title'),
  )

  if (profile.isPending) {
    return (
      <PageContainer>
        <h1 className="sr-only">{t('profile.title')}</h1>
        <ProfileSkeleton />
      </PageContainer>
    )
  }
  if (profile.isError) {
    const missing =
      isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 403)
    return (
      <PageContainer>
        {missing ? (
          <ProfileNotFound />
        ) : (
          <>
            <h1 className="sr-only">{t('profile.title')}</h1>
            <Alert variant="destructive" role="alert">
              <AlertTitle>{t('profile.loadFailed')}</AlertTitle>
              <AlertDescription>{t('shared.tryAgainSoon')}</AlertDescription>
            </Alert>
          </>
        )}
      </PageContainer>
    )
  }

  const data = profile.data
  const { user } = data
  const isOwn = me?.id === user.id
  const isConnected = !isOwn && connection.data?.isConnected === true
  const target = { id: user.id, username: user.username, fullName: user.fullName }
  return (
    <PageContainer className="grid grid-cols-1 gap-6">
      <ProfileHeader
        user={user}
        reputationScore={data.reputationScore}
        isOwn={isOwn}
        medalAction={(medal) => (
          <VerifiableChip
            kind="medal"
            id={medal.id}
            what={t('profile.medal', { medal: medalName(medal) })}
            compact
            className="-my-px -mr-1.5 ml-0.5 px-1.5 py-0"
          />
        )}
        actions={
          <>
            <EndorseButton target={target} size="sm" shortcut />
            <ConnectButton userId={user.id} name={user.fullName || user.username} size="sm" />
            {isConnected ? (
              <MessageButton userId={user.id} name={user.fullName || user.username} size="sm" />
            ) : null}
          </>
        }
        moreActions={(placement) => (
          <>
            {/* With the other actions on phones: four buttons in a row are wider than 320 px. */}
            {isConnected ? (
              <AskVouchButton target={target} size={placement === 'menu' ? 'default' : 'sm'} />
            ) : null}
            <ReportDialog
              targetType="profile"
              targetId={user.id}
              subject={t('profile.thisProfile')}
              // In the menu the word shows: an unlabeled flag in a column of words says little.
              size={placement === 'menu' ? 'default' : 'sm'}
            />
            <BlockButton
              userId={user.id}
              name={user.fullName || user.username}
              size={placement === 'menu' ? 'default' : 'sm'}
            />
          </>
        )}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <AboutCard bio={user.bio} />
          <ProfileStats user={user} />
          <TrustCard username={user.username} />
          {isOwn ? <WorkEmailCard verified={user.isEmailVerified} /> : null}
          {isOwn ? <MedalProgress username={user.username} /> : null}
        </div>
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-span-2">
          <CategoryScores scores={data.categoryScores} />
          {me ? <PendingEndorsements profileUserId={user.id} isOwn={isOwn} /> : null}
          {isOwn ? <PendingRemoteVouches /> : null}
          <EndorsementList
            username={user.username}
            initialPage={{ vouches: data.vouches, nextCursor: data.nextCursor }}
            emptyText={isOwn ? t('profile.noEndorsementsOwn') : sharedText(PROFILE_MESSAGES.noEndorsements)}
            emptyAction={
              isOwn ? (
                <Button asChild size="sm">
                  <Link to={`/share-badge/${encodeURIComponent(user.username)}`}>
                    {t('profile.askColleague')}
                  </Link>
                </Button>
              ) : null
            }
            noMatchText={sharedText(PROFILE_MESSAGES.noFilterMatch)}
            renderActions={(endorsement) => (
              <>
                {hasCredential(endorsement) ? (
                  <VerifiableChip kind="vouch" id={endorsement.id} what={t('shared.thisEndorsement')} />
                ) : null}
                {isOwn ? (
                  <HideEndorsementButton id={endorsement.id} hidden={endorsement.isHidden === true} />
                ) : null}
                {me && endorsement.fromUserId === me.id ? (
                  <>
                    <EditEndorsementDialog endorsement={endorsement} />
                    <WithdrawEndorsementButton id={endorsement.id} />
                  </>
                ) : null}
                {endorsement.fromUserId !== me?.id ? (
                  <ReportDialog
                    targetType="endorsement"
                    targetId={endorsement.id}
                    subject={t('shared.thisEndorsement')}
                  />
                ) : null}
              </>
            )}
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
          {me ? <MemberRemoteVouches username={user.username} /> : null}
          {isOwn ? <ReputationBreakdown /> : null}
        </div>
      </div>
    </PageContainer>
  )
}
