import { ZIdParams, ZOk } from '@vouched/shared/errors'
import {
  NOTIFICATION_MESSAGES,
  ZNotificationList,
  ZNotificationsQuery,
  ZReadAllResult,
} from '@vouched/shared/notifications'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Gauge } from 'prom-client'
import { AppError } from '../../core/errors'
import { publishEvent } from '../../core/events'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import {
  countQueuedMails,
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.queries'

const notFound = () => new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound, 404)

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  new Gauge({
    name: 'vouched_notification_mails_queued',
    help: 'Notification mails written but not yet sent (all instances share the queue)',
    registers: [app.metrics],
    async collect() {
      this.set(await countQueuedMails(app.db))
    },
  })
  const writeLimit = rateLimit(app, {
    name: 'notifications.writeLimit',
    max: 240,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })

  app.get(
    '/api/notifications',
    {
      config: { apiTokens: true },
      schema: { querystring: ZNotificationsQuery, response: { 200: ZNotificationList } },
    },
    async (request) => {
      const me = requireMember(request)
      const [page, unreadCount] = await Promise.all([
        listNotifications(app.db, me, request.query),
        countUnread(app.db, me.id),
      ])
      return { notifications: page.notifications, unreadCount, nextCursor: page.nextCursor }
    },
  )

  // Changes are announced to the member's own streams so their other tabs stay in step.
  app.post(
    '/api/notifications/read-all',
    { config: { apiTokens: true }, preHandler: [writeLimit], schema: { response: { 200: ZReadAllResult } } },
    async (request) => {
      const me = requireMember(request)
      const updated = await markAllNotificationsRead(app.db, me.id)
      if (updated > 0) await publishEvent(app.db, me.id, { type: 'notification' })
      return { success: true as const, updated }
    },
  )

  app.post(
    '/api/notifications/:id/read',
    {
      config: { apiTokens: true },
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      const me = requireMember(request)
      if (!(await markNotificationRead(app.db, me.id, request.params.id))) throw notFound()
      await publishEvent(app.db, me.id, { type: 'notification', entityId: request.params.id })
      return { success: true as const }
    },
  )

  app.delete(
    '/api/notifications/:id',
    {
      config: { apiTokens: true },
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      const me = requireMember(request)
      if (!(await deleteNotification(app.db, me.id, request.params.id))) throw notFound()
      await publishEvent(app.db, me.id, { type: 'notification', entityId: request.params.id })
      return { success: true as const }
    },
  )
}
