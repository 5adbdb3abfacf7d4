import { ZPendingEndorsements, ZUpdateEndorsementBody } from '@vouched/shared/endorsement-review'
import { ZEndorsement, ZVouchIdParams } from '@vouched/shared/endorsements'
import { ZOk } from '@vouched/shared/errors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { listPendingEndorsements } from './endorsements.pending'
import {
  acceptEndorsement,
  declineEndorsement,
  editEndorsement,
  withdrawEndorsement,
} from './endorsements.review'

/** Review before showing, editing and withdrawing endorsements (issue 25; docs/decisions/119 and 120). */
export const endorsementReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  const writes = rateLimit(app, {
    name: 'endorsements.reviewWrites',
    max: 120,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })

  app.get(
    '/api/vouches/pending',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZPendingEndorsements } } },
    async (request) => {
      const me = requireMember(request)
      return listPendingEndorsements(app.db, { id: me.id, isAdmin: me.isAdmin })
    },
  )

  app.post(
    '/api/vouches/:id/accept',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZVouchIdParams, response: { 200: ZEndorsement } },
    },
    async (request) => acceptEndorsement(app.db, requireMember(request), request.params.id),
  )

  app.post(
    '/api/vouches/:id/decline',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZVouchIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await declineEndorsement(app.db, app.config, requireMember(request), request.params.id)
      return { success: true as const }
    },
  )

  app.patch(
    '/api/vouches/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZVouchIdParams, body: ZUpdateEndorsementBody, response: { 200: ZEndorsement } },
    },
    async (request) => editEndorsement(app.db, requireMember(request), request.params.id, request.body),
  )

  app.delete(
    '/api/vouches/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZVouchIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await withdrawEndorsement(app.db, app.config, requireMember(request), request.params.id)
      return { success: true as const }
    },
  )
}
