import type { QueryClient } from '@tanstack/react-query'
import { settingsQuery } from '../../features/account/account.api'
import { homeAnnouncementsQuery } from '../../features/announcements/announcements.api'
import { popularHashtagsQuery, popularMembersQuery } from '../../features/discovery/discovery.api'
import { onboardingQuery } from '../../features/onboarding/onboarding.api'

/** The home page's requests (PageData in router.tsx); the page asks for the same ones itself. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(homeAnnouncementsQuery())
  void queryClient.prefetchQuery(popularMembersQuery())
  void queryClient.prefetchQuery(popularHashtagsQuery())
  void queryClient.prefetchQuery(onboardingQuery())
  // Whether "From the fediverse" is shown (the top bar's search asks the same).
  void queryClient.prefetchQuery(settingsQuery())
}
