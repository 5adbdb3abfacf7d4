import { ZIdParams } from '@vouched/shared/errors'
import {
  ZAdminReportPage,
  ZAdminReportsQuery,
  ZCreateReportBody,
  ZDismissReportBody,
  ZReport,
  ZResolveReportBody,
  ZSuspendBody,
  ZSuspension,
} from '@vouched/shared/reports'
import { ZOk } from '@vouched/shared/errors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireAdmin, requireMember } from '../../core/session'
import type { Member } from '../../core/user-shapes'
import {
  createReport,
  dismissReport,
  listReports,
  resolveReport,
  suspendMember,
  unsuspendMember,
} from './reports.service'

const toSuspension = (user: Member) => ({
  id: user.id,
  suspendedAt: user.suspendedAt?.toISOString() ?? null,
  suspensionReason: user.suspensionReason,
})

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked before any input is looked at: visitors 401, members 403 on the admin routes.
  const members = async (request: FastifyRequest) => void requireMember(request)
  const admins = async (request: FastifyRequest) => void requireAdmin(request)
  const reportLimit = rateLimit(app, {
    name: 'reports.reportLimit',
    max: 20,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const adminWrites = rateLimit(app, {
    name: 'reports.adminWrites',
    max: 120,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })

  app.post(
    '/api/reports',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [reportLimit],
      schema: { body: ZCreateReportBody, response: { 201: ZReport } },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(app.db, requireMember(request), request.body)),
  )

  app.get(
    '/api/admin/reports',
    { onRequest: admins, schema: { querystring: ZAdminReportsQuery, response: { 200: ZAdminReportPage } } },
    async (request) => listReports(app.db, request.query),
  )

  app.post(
    '/api/admin/reports/:id/resolve',
    {
      onRequest: admins,
      preHandler: [adminWrites],
      schema: { params: ZIdParams, body: ZResolveReportBody, response: { 200: ZOk } },
    },
    async (request) => {
      await resolveReport(app.db, app.config, requireAdmin(request), request.params.id, request.body)
      return { success: true as const }
    },
  )

  app.post(
    '/api/admin/reports/:id/dismiss',
    {
      onRequest: admins,
      preHandler: [adminWrites],
      schema: { params: ZIdParams, body: ZDismissReportBody.optional(), response: { 200: ZOk } },
    },
    async (request) => {
      await dismissReport(app.db, requireAdmin(request), request.params.id, request.body?.note)
      return { success: true as const }
    },
  )

  app.post(
    '/api/admin/users/:id/suspend',
    {
      onRequest: admins,
      preHandler: [adminWrites],
      schema: { params: ZIdParams, body: ZSuspendBody, response: { 200: ZSuspension } },
    },
    async (request) => {
      const suspended = await suspendMember(
        app.db,
        requireAdmin(request),
        request.params.id,
        request.body.reason,
      )
      // Their sessions were deleted: forgotten here now, not when the database's word arrives.
      app.cacheInvalidation.announce({ kind: 'session', ids: [request.params.id] })
      return toSuspension(suspended)
    },
  )

  app.post(
    '/api/admin/users/:id/unsuspend',
    {
      onRequest: admins,
      preHandler: [adminWrites],
      schema: { params: ZIdParams, response: { 200: ZSuspension } },
    },
    async (request) => toSuspension(await unsuspendMember(app.db, requireAdmin(request), request.params.id)),
  )
}
