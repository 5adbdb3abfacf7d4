import {
  ANNOUNCEMENTS_LIMIT_MAX,
  ZAnnouncement,
  ZAnnouncementList,
  ZAnnouncementsQuery,
  ZCreateAnnouncementBody,
  ZUpdateAnnouncementBody,
} from '@vouched/shared/announcements'
import { ZIdParams, ZOk } from '@vouched/shared/errors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireAdminAccess } from '../../core/admin-access'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireAdmin, requireMember } from '../../core/session'
import { listAnnouncements } from './announcements.queries'
import { createAnnouncement, removeAnnouncement, setAnnouncementPinned } from './announcements.service'

export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const writes = rateLimit(app, {
    name: 'announcements.writes',
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })
  // Checked before the body is validated: a visitor gets 401 and a member 403, whatever they sent.
  const members = async (request: FastifyRequest) => void requireMember(request)
  const admins = async (request: FastifyRequest) => void (await requireAdminAccess(request))

  app.get(
    '/api/announcements',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { querystring: ZAnnouncementsQuery, response: { 200: ZAnnouncementList } },
    },
    async (request) => {
      requireMember(request)
      return listAnnouncements(app.db, request.query)
    },
  )

  app.get(
    '/api/announcements/pinned',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZAnnouncementList } } },
    async (request) => {
      requireMember(request)
      return listAnnouncements(app.db, { pinned: true, limit: ANNOUNCEMENTS_LIMIT_MAX })
    },
  )

  app.post(
    '/api/announcements',
    {
      onRequest: admins,
      preHandler: [writes],
      schema: { body: ZCreateAnnouncementBody, response: { 201: ZAnnouncement } },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      return reply.status(201).send(await createAnnouncement(app.db, admin, request.body))
    },
  )

  app.patch(
    '/api/announcements/:id',
    {
      onRequest: admins,
      preHandler: [writes],
      schema: { params: ZIdParams, body: ZUpdateAnnouncementBody, response: { 200: ZAnnouncement } },
    },
    async (request) => {
      const admin = requireAdmin(request)
      return setAnnouncementPinned(app.db, admin, request.params.id, request.body.pinned)
    },
  )

  app.delete(
    '/api/announcements/:id',
    { onRequest: admins, preHandler: [writes], schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (request) => {
      const admin = requireAdmin(request)
      await removeAnnouncement(app.db, admin, request.params.id)
      return { success: true as const }
    },
  )
}
