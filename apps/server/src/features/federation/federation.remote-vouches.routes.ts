import { ZOk } from '@vouched/shared/errors'
import {
  ZCreateRemoteVouchBody,
  ZRemoteVouchesGiven,
  ZRemoteVouchesParams,
  ZRemoteVouchesReceived,
  ZRemoteVouchGiven,
  ZRemoteVouchIdParams,
  ZRemoteVouchReceived,
} from '@vouched/shared/remote-vouches'
import { and, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { notFound } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { users } from '../../db/schema/index'
import { findBlockBetween } from '../blocks/blocks.queries'

/**
 * Vouches for and from members of other Vouched instances (federation.remote-vouches.ts): giving,
 * listing and withdrawing one's own, reviewing received ones, and a member's accepted ones with their
 * origin for their profile.
 */
export const remoteVouchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app
  const { fedify } = app.federation
  const { remoteVouches } = fedify
  const context = () => fedify.createContext(new URL(config.publicUrl), undefined)
  const members = async (request: FastifyRequest) => void requireMember(request)
  // Each vouch given makes this server fetch the receiver's actor and NodeInfo and deliver to them.
  const writes = rateLimit(app, {
    name: 'federation.remoteVouchWrites',
    max: 60,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const routeConfig = { config: { apiTokens: true }, onRequest: members }

  app.post(
    '/api/federation/vouches',
    {
      ...routeConfig,
      preHandler: [writes],
      schema: { body: ZCreateRemoteVouchBody, response: { 201: ZRemoteVouchGiven } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const given = await remoteVouches.give(context(), me, request.body)
      return reply.code(201).send(given)
    },
  )

  app.get(
    '/api/federation/vouches/given',
    { ...routeConfig, schema: { response: { 200: ZRemoteVouchesGiven } } },
    async (request) => remoteVouches.listGiven(requireMember(request).id),
  )

  app.delete(
    '/api/federation/vouches/:id',
    {
      ...routeConfig,
      preHandler: [writes],
      schema: { params: ZRemoteVouchIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await remoteVouches.withdraw(context(), requireMember(request), request.params.id)
      return { success: true as const }
    },
  )

  app.get(
    '/api/federation/vouches/received',
    { ...routeConfig, schema: { response: { 200: ZRemoteVouchesReceived } } },
    async (request) => remoteVouches.listReceived(requireMember(request).id),
  )

  app.post(
    '/api/federation/vouches/received/:id/accept',
    {
      ...routeConfig,
      preHandler: [writes],
      schema: { params: ZRemoteVouchIdParams, response: { 200: ZRemoteVouchReceived } },
    },
    async (request) => remoteVouches.accept(requireMember(request).id, request.params.id),
  )

  app.post(
    '/api/federation/vouches/received/:id/decline',
    {
      ...routeConfig,
      preHandler: [writes],
      schema: { params: ZRemoteVouchIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await remoteVouches.decline(requireMember(request).id, request.params.id)
      return { success: true as const }
    },
  )

  // A member's accepted remote vouches, for their profile: seen by signed-in members, as profiles are.
  app.get(
    '/api/federation/users/:username/vouches',
    {
      ...routeConfig,
      schema: { params: ZRemoteVouchesParams, response: { 200: ZRemoteVouchesReceived } },
    },
    async (request) => {
      const me = requireMember(request)
      const [member] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(sql`lower(${users.username}) = lower(${request.params.username})`, isNull(users.suspendedAt)),
        )
      // As the profile itself: a block between the two hides the member.
      if (!member || (member.id !== me.id && (await findBlockBetween(app.db, me.id, member.id)))) {
        throw notFound('User')
      }
      return remoteVouches.listReceived(member.id, 'accepted')
    },
  )
}
