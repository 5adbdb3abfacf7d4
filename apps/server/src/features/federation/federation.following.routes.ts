import {
  FEDIVERSE_FOLLOWING_MESSAGES as MESSAGES,
  ZFediverseFeed,
  ZFediverseFeedQuery,
  ZFollowing,
  ZFollowingList,
  ZFollowingParams,
  ZFollowRemoteBody,
  ZRemoteAccount,
  ZRemoteLookupQuery,
  ZUnfollowResult,
} from '@vouched/shared/fediverse-following'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { users } from '../../db/schema/index'
import {
  decodeFeedCursor,
  followRemote,
  followStateOf,
  listFeed,
  listFollowing,
  unfollowRemote,
} from './federation.following'
import { LookupError, lookupRemoteActor, type LookupFailure } from './federation.lookup'
import { requireFederation } from './federation.guard'

/** Each reason a lookup found no account, as its answer (docs/decisions/155). */
const LOOKUP_ERRORS: Record<LookupFailure, (field: string) => AppError> = {
  invalid: (field) => new AppError('HANDLE_INVALID', MESSAGES.handleInvalid, 400, field),
  local: (field) => new AppError('LOCAL_HANDLE', MESSAGES.localHandle, 400, field),
  not_found: () => new AppError('REMOTE_NOT_FOUND', MESSAGES.notFound, 404),
  // The remote server, not this one, failed: a gateway's answer.
  down: () => new AppError('REMOTE_UNAVAILABLE', MESSAGES.remoteDown, 502),
}

/**
 * Following fediverse accounts (issue 30): looking one up by handle, following and unfollowing it, and
 * the member's "From the fediverse" list of what the accounts they follow post.
 */
export const federationFollowingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app
  const members = async (request: FastifyRequest) => void requireMember(request)
  // Like publishing (PATCH /api/account/settings): nothing to look up or follow on a closed server.
  const preValidation = requireFederation(config)
  // Each lookup makes this server ask another one (WebFinger, the actor, NodeInfo).
  const lookups = rateLimit(app, {
    name: 'federation.lookup',
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })
  const writes = rateLimit(app, {
    name: 'federation.following.writes',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const lookupDeps = () => ({ fedify: app.federation.fedify, config, kv: app.federation.kv })
  const lookup = async (input: string, field: string) => {
    try {
      return await lookupRemoteActor(lookupDeps(), input)
    } catch (error) {
      if (error instanceof LookupError) throw LOOKUP_ERRORS[error.reason](field)
      throw error
    }
  }
  const context = () => app.federation.fedify.createContext(new URL(config.publicUrl), undefined)

  app.get(
    '/api/federation/lookup',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [lookups],
      schema: { querystring: ZRemoteLookupQuery, response: { 200: ZRemoteAccount } },
    },
    async (request) => {
      const me = requireMember(request)
      const actor = await lookup(request.query.handle, 'handle')
      return {
        handle: actor.handle,
        actorUri: actor.actorUri,
        name: actor.name,
        summary: actor.summary,
        avatarUrl: actor.avatarUrl,
        url: actor.url,
        software: actor.software,
        vouched: actor.vouched,
        following: await followStateOf(app.db, me.id, actor.actorUri),
      }
    },
  )

  app.get(
    '/api/federation/following',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      schema: { response: { 200: ZFollowingList } },
    },
    async (request) => ({ following: await listFollowing(app.db, requireMember(request).id) }),
  )

  app.post(
    '/api/federation/following',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [writes],
      schema: { body: ZFollowRemoteBody, response: { 200: ZFollowing, 201: ZFollowing } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const [row] = await app.db
        .select({ federated: users.federated, suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, me.id))
      // The Follow is signed as the member's actor, which exists only while they publish; the followed
      // account sees who follows it.
      if (!row?.federated || row.suspendedAt) {
        throw new AppError('NOT_PUBLISHING', MESSAGES.notPublishing, 409, 'federated')
      }
      const actor = await lookup(request.body.actorUri, 'actorUri')
      const { following, created } = await followRemote(app.db, context(), me, actor)
      return reply.status(created ? 201 : 200).send(following)
    },
  )

  app.delete(
    '/api/federation/following/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [writes],
      schema: { params: ZFollowingParams, response: { 200: ZUnfollowResult } },
    },
    async (request) => {
      const removed = await unfollowRemote(app.db, context(), requireMember(request), request.params.id)
      if (!removed) throw new AppError('NOT_FOUND', MESSAGES.followingNotFound, 404)
      return { success: true as const }
    },
  )

  app.get(
    '/api/federation/feed',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      schema: { querystring: ZFediverseFeedQuery, response: { 200: ZFediverseFeed } },
    },
    async (request) => {
      const { cursor } = request.query
      const after = cursor ? decodeFeedCursor(cursor) : null
      if (cursor && !after) throw new AppError('INVALID_CURSOR', MESSAGES.cursorInvalid, 400, 'cursor')
      return listFeed(app.db, requireMember(request).id, after)
    },
  )
}
