import { ZIdParams, ZOk } from '@vouched/shared/errors'
import {
  ZAddPasskeyBody,
  ZPasskey,
  ZPasskeyRegistrationOptions,
  ZPasskeySignInBody,
  ZPasskeySignInOptions,
} from '@vouched/shared/security'
import { ZSelfUser } from '@vouched/shared/users'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { toSelfUser } from '../../core/user-shapes'
import {
  addPasskey,
  registrationOptions,
  removePasskey,
  signInOptions,
  verifyPasskeySignIn,
} from './passkeys.service'
import { mailSecurityEvent } from './security.mails.service'
import { signIn } from './security.service'

/**
 * Passkeys: added and removed in Settings, and a sign-in of their own that needs neither the password
 * nor a second factor (issue 27, docs/decisions/146). Session-only, like every route of the account's
 * security.
 */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  // As POST /api/login is limited per IP; each sign-in attempt asks for options once and answers once.
  const optionsPerIp = rateLimit(app, {
    name: 'passkeys.signInOptionsPerIp',
    max: 30,
    timeWindow: '15 minutes',
  })
  const signInPerIp = rateLimit(app, { name: 'passkeys.signInPerIp', max: 30, timeWindow: '15 minutes' })
  const writes = rateLimit(app, {
    name: 'passkeys.writes',
    max: 30,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  app.post(
    '/api/account/passkeys/options',
    {
      onRequest: members,
      preHandler: [writes],
      schema: { response: { 200: ZPasskeyRegistrationOptions } },
    },
    async (request) => registrationOptions(app.db, app.config, requireMember(request)),
  )

  app.post(
    '/api/account/passkeys',
    {
      onRequest: members,
      preHandler: [writes],
      schema: { body: ZAddPasskeyBody, response: { 201: ZPasskey } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const passkey = await addPasskey(app.db, app.config, me.id, request.body.name, request.body.response)
      mailSecurityEvent(app.db, app.backgroundMail, app.config, me.id, {
        kind: 'passkey-added',
        name: passkey.name,
      })
      return reply.code(201).send(passkey)
    },
  )

  app.delete(
    '/api/account/passkeys/:id',
    {
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      const me = requireMember(request)
      const name = await removePasskey(app.db, me.id, request.params.id)
      mailSecurityEvent(app.db, app.backgroundMail, app.config, me.id, { kind: 'passkey-removed', name })
      return { success: true as const }
    },
  )

  app.post(
    '/api/login/passkey/options',
    { preHandler: [optionsPerIp], schema: { response: { 200: ZPasskeySignInOptions } } },
    async () => signInOptions(app.db, app.config),
  )

  app.post(
    '/api/login/passkey',
    { preHandler: [signInPerIp], schema: { body: ZPasskeySignInBody, response: { 200: ZSelfUser } } },
    async (request, reply) => {
      const user = await verifyPasskeySignIn(app.db, app.config, request.body.response)
      // The passkey verified the member (PIN, fingerprint, face): no second factor is asked.
      await signIn(app, request, reply, user.id)
      return toSelfUser(user)
    },
  )
}
