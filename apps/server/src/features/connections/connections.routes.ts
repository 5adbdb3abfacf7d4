import {
  CONNECTION_MESSAGES,
  ZConnectionCheck,
  ZConnectionList,
  ZConnectionRequestList,
  ZConnectionRequestResult,
  ZConnectionsQuery,
  ZSendConnectionRequestBody,
  ZUserIdParams,
} from '@vouched/shared/connections'
import { ZIdParams, ZOk } from '@vouched/shared/errors'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import {
  findRequestShape,
  getConnectionCheck,
  isVisibleMember,
  listConnections,
  listPendingRequests,
  listSentRequests,
} from './connections.queries'
import {
  acceptConnectionRequest,
  cancelConnectionRequest,
  rejectConnectionRequest,
  removeConnection,
  sendConnectionRequest,
} from './connections.service'

export const connectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendLimit = rateLimit(app, {
    name: 'connections.sendLimit',
    max: 30,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const writeLimit = rateLimit(app, {
    name: 'connections.writeLimit',
    max: 120,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })

  const requestResult = async (id: number) => {
    const request = await findRequestShape(app.db, id)
    if (!request) throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.requestNotFound, 404)
    return { success: true as const, request }
  }

  app.get(
    '/api/connection-requests/pending',
    { config: { apiTokens: true }, schema: { response: { 200: ZConnectionRequestList } } },
    async (request) => ({ requests: await listPendingRequests(app.db, requireMember(request).id) }),
  )

  app.get(
    '/api/connection-requests/sent',
    { config: { apiTokens: true }, schema: { response: { 200: ZConnectionRequestList } } },
    async (request) => ({ requests: await listSentRequests(app.db, requireMember(request).id) }),
  )

  app.post(
    '/api/connection-requests/:userId',
    {
      config: { apiTokens: true },
      preHandler: [sendLimit],
      schema: {
        params: ZUserIdParams,
        body: ZSendConnectionRequestBody,
        response: { 201: ZConnectionRequestResult },
      },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const created = await sendConnectionRequest(app.db, me, request.params.userId, request.body.message)
      return reply.status(201).send(await requestResult(created.id))
    },
  )

  app.post(
    '/api/connection-requests/:id/accept',
    {
      config: { apiTokens: true },
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZConnectionRequestResult } },
    },
    async (request) => {
      const updated = await acceptConnectionRequest(app.db, requireMember(request), request.params.id)
      return requestResult(updated.id)
    },
  )

  app.post(
    '/api/connection-requests/:id/reject',
    {
      config: { apiTokens: true },
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZConnectionRequestResult } },
    },
    async (request) => {
      const updated = await rejectConnectionRequest(app.db, requireMember(request), request.params.id)
      return requestResult(updated.id)
    },
  )

  app.delete(
    '/api/connection-requests/:id',
    {
      config: { apiTokens: true },
      preHandler: [writeLimit],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await cancelConnectionRequest(app.db, requireMember(request), request.params.id)
      return { success: true as const }
    },
  )

  app.get(
    '/api/connections/:userId',
    {
      config: { apiTokens: true },
      schema: {
        params: ZUserIdParams,
        querystring: ZConnectionsQuery,
        response: { 200: z.union([ZConnectionCheck, ZConnectionList]) },
      },
    },
    async (request) => {
      const me = requireMember(request)
      const { userId } = request.params
      if (!(await isVisibleMember(app.db, userId, me))) {
        throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.userNotFound, 404)
      }
      if (request.query.checkConnection) return getConnectionCheck(app.db, me.id, userId)
      return { connections: await listConnections(app.db, userId, me) }
    },
  )

  app.delete(
    '/api/connections/:userId',
    {
      config: { apiTokens: true },
      preHandler: [writeLimit],
      schema: { params: ZUserIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await removeConnection(app.db, requireMember(request), request.params.userId)
      return { success: true as const }
    },
  )
}
