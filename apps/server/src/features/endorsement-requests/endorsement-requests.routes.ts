import {
  ENDORSEMENT_REQUEST_MESSAGES,
  ZCreateEndorsementRequestBody,
  ZEndorsementRequest,
  ZEndorsementRequestList,
  ZEndorsementRequestsQuery,
} from '@vouched/shared/endorsement-requests'
import { ZIdParams, ZOk } from '@vouched/shared/errors'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { findRequestShape, listRequests } from './endorsement-requests.queries'
import {
  cancelEndorsementRequest,
  createEndorsementRequest,
  declineEndorsementRequest,
  RequestLimitError,
} from './endorsement-requests.service'

/** Asking a connection to vouch (issue 25, point 3; docs/decisions/122 and 123). */
export const endorsementRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked before the body and query are parsed: a visitor gets 401 whatever they sent.
  const members = async (request: FastifyRequest) => void requireMember(request)
  const writeLimit = rateLimit(app, {
    name: 'endorsement-requests.writeLimit',
    max: 120,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })

  const readBack = async (id: number) => {
    const request = await findRequestShape(app.db, id)
    if (!request) throw new AppError('NOT_FOUND', ENDORSEMENT_REQUEST_MESSAGES.notFound, 404)
    return request
  }

  app.get(
    '/api/endorsement-requests',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { querystring: ZEndorsementRequestsQuery, response: { 200: ZEndorsementRequestList } },
    },
    async (request) => ({
      requests: await listRequests(app.db, requireMember(request).id, request.query.box),
    }),
  )

  app.post(
    '/api/endorsement-requests',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writeLimit],
      schema: { body: ZCreateEndorsementRequestBody, response: { 201: ZEndorsementRequest } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      try {
        const created = await createEndorsementRequest(app.db, me, request.body)
        return reply.status(201).send(await readBack(created.id))
      } catch (error) {
        // DECISIONS.md §3: a 429 says when to come back, in its message and in Retry-After.
        if (error instanceof RequestLimitError) reply.header('Retry-After', error.retryAfterSeconds)
        throw error
      }
    },
  )

  app.post(
    '/api/endorsement-requests/:id/decline',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZEndorsementRequest } },
    },
    async (request) => {
      const declined = await declineEndorsementRequest(app.db, requireMember(request), request.params.id)
      return readBack(declined.id)
    },
  )

  app.delete(
    '/api/endorsement-requests/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await cancelEndorsementRequest(app.db, requireMember(request), request.params.id)
      return { success: true as const }
    },
  )
}
