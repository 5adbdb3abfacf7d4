import { MEDAL_THRESHOLDS, MEDAL_TIERS, type TMedalTier } from './endorsements.constants'

/** The profile-completeness checklist on home, in the order it shows. */
export const ONBOARDING_STEPS = [
  'picture',
  'title',
  'bio',
  'location',
  'workEmail',
  'connection',
  'endorsementGiven',
] as const

export type TOnboardingStep = (typeof ONBOARDING_STEPS)[number]

/** How many of a member's most received skills show their progress towards the next medal. */
export const MEDAL_PROGRESS_SKILLS = 5

/** A member is greeted as new (not "Welcome back") for the first day of their account. */
export const NEW_MEMBER_MS = 24 * 60 * 60 * 1000

export const isNewMember = (createdAt: string, now = Date.now()) => {
  const created = Date.parse(createdAt)
  return !Number.isNaN(created) && now - created < NEW_MEMBER_MS
}

/** The next medal a skill received `count` times can earn and how many endorsements it needs; null at platinum. */
export function nextMedal(count: number): { tier: TMedalTier; threshold: number } | null {
  const tier = MEDAL_TIERS.find((t) => count < MEDAL_THRESHOLDS[t])
  return tier ? { tier, threshold: MEDAL_THRESHOLDS[tier] } : null
}
