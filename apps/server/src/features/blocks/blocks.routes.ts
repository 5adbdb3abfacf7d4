import { ZBlockList, ZBlockResult, ZBlockUserParams } from '@vouched/shared/blocks'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { blockMember, listBlocks, unblockMember } from './blocks.service'

export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = async (request: FastifyRequest) => void requireMember(request)
  const writes = rateLimit(app, {
    name: 'blocks.writes',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })

  app.get(
    '/api/blocks',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZBlockList } } },
    async (request) => ({
      blocks: await listBlocks(app.db, requireMember(request).id),
    }),
  )

  app.post(
    '/api/blocks/:userId',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZBlockUserParams, response: { 200: ZBlockResult, 201: ZBlockResult } },
    },
    async (request, reply) => {
      const { created } = await blockMember(app.db, requireMember(request), request.params.userId)
      return reply.status(created ? 201 : 200).send({ success: true as const, blocked: true })
    },
  )

  app.delete(
    '/api/blocks/:userId',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [writes],
      schema: { params: ZBlockUserParams, response: { 200: ZBlockResult } },
    },
    async (request) => {
      await unblockMember(app.db, requireMember(request), request.params.userId)
      return { success: true as const, blocked: false }
    },
  )
}
