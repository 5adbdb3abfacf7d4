import { z } from 'zod'
import { MEDAL_TIERS } from './endorsements.constants'
import { ONBOARDING_STEPS } from './onboarding.constants'

export * from './onboarding.constants'

/** GET /api/onboarding: each step of the checklist, done or not, in ONBOARDING_STEPS order. */
export const ZOnboarding = z.object({
  steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
  complete: z.boolean(),
})

export type TOnboarding = z.infer<typeof ZOnboarding>

/**
 * GET /api/medals/progress: the member's most received skills with the medal they hold (or null)
 * and the next one (null once platinum), so the profile can say "7 of 10 endorsements to bronze".
 */
export const ZSkillProgress = z.object({
  skillName: z.string(),
  count: z.number().int(),
  tier: z.enum(MEDAL_TIERS).nullable(),
  nextTier: z.enum(MEDAL_TIERS).nullable(),
  nextThreshold: z.number().int().nullable(),
})

export type TSkillProgress = z.infer<typeof ZSkillProgress>

export const ZMedalProgress = z.object({ skills: z.array(ZSkillProgress) })

export type TMedalProgress = z.infer<typeof ZMedalProgress>
