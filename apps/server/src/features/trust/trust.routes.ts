import { ZIdParams, ZOk } from '@vouched/shared/errors'
import { ZUsernameParams } from '@vouched/shared/profiles'
import { ZAddTrustSeedBody, ZTrust, ZTrustRecompute, ZTrustSeed, ZTrustSeeds } from '@vouched/shared/trust'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireAdmin, requireMember } from '../../core/session'
import { createTrustScheduler } from './trust.scheduler'
import { addTrustSeed, getTrust, listTrustSeeds, recomputeTrust, removeTrustSeed } from './trust.service'

export const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  const admins = async (request: FastifyRequest) => void requireAdmin(request)
  const seedWrites = rateLimit(app, {
    name: 'trust.seedWrites',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  // A recompute reads every endorsement: a few by hand are plenty, the background does the rest.
  const recomputes = rateLimit(app, {
    name: 'trust.recomputes',
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  const scheduler = createTrustScheduler(
    () => recomputeTrust(app.db),
    (error) => app.log.warn({ err: error }, 'trust: background recompute failed'),
  )
  // Endorsements given, edited, hidden or removed; and members' rows (a verified work email, a
  // suspension, a deletion). Heard from the database, so changes made by any instance count.
  // Test apps recompute by hand, so a background run never changes scores between two reads: with
  // caches on they hear these changes too, and must not act on them (a recompute once wrote scores
  // under a test that was seeding its own).
  if (app.config.trustInBackground) {
    app.cacheInvalidation.subscribe(['endorsement', 'member'], () => scheduler.schedule())
    app.addHook('onReady', async () => scheduler.start())
  }
  app.addHook('onClose', () => scheduler.close())

  app.get(
    '/api/trust/:username',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZUsernameParams, response: { 200: ZTrust } },
    },
    async (request) => {
      const me = requireMember(request)
      return getTrust(app.db, request.params.username, { id: me.id, isAdmin: me.isAdmin })
    },
  )

  app.get(
    '/api/admin/trust/seeds',
    { onRequest: admins, schema: { response: { 200: ZTrustSeeds } } },
    async () => listTrustSeeds(app.db),
  )

  app.post(
    '/api/admin/trust/seeds',
    {
      onRequest: admins,
      preHandler: [seedWrites],
      schema: { body: ZAddTrustSeedBody, response: { 201: ZTrustSeed } },
    },
    async (request, reply) => {
      const seed = await addTrustSeed(app.db, requireAdmin(request), request.body.username)
      scheduler.schedule()
      return reply.code(201).send(seed)
    },
  )

  app.delete(
    '/api/admin/trust/seeds/:id',
    { onRequest: admins, preHandler: [seedWrites], schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (request) => {
      await removeTrustSeed(app.db, requireAdmin(request), request.params.id)
      scheduler.schedule()
      return { success: true as const }
    },
  )

  app.post(
    '/api/admin/trust/recompute',
    { onRequest: admins, preHandler: [recomputes], schema: { response: { 200: ZTrustRecompute } } },
    async () => recomputeTrust(app.db),
  )
}
