import { ZIdParams, ZOk } from '@vouched/shared/errors'
import {
  ZAccountSecurity,
  ZRecoveryCodes,
  ZRevokedSessions,
  ZSecondFactorBody,
  ZTwoFactorCodeBody,
  ZTwoFactorSetup,
} from '@vouched/shared/security'
import { ZSelfUser } from '@vouched/shared/users'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { failureLimit, perMember, rateLimit } from '../../core/rate-limit'
import { clearSessionCookie, requireMember } from '../../core/session'
import { toSelfUser } from '../../core/user-shapes'
import {
  clearChallengeCookie,
  completeChallenge,
  countRecoveryCodes,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorEnabled,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  signIn,
  startSetup,
} from './security.service'
import { mailSecurityEvent } from './security.mails.service'
import { listPasskeys } from './passkeys.service'

/**
 * Two-factor sign-in and signed-in devices (issue 27, docs/decisions/141 and 142); passkeys have their
 * own passkeys.routes.ts (146). The password step of a sign-in stays in auth.routes.ts; it hands over
 * here when the member has two-factor on.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  // Wrong second factors per account, whichever route they come through: a code has a million values.
  const codeFailures = failureLimit(app, { name: 'two-factor-failures', max: 10, windowMs: 15 * 60_000 })
  const secondFactorPerIp = rateLimit(app, {
    name: 'security.secondFactorPerIp',
    max: 30,
    timeWindow: '15 minutes',
  })
  const codeChecks = rateLimit(app, {
    name: 'security.codeChecks',
    max: 20,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const writes = rateLimit(app, {
    name: 'security.writes',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  app.post(
    '/api/login/two-factor',
    {
      preHandler: [secondFactorPerIp],
      schema: { body: ZSecondFactorBody, response: { 200: ZSelfUser } },
    },
    async (request, reply) => {
      const user = await completeChallenge(
        app.db,
        app.config,
        request,
        request.body,
        codeFailures.forReply(reply),
      )
      clearChallengeCookie(reply)
      await signIn(app, request, reply, user.id)
      return toSelfUser(user)
    },
  )

  app.get(
    '/api/account/security',
    { onRequest: members, schema: { response: { 200: ZAccountSecurity } } },
    async (request, reply) => {
      const me = requireMember(request)
      const [twoFactorEnabled, recoveryCodesLeft, passkeys, sessions] = await Promise.all([
        isTwoFactorEnabled(app.db, me.id),
        countRecoveryCodes(app.db, me.id),
        listPasskeys(app.db, me.id),
        listSessions(app.db, me.id, request.sessionId),
      ])
      reply.header('Cache-Control', 'no-store')
      const twoFactorRequired = me.isAdmin && app.config.requireAdminTwoFactor
      return { twoFactorEnabled, recoveryCodesLeft, twoFactorRequired, passkeys, sessions }
    },
  )

  app.post(
    '/api/account/two-factor/setup',
    { onRequest: members, preHandler: [codeChecks], schema: { response: { 200: ZTwoFactorSetup } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store')
      return startSetup(app.db, app.config, requireMember(request))
    },
  )

  app.post(
    '/api/account/two-factor/enable',
    {
      onRequest: members,
      preHandler: [codeChecks],
      schema: { body: ZTwoFactorCodeBody, response: { 200: ZRecoveryCodes } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const recoveryCodes = await enableTwoFactor(app.db, app.config, me.id, request.body.code)
      mailSecurityEvent(app.db, app.backgroundMail, app.config, me.id, { kind: 'two-factor-on' })
      reply.header('Cache-Control', 'no-store')
      return { recoveryCodes }
    },
  )

  app.post(
    '/api/account/two-factor/disable',
    {
      onRequest: members,
      preHandler: [codeChecks],
      schema: { body: ZSecondFactorBody, response: { 200: ZOk } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const failures = codeFailures.forReply(reply)
      const key = `account:${me.id}`
      await failures.check(key)
      try {
        await disableTwoFactor(app.db, app.config, me.id, request.body)
      } catch (error) {
        if ((error as { status?: number }).status === 400) await failures.fail(key)
        throw error
      }
      mailSecurityEvent(app.db, app.backgroundMail, app.config, me.id, { kind: 'two-factor-off' })
      return { success: true as const }
    },
  )

  app.delete(
    '/api/account/sessions/:id',
    {
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const wasCurrent = await revokeSession(app.db, me.id, request.params.id, request.sessionId)
      // This instance forgets the session now; the others when the database's word arrives.
      app.sessionCache.forgetMember(me.id)
      if (wasCurrent) clearSessionCookie(reply)
      return { success: true as const }
    },
  )

  app.post(
    '/api/account/sessions/revoke-others',
    { onRequest: members, preHandler: [writes], schema: { response: { 200: ZRevokedSessions } } },
    async (request) => {
      const me = requireMember(request)
      const revoked = await revokeOtherSessions(app.db, me.id, request.sessionId)
      app.sessionCache.forgetMember(me.id)
      return { revoked }
    },
  )
}
