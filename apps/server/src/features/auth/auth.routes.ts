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
import { ZSelfUser } from '@vouched/shared/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { failureLimit, rateLimit } from '../../core/rate-limit'
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  requireMember,
  setSessionCookie,
} from '../../core/session'
import { getSelfUser } from '../../core/self-user'
import { toSelfUser } from '../../core/user-shapes'
import { findUserByEmail } from './auth.queries'
import {
  authenticate,
  loginLimitKey,
  registerMember,
  requestPasswordReset,
  resetPassword,
} from './auth.service'

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
      setSessionCookie(reply, await createSession(app.db, user.id), app.config)
      return reply.status(201).send(toSelfUser(user))
    },
  )

  app.post(
    '/api/login',
    { preHandler: [loginPerIp], schema: { body: ZLoginBody, response: { 200: ZSelfUser } } },
    async (request, reply) => {
      const { username, password } = request.body
      const user = await authenticate(app.db, username, password, loginFailures.forReply(reply))
      // A fresh session id on every sign-in: a planted cookie never becomes a signed-in one.
      if (request.sessionId) await deleteSession(app.db, request.sessionId)
      setSessionCookie(reply, await createSession(app.db, user.id), app.config)
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
    async (request) => {
      // Answered before the address is even looked up: known and unknown emails take the same time,
      // and neither an error nor a slow mail server tells them apart.
      const work = requestPasswordReset(app.db, app.mailer, app.config, request.body.email)
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'))
        .finally(() => pendingResets.delete(work))
      pendingResets.add(work)
      return { message: AUTH_MESSAGES.forgotPasswordSent }
    },
  )

  app.post(
    '/api/auth/reset-password',
    { preHandler: [resetPerIp], schema: { body: ZResetPasswordBody, response: { 200: ZMessage } } },
    async (request) => {
      const { token, email, password } = request.body
      await resetPassword(app.db, token, email, password)
      // Whoever was locked out by someone else's guesses gets in with the new password at once.
      const member = await findUserByEmail(app.db, email)
      if (member) await loginFailures.clear(loginLimitKey(member, email))
      return { message: 'Your password has been reset. You can now log in with your new password.' }
    },
  )
}
