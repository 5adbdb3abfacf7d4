import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import {
  AUTH_MESSAGES,
  ZForgotPasswordBody,
  ZLoginBody,
  ZMessage,
  registerBody,
  resetPasswordBody,
} from '@vouched/shared/auth'
import { measurePassword } from '@vouched/shared/password-meter'
import { ZOk } from '@vouched/shared/errors'
import { ZTwoFactorRequired } from '@vouched/shared/security'
import { ZSelfUser } from '@vouched/shared/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { failureLimit, rateLimit } from '../../core/rate-limit'
import { clearSessionCookie, deleteSession, requireMember } from '../../core/session'
import { getSelfUser } from '../../core/self-user'
import { toSelfUser } from '../../core/user-shapes'
import { createChallenge, isTwoFactorEnabled, setChallengeCookie, signIn } from '../security/security.service'
import { mailSecurityEvent } from '../security/security.mails.service'
import { findUserByEmail } from './auth.queries'
import {
  authenticate,
  loginLimitKey,
  registerMember,
  requestPasswordReset,
  resetPassword,
} from './auth.service'
import { say } from '../../core/locale'

const ZRegisterBody = registerBody(measurePassword)
const ZResetPasswordBody = resetPasswordBody(measurePassword)

const bodyField = (name: string) => (request: { body: unknown; ip: string }) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? `${name}:${value.trim().toLowerCase()}` : `ip:${request.ip}`
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginPerIp = rateLimit(app, { name: 'auth.loginPerIp', max: 30, timeWindow: '15 minutes' })
  // Wrong passwords per account (username and email together); docs/decisions/090.
  const loginFailures = failureLimit(app, { name: 'login-failures', max: 10, windowMs: 15 * 60_000 })
  const resetPerIp = rateLimit(app, { name: 'auth.resetPerIp', max: 10, timeWindow: '15 minutes' })
  const resetPerAccount = rateLimit(app, {
    name: 'auth.resetPerAccount',
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: bodyField('email'),
  })
  const registerPerIp = rateLimit(app, { name: 'auth.registerPerIp', max: 20, timeWindow: '1 hour' })
  /** Reset requests still looking up or mailing after their answer; closing waits for them. */
  const pendingResets = new Set<Promise<void>>()
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pendingResets])
  })

  app.get(
    '/api/user',
    { config: { apiTokens: true }, schema: { response: { 200: ZSelfUser } } },
    async (request) => getSelfUser(app.db, requireMember(request)),
  )

  app.post(
    '/api/register',
    { preHandler: [registerPerIp], schema: { body: ZRegisterBody, response: { 201: ZSelfUser } } },
    async (request, reply) => {
      const user = await registerMember(app.db, request.body)
      // The browser a member joined with is their first known one: no "new device" mail for it.
      await signIn(app, request, reply, user.id, { quiet: true })
      return reply.status(201).send(toSelfUser(user))
    },
  )

  app.post(
    '/api/login',
    {
      preHandler: [loginPerIp],
      schema: { body: ZLoginBody, response: { 200: z.union([ZSelfUser, ZTwoFactorRequired]) } },
    },
    async (request, reply) => {
      const { username, password } = request.body
      const user = await authenticate(app.db, username, password, loginFailures.forReply(reply))
      // With two-factor on, the right password opens no session yet: a pending sign-in waits a few
      // minutes for the code (POST /api/login/two-factor, features/security).
      if (await isTwoFactorEnabled(app.db, user.id)) {
        setChallengeCookie(reply, await createChallenge(app.db, user.id), app.config)
        return { twoFactorRequired: true as const }
      }
      await signIn(app, request, reply, user.id)
      return toSelfUser(user)
    },
  )

  app.post('/api/logout', { schema: { response: { 200: ZOk } } }, async (request, reply) => {
    if (request.sessionId) await deleteSession(app.db, request.sessionId)
    clearSessionCookie(reply)
    return { success: true as const }
  })

  app.post(
    '/api/auth/request-password-reset',
    {
      preHandler: [resetPerIp, resetPerAccount],
      schema: { body: ZForgotPasswordBody, response: { 200: ZMessage } },
    },
    async (request, reply) => {
      // Answered before the address is even looked up: known and unknown emails take the same time,
      // and neither an error nor a slow mail server tells them apart.
      const work = requestPasswordReset(app.db, app.mailer, app.config, request.body.email)
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'))
        .finally(() => pendingResets.delete(work))
      pendingResets.add(work)
      return { message: say(request, reply, AUTH_MESSAGES.forgotPasswordSent) }
    },
  )

  app.post(
    '/api/auth/reset-password',
    { preHandler: [resetPerIp], schema: { body: ZResetPasswordBody, response: { 200: ZMessage } } },
    async (request, reply) => {
      const { token, email, password } = request.body
      await resetPassword(app.db, token, email, password)
      // Whoever was locked out by someone else's guesses gets in with the new password at once.
      const member = await findUserByEmail(app.db, email)
      if (member) {
        await loginFailures.clear(loginLimitKey(member, email))
        mailSecurityEvent(app.db, app.backgroundMail, app.config, member.id, { kind: 'password-changed' })
      }
      return { message: say(request, reply, SERVER_MESSAGES.passwordReset) }
    },
  )
}
