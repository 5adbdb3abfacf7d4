import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { ZApiTokenList, ZCreateApiTokenBody, ZCreatedApiToken } from '@vouched/shared/api-tokens'
import { ZIdParams, ZOk } from '@vouched/shared/errors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { createApiToken, listApiTokens, revokeApiToken } from './account.tokens.service'

/**
 * Personal API tokens (docs/decisions/133). Session-only, like every route that does not opt in with
 * `config.apiTokens`: a token never creates, lists or revokes tokens.
 */
export const accountTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  const creations = rateLimit(app, {
    name: 'account.tokenCreations',
    max: 10,
    timeWindow: '1 hour',
    keyGenerator: perMember,
    message: SERVER_MESSAGES.tokenCreationLimit,
  })
  const revocations = rateLimit(app, {
    name: 'account.tokenRevocations',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  app.get(
    '/api/account/tokens',
    { onRequest: members, schema: { response: { 200: ZApiTokenList } } },
    async (request) => ({ tokens: await listApiTokens(app.db, requireMember(request).id) }),
  )

  app.post(
    '/api/account/tokens',
    {
      onRequest: members,
      preHandler: [creations],
      schema: { body: ZCreateApiTokenBody, response: { 201: ZCreatedApiToken } },
    },
    async (request, reply) => {
      const created = await createApiToken(app.db, requireMember(request).id, request.body)
      return reply.code(201).send(created)
    },
  )

  app.delete(
    '/api/account/tokens/:id',
    {
      onRequest: members,
      preHandler: [revocations],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await revokeApiToken(app.db, requireMember(request).id, request.params.id)
      return { success: true as const }
    },
  )
}
