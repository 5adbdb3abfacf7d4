import {
  ZAdminConversationPage,
  ZAdminEndorsementPage,
  ZAdminHashtagPage,
  ZAdminListQuery,
  ZAdminMessagePage,
  ZAdminUser,
  ZAdminUserPage,
  ZAuditPage,
  ZUpdateAdminUserBody,
} from '@vouched/shared/admin'
import { ZIdParams, ZOk } from '@vouched/shared/errors'
import type { FastifyRequest } from 'fastify'
import { prepareActorDeletion } from '../federation/federation.actor-deletion.service'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireAdminAccess } from '../../core/admin-access'
import { requireAdmin } from '../../core/session'
import {
  conversationExists,
  listAudit,
  listConversationMessages,
  listConversations,
  listEndorsements,
  listHashtags,
  listUsers,
} from './admin.queries'
import { deleteEndorsement, deleteHashtag, deleteMember, setAdminRights } from './admin.service'

const ok = { success: true as const }

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Admins only (visitors 401, members 403), checked before any input is looked at.
  // With REQUIRE_ADMIN_2FA=1, only those who turned two-factor sign-in on (docs/decisions/141).
  app.addHook('onRequest', async (request: FastifyRequest) => void (await requireAdminAccess(request)))
  const writes = rateLimit(app, {
    name: 'admin.writes',
    max: 120,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })
  // The member's sessions were deleted: this instance forgets them now, not when the database's word
  // arrives a moment later, so a revoked admin is not answered as one in between.
  const endedSessions = (memberId: number) =>
    app.cacheInvalidation.announce({ kind: 'session', ids: [memberId] })

  app.get(
    '/api/admin/users',
    { schema: { querystring: ZAdminListQuery, response: { 200: ZAdminUserPage } } },
    async (request) => listUsers(app.db, request.query),
  )

  app.patch(
    '/api/admin/users/:id',
    {
      preHandler: [writes],
      schema: { params: ZIdParams, body: ZUpdateAdminUserBody, response: { 200: ZAdminUser } },
    },
    async (request) => {
      const updated = await setAdminRights(
        app.db,
        requireAdmin(request),
        request.params.id,
        request.body.isAdmin,
      )
      endedSessions(request.params.id)
      return updated
    },
  )

  app.delete(
    '/api/admin/users/:id',
    { preHandler: [writes], schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (request) => {
      const targetId = request.params.id
      await deleteMember(app.db, app.config, requireAdmin(request), targetId, () =>
        prepareActorDeletion(app, targetId),
      )
      endedSessions(request.params.id)
      return ok
    },
  )

  app.get(
    '/api/admin/vouches',
    { schema: { querystring: ZAdminListQuery, response: { 200: ZAdminEndorsementPage } } },
    async (request) => listEndorsements(app.db, request.query),
  )

  app.delete(
    '/api/admin/vouches/:id',
    { preHandler: [writes], schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (request) => {
      await deleteEndorsement(app.db, app.config, requireAdmin(request), request.params.id)
      return ok
    },
  )

  app.get(
    '/api/admin/hashtags',
    { schema: { querystring: ZAdminListQuery, response: { 200: ZAdminHashtagPage } } },
    async (request) => listHashtags(app.db, request.query),
  )

  app.delete(
    '/api/admin/hashtags/:id',
    { preHandler: [writes], schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (request) => {
      await deleteHashtag(app.db, requireAdmin(request), request.params.id)
      return ok
    },
  )

  app.get(
    '/api/admin/conversations',
    { schema: { querystring: ZAdminListQuery, response: { 200: ZAdminConversationPage } } },
    async (request) => listConversations(app.db, request.query),
  )

  app.get(
    '/api/admin/conversations/:id/messages',
    { schema: { params: ZIdParams, querystring: ZAdminListQuery, response: { 200: ZAdminMessagePage } } },
    async (request) => {
      if (!(await conversationExists(app.db, request.params.id))) throw notFound('Conversation')
      return listConversationMessages(app.db, request.params.id, request.query)
    },
  )

  app.get(
    '/api/admin/audit',
    { schema: { querystring: ZAdminListQuery, response: { 200: ZAuditPage } } },
    async (request) => listAudit(app.db, request.query),
  )
}
