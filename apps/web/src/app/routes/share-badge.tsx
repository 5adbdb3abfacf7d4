import { useQuery } from '@tanstack/react-query'
import { BADGE_MESSAGES, BADGE_PREVIEW_HEIGHT, shownHashtags } from '@vouched/shared/badges'
import { formatScore } from '../../lib/numbers'
import { AlertCircleIcon, ArrowLeftIcon, ExternalLinkIcon, ShieldCheckIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { toast } from '../../components/ui/toast'
import { badgeEmbedQuery } from '../../features/badges/badges.api'
import { BadgeFrame, DownloadBadgeButton } from '../../features/badges/components/badge-preview'
import { SavedBadges } from '../../features/badges/components/saved-badges'
import { ShareTabs } from '../../features/badges/components/share-tabs'
import { SkillCustomizer } from '../../features/badges/components/skill-customizer'
import { useBadgeSelection } from '../../features/badges/hooks/use-badge-selection'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'
import { badgeShareTextIn } from '../../lib/badge-share-text'
import { useSharedText } from '../../lib/i18n/shared-text'

export default function ShareBadgePage() {
  const sharedText = useSharedText()
  const { t } = useTranslation('app')
  useDocumentTitle(t('shareBadge.title'))
  const { username = '' } = useParams()
  const { user } = useCurrentUser()
  const navigate = useNavigate()
  const selection = useBadgeSelection()
  // The member's badge data (available skills) once, then the embed code of the current selection.
  const base = useQuery(badgeEmbedQuery(username))
  const embed = useQuery({ ...badgeEmbedQuery(username, selection.hashtags), enabled: base.isSuccess })

  const missingBadgeUrl = base.isSuccess && !base.data.badgeUrl
  useEffect(() => {
    if (missingBadgeUrl) toast({ title: sharedText(BADGE_MESSAGES.missingBadgeUrl), variant: 'destructive' })
  }, [missingBadgeUrl, sharedText])

  const heading = (
    <div className="mb-6 flex flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('shareBadge.title')}</h1>
      <p className="text-muted-foreground">
        {user && user.username.toLowerCase() === username.toLowerCase()
          ? t('shareBadge.introOwn')
          : t('shareBadge.introOther', { username })}
      </p>
    </div>
  )

  if (base.isPending) {
    return (
      <PageContainer>
        {heading}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[340px_minmax(0,1fr)]">
          <Skeleton className="h-[420px] rounded-xl" />
          <div className="flex flex-col gap-6">
            <Skeleton className="h-64 rounded-xl" />
            <Skeleton className="h-80 rounded-xl" />
          </div>
        </div>
      </PageContainer>
    )
  }

  if (base.isError || missingBadgeUrl) {
    return (
      <PageContainer>
        {heading}
        <Card className="mx-auto max-w-lg">
          <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <AlertCircleIcon className="size-6" aria-hidden />
            </span>
            <p role="alert" className="font-medium">
              {sharedText(BADGE_MESSAGES.loadFailed)}
            </p>
            <Button
              variant="outline"
              onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
            >
              <ArrowLeftIcon aria-hidden />
              {t('shareBadge.goBack')}
            </Button>
          </CardContent>
        </Card>
      </PageContainer>
    )
  }

  const member = base.data
  const current = embed.data ?? member
  const isOwner = !!user && user.username.toLowerCase() === username.toLowerCase()
  const shown = shownHashtags(member.hashtags, selection.hashtags)
  const shareText = badgeShareTextIn({ username, isOwner, hashtags: shown })
  const shareSubject = isOwner ? t('shareBadge.subjectOwn') : t('shareBadge.subjectOther', { username })

  return (
    <PageContainer>
      {heading}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[340px_minmax(0,1fr)]">
        <Card className="lg:sticky lg:top-20">
          <CardContent className="flex flex-col gap-4 p-5">
            <div className="flex items-center justify-between">
              <h2 className="text-base font-semibold">{t('shareBadge.preview')}</h2>
              <span className="text-sm text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey="shareBadge.reputation"
                  values={{ score: formatScore(member.reputationScore) }}
                  components={{ score: <span className="font-semibold text-foreground" /> }}
                />
              </span>
            </div>
            <div className="flex justify-center">
              <BadgeFrame
                username={username}
                hashtags={selection.hashtags}
                timestamp={selection.timestamp}
                height={BADGE_PREVIEW_HEIGHT}
              />
            </div>
            <DownloadBadgeButton username={username} hashtags={selection.hashtags} />
            <Button asChild variant="ghost" size="sm">
              <Link
                to={`/badge/${encodeURIComponent(username)}${selection.hashtags.length ? `?hashtags=${encodeURIComponent(selection.hashtags.join(','))}` : ''}`}
              >
                <ExternalLinkIcon aria-hidden />
                {t('shareBadge.viewPublic')}
              </Link>
            </Button>
            {/* The badge image carries the credentials of the medals it shows (issue 26). */}
            <Button asChild variant="ghost" size="sm">
              <Link to="/verify">
                <ShieldCheckIcon aria-hidden />
                {t('shared.verifyBadge')}
              </Link>
            </Button>
          </CardContent>
        </Card>
        <div className="flex min-w-0 flex-col gap-6">
          <SkillCustomizer available={member.hashtags} selection={selection} />
          <ShareTabs username={username} embed={current} shareText={shareText} shareSubject={shareSubject} />
          {isOwner ? (
            <SavedBadges username={username} available={member.hashtags} selection={selection} />
          ) : null}
        </div>
      </div>
    </PageContainer>
  )
}
