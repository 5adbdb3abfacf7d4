import {
  ACCOUNT_MESSAGES,
  ZAccountExport,
  changePasswordBody,
  ZDeleteAccountBody,
  ZPreferences,
  ZUpdatePreferencesBody,
} from '@vouched/shared/account'
import { ZMessage } from '@vouched/shared/auth'
import { ZAccountSettings, ZUpdateAccountSettingsBody } from '@vouched/shared/endorsement-review'
import { measurePassword } from '@vouched/shared/password-meter'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { clearSessionCookie, requireMember } from '../../core/session'
import { credentialsFor } from '../credentials/credentials.service'
import { sendNotificationMails } from '../notifications/notifications.service'
import { prepareActorDeletion } from '../federation/federation.actor-deletion.service'
import { mailSecurityEvent } from '../security/security.mails.service'
import { buildExport, findSettings, listPreferences } from './account.queries'
import { changePassword, deleteOwnAccount, savePreferences, saveSettings } from './account.service'
import { say } from '../../core/locale'

const MAIL_INTERVAL_MS = 3_000
// The member's username and email are checked by changePassword, which knows them.
const ZChangePasswordBody = changePasswordBody(measurePassword)

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  // Password checks are slow and guessable: few per member.
  const passwordChecks = rateLimit(app, {
    name: 'account.passwordChecks',
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const exports = rateLimit(app, {
    name: 'account.exports',
    max: 10,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const writes = rateLimit(app, {
    name: 'account.writes',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  app.get(
    '/api/account/export',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [exports],
      schema: { response: { 200: ZAccountExport } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const [archive, credentials] = await Promise.all([
        buildExport(app.db, app.config, me, request.sessionId),
        credentialsFor(app).ofMember(me.id),
      ])
      const day = archive.exportedAt.slice(0, 10)
      return reply
        .header('Content-Disposition', `attachment; filename="vouched-data-${me.username}-${day}.json"`)
        .header('Cache-Control', 'no-store')
        .send({ ...archive, credentials })
    },
  )

  app.post(
    '/api/account/password',
    {
      onRequest: members,
      preHandler: [passwordChecks],
      schema: { body: ZChangePasswordBody, response: { 200: ZMessage } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      await changePassword(app.db, me, request.sessionId, request.body)
      mailSecurityEvent(app.db, app.backgroundMail, app.config, me.id, { kind: 'password-changed' })
      return { message: say(request, reply, ACCOUNT_MESSAGES.passwordChanged) }
    },
  )

  app.delete(
    '/api/account',
    {
      onRequest: members,
      preHandler: [passwordChecks],
      schema: { body: ZDeleteAccountBody, response: { 200: ZMessage } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      await deleteOwnAccount(app.db, app.config, me, request.body.password, () =>
        prepareActorDeletion(app, me.id),
      )
      clearSessionCookie(reply)
      return { message: say(request, reply, ACCOUNT_MESSAGES.deleted) }
    },
  )

  app.get(
    '/api/account/settings',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZAccountSettings } } },
    async (request) => findSettings(app.db, requireMember(request).id, app.config.federation),
  )

  app.patch(
    '/api/account/settings',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { body: ZUpdateAccountSettingsBody, response: { 200: ZAccountSettings } },
    },
    async (request) => {
      const me = requireMember(request)
      // Consent given while it means nothing would start publishing the day an admin turns it on.
      if (request.body.federated && !app.config.federation) {
        throw new AppError('FEDERATION_OFF', ACCOUNT_MESSAGES.federationOff, 409, 'federated')
      }
      await saveSettings(app.db, me.id, request.body)
      return findSettings(app.db, me.id, app.config.federation)
    },
  )

  app.get(
    '/api/account/notification-preferences',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZPreferences } } },
    async (request) => ({ preferences: await listPreferences(app.db, requireMember(request).id) }),
  )

  app.put(
    '/api/account/notification-preferences',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { body: ZUpdatePreferencesBody, response: { 200: ZPreferences } },
    },
    async (request) => {
      const me = requireMember(request)
      await savePreferences(app.db, me.id, request.body.preferences)
      return { preferences: await listPreferences(app.db, me.id) }
    },
  )

  // Notification mails queued in the transactions of their causes leave every few seconds. Tests call
  // sendNotificationMails themselves, so nothing runs behind their back.
  if (app.config.env !== 'test') {
    let running: Promise<unknown> | null = null
    const timer = setInterval(() => {
      if (running) return
      running = sendNotificationMails(app.db, app.mailer, app.config)
        .catch((error: unknown) => app.log.warn({ err: error }, 'notification mails failed'))
        .finally(() => {
          running = null
        })
    }, MAIL_INTERVAL_MS)
    timer.unref()
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
  }
}
