import { ZVouchIdParams } from '@vouched/shared/endorsements'
import { ZHideResult, ZReputation } from '@vouched/shared/reputation'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { setEndorsementHidden } from '../endorsements/endorsements.hiding.service'
import { getReputation } from './reputation.queries'

export const reputationRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  const writes = rateLimit(app, {
    name: 'reputation.writes',
    max: 120,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  app.get(
    '/api/reputation/me',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZReputation } } },
    async (request) => getReputation(app.db, requireMember(request).id),
  )

  // The receiver hides an endorsement (it stops counting and only they see it) or shows it again.
  for (const [action, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    app.post(
      `/api/vouches/:id/${action}`,
      {
        config: { apiTokens: true },
        onRequest: members,
        preHandler: [writes],
        schema: { params: ZVouchIdParams, response: { 200: ZHideResult } },
      },
      async (request) => setEndorsementHidden(app.db, requireMember(request), request.params.id, hidden),
    )
  }
}
