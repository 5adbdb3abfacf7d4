import { ZOk } from '@vouched/shared/errors'
import {
  PUSH_MESSAGES,
  ZPushPublicKey,
  ZPushSubscribeBody,
  ZPushSubscription,
  ZPushUnsubscribeBody,
} from '@vouched/shared/push'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { removeSubscription, upsertSubscription } from './push.service'

/**
 * Web Push subscriptions (issue 27, docs/decisions/147). Session-only: a device subscribes from the
 * website; an API token has no browser to push to.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  const writes = rateLimit(app, {
    name: 'push.writes',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  // The public half only: what a browser needs as its applicationServerKey.
  app.get(
    '/api/push/public-key',
    { onRequest: members, schema: { response: { 200: ZPushPublicKey } } },
    async () => ({ publicKey: (await app.pushDelivery.keys()).publicKey }),
  )

  app.post(
    '/api/push/subscriptions',
    {
      onRequest: members,
      preHandler: [writes],
      schema: { body: ZPushSubscribeBody, response: { 200: ZPushSubscription, 201: ZPushSubscription } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      // Session-only route (no API tokens), so the device is tied to the session that signed in on it.
      const { subscription, created } = await upsertSubscription(
        app.db,
        app.config,
        me.id,
        request.sessionId,
        request.body,
      )
      return reply.code(created ? 201 : 200).send(subscription)
    },
  )

  app.delete(
    '/api/push/subscriptions',
    {
      onRequest: members,
      preHandler: [writes],
      schema: { body: ZPushUnsubscribeBody, response: { 200: ZOk } },
    },
    async (request) => {
      const me = requireMember(request)
      if (!(await removeSubscription(app.db, me.id, request.body.endpoint))) {
        throw new AppError('NOT_FOUND', PUSH_MESSAGES.notFound, 404)
      }
      return { success: true as const }
    },
  )
}
