import { useQuery } from '@tanstack/react-query'
import {
  BADGE_HASHTAG_MAX,
  BADGE_MAX_HASHTAGS,
  BADGE_MESSAGES,
  PUBLIC_BADGE_HEIGHT,
  badgePageTitle,
  parseHashtagList,
  shownHashtags,
} from '@vouched/shared/badges'
import { AlertCircleIcon, SparklesIcon, UserXIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { Logo } from '../../components/layout/logo'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { badgeEmbedQuery } from '../../features/badges/badges.api'
import { BadgeFrame } from '../../features/badges/components/badge-preview'
import { ShareLinkButton } from '../../features/badges/components/share-link-button'
import { useBadgePageMeta } from '../../features/badges/hooks/use-badge-page-meta'
import { isApiError } from '../../lib/api-client'
import { useCurrentUser } from '../../lib/session'
import { badgeShareTextIn } from '../../lib/badge-share-text'
import { useSharedText } from '../../lib/i18n/shared-text'

/** The public badge page (no sign-in): the badge, Share Badge, a join button, or 'User not found'. */
export default function BadgePage() {
  const sharedText = useSharedText()
  const { t } = useTranslation('app')
  const { username = '' } = useParams()
  const [params] = useSearchParams()
  const hashtagParam = params.get('hashtags')
  const queryTags = useMemo(
    () =>
      parseHashtagList(hashtagParam)
        .filter((tag) => tag.length <= BADGE_HASHTAG_MAX)
        .slice(0, BADGE_MAX_HASHTAGS),
    [hashtagParam],
  )
  const { user } = useCurrentUser()
  const embed = useQuery(badgeEmbedQuery(username, queryTags))
  const [timestamp] = useState(() => Date.now())

  const shown = embed.data ? shownHashtags(embed.data.hashtags, embed.data.selectedHashtags) : queryTags
  useBadgePageMeta(username, shown, embed.data?.badgeUrl)

  const notFound = embed.isError && isApiError(embed.error) && embed.error.status === 404

  return (
    <div className="flex flex-1 flex-col items-center bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_60%)] px-4 py-8 sm:py-14">
      {user ? null : (
        <header className="mb-8">
          <Link to="/" aria-label={t('shared.homeLabel')}>
            <Logo />
          </Link>
        </header>
      )}
      {notFound ? (
        <div className="flex w-full max-w-md flex-col gap-4">
          <h1 className="sr-only">{t('badge.srTitle')}</h1>
          <Alert variant="destructive" role="alert">
            <UserXIcon aria-hidden />
            <AlertTitle>{sharedText(BADGE_MESSAGES.userNotFound)}</AlertTitle>
            <AlertDescription>{t('badge.noSuchMember', { username })}</AlertDescription>
          </Alert>
          <Button asChild variant="outline" className="self-center">
            <Link to="/">{t('shared.goHome')}</Link>
          </Button>
        </div>
      ) : (
        <Card className="w-full max-w-md overflow-hidden">
          <CardContent className="flex flex-col items-center gap-5 p-6 text-center sm:p-8">
            <div className="flex flex-col gap-1.5">
              <h1 className="text-2xl font-bold tracking-tight">@{username}</h1>
              <p className="text-sm text-muted-foreground">{t('badge.intro')}</p>
            </div>
            {embed.isPending ? (
              <Skeleton className="h-[350px] w-[300px] rounded-3xl" />
            ) : embed.isError ? (
              <Alert variant="destructive" role="alert" className="text-left">
                <AlertCircleIcon aria-hidden />
                <AlertTitle>{sharedText(BADGE_MESSAGES.loadFailed)}</AlertTitle>
              </Alert>
            ) : (
              <BadgeFrame
                username={username}
                hashtags={embed.data.selectedHashtags}
                timestamp={timestamp}
                height={PUBLIC_BADGE_HEIGHT}
                // A picture, not a page: the badge fills its top 300 px, the rest of the frame is transparent.
                className="pointer-events-none -mb-10"
              />
            )}
            <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              {embed.data ? (
                <ShareLinkButton
                  url={embed.data.badgePageUrl}
                  title={badgePageTitle(username, shown)}
                  text={badgeShareTextIn({
                    username,
                    isOwner: user?.username.toLowerCase() === username.toLowerCase(),
                    hashtags: shown,
                  })}
                />
              ) : null}
              <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
                <Link to="/">
                  <SparklesIcon aria-hidden />
                  {user ? t('badge.goToVouched') : t('badge.joinVouched')}
                </Link>
              </Button>
            </div>
            {user ? null : <p className="text-xs text-muted-foreground">{t('badge.pitch')}</p>}
          </CardContent>
        </Card>
      )}
      <p className="mt-8 text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="badge.footer"
          components={{
            anchor: (
              <Link to="/verify" className="underline-offset-2 hover:text-foreground hover:underline" />
            ),
          }}
        />
      </p>
    </div>
  )
}
