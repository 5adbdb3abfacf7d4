import { useQuery, usePrefetchQuery } from '@tanstack/react-query'
import { isNewMember } from '@vouched/shared/onboarding.constants'
import { UserRoundIcon } from 'lucide-react'
import { useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Button } from '../../components/ui/button'
import { settingsQuery } from '../../features/account/account.api'
import { homeAnnouncementsQuery } from '../../features/announcements/announcements.api'
import { AnnouncementsSection } from '../../features/announcements/components/announcements-section'
import { PopularHashtagsCard } from '../../features/discovery/components/popular-hashtags-card'
import { PopularPeopleSection } from '../../features/discovery/components/popular-people-section'
import { popularHashtagsQuery, popularMembersQuery } from '../../features/discovery/discovery.api'
import { useEndorseTarget } from '../../features/discovery/hooks/use-endorse-target'
import { CreateEndorsementDialog } from '../../features/endorsements/components/create-endorsement-dialog'
import { FediverseFeedSection } from '../../features/fediverse-feed/components/fediverse-feed-section'
import { AskToVouch } from '../../features/onboarding/components/ask-to-vouch'
import { OnboardingChecklist } from '../../features/onboarding/components/onboarding-checklist'
import { onboardingQuery } from '../../features/onboarding/onboarding.api'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * Home dashboard (SPEC.md §2): welcome, the checklist and the link to ask for endorsements until the
 * profile is complete, announcements, people to discover, popular hashtags, and what the fediverse
 * accounts the member follows post (where the instance federates and the member publishes, issue 30).
 */
export default function HomePage() {
  const { t } = useTranslation('app')
  const { t: tOnboarding } = useTranslation('onboarding')
  useDocumentTitle(t('home.documentTitle'))
  const { user } = useCurrentUser()
  const endorse = useEndorseTarget()
  usePrefetchQuery(homeAnnouncementsQuery())
  usePrefetchQuery(popularMembersQuery())
  usePrefetchQuery(popularHashtagsQuery())
  // Everything below the announcements waits for them (its data is fetched meanwhile): drawn first,
  // it would be pushed down when they arrive, a layout shift under the reader's eyes. It is drawn in
  // a deferred render, which React splits into short tasks after the announcements are on screen.
  const announcementsSettled = !useQuery(homeAnnouncementsQuery()).isPending
  // The checklist sits above the announcements, so they wait for it (fetched beside them from the
  // start) for the same reason; a failed checklist shows nothing rather than holding the page.
  const onboarding = useQuery(onboardingQuery())
  const checklistSettled = !onboarding.isPending
  const showRest = useDeferredValue(announcementsSettled && checklistSettled, false)
  const settings = useQuery(settingsQuery()).data
  const showFediverse = Boolean(settings?.federationAvailable && settings.federated)
  if (!user) return null
  const firstName = (user.fullName || user.username).split(/\s+/)[0] ?? user.username

  return (
    <PageContainer className="grid grid-cols-1 gap-8">
      <header className="flex flex-col gap-4 rounded-2xl border bg-gradient-to-br from-accent/70 via-card to-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {isNewMember(user.createdAt)
              ? tOnboarding('greeting.new', { name: firstName })
              : tOnboarding('greeting.back', { name: firstName })}
          </h1>
          <p className="text-muted-foreground">{t('home.tagline')}</p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to={`/profile/${encodeURIComponent(user.username)}`}>
            <UserRoundIcon aria-hidden />
            {t('home.viewProfile')}
          </Link>
        </Button>
      </header>

      {onboarding.data && !onboarding.data.complete ? (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <OnboardingChecklist onboarding={onboarding.data} username={user.username} />
          </div>
          <AskToVouch username={user.username} />
        </div>
      ) : null}

      {checklistSettled ? <AnnouncementsSection /> : null}

      {showRest ? (
        <>
          <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <PopularPeopleSection onEndorse={endorse.onEndorse} />
              {showFediverse ? (
                <div className="mt-8">
                  <FediverseFeedSection />
                </div>
              ) : null}
            </div>
            <aside className="grid min-w-0 grid-cols-1 gap-6" aria-label={t('home.trending')}>
              <PopularHashtagsCard />
              {onboarding.data?.complete ? <AskToVouch username={user.username} /> : null}
            </aside>
          </div>
        </>
      ) : null}

      {endorse.target ? <CreateEndorsementDialog target={endorse.target} {...endorse.dialogProps} /> : null}
    </PageContainer>
  )
}
