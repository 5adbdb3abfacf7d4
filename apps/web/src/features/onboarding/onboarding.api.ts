import { queryOptions } from '@tanstack/react-query'
import type { TMedalProgress, TOnboarding } from '@vouched/shared/onboarding'
import { api } from '../../lib/api-client'

export const onboardingKeys = {
  all: ['onboarding'] as const,
  checklist: ['onboarding', 'checklist'] as const,
  medalProgress: ['onboarding', 'medal-progress'] as const,
}

/**
 * Home's checklist. Steps are done on other pages (profile, network, discover), which do not know
 * about it, so it is read again each time home shows rather than kept for the session.
 */
export const onboardingQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.checklist,
    queryFn: () => api.get<TOnboarding>('/api/onboarding'),
    staleTime: 0,
  })

/** The own profile's medal progress; endorsements arrive from others, so it is read on each visit. */
export const medalProgressQuery = () =>
  queryOptions({
    queryKey: onboardingKeys.medalProgress,
    queryFn: () => api.get<TMedalProgress>('/api/medals/progress'),
    staleTime: 0,
  })
