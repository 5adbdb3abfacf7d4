import { ZMedalProgress, ZOnboarding } from '@vouched/shared/onboarding'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireMember } from '../../core/session'
import { getMedalProgress, getOnboarding } from './onboarding.queries'

/** What home's checklist and the profile's medal progress read: always the signed-in member's own. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/onboarding',
    { config: { apiTokens: true }, schema: { response: { 200: ZOnboarding } } },
    async (request) => getOnboarding(app.db, requireMember(request)),
  )

  app.get(
    '/api/medals/progress',
    { config: { apiTokens: true }, schema: { response: { 200: ZMedalProgress } } },
    async (request) => ({
      skills: await getMedalProgress(app.db, requireMember(request).id),
    }),
  )
}
