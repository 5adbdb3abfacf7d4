import { ZOk, ZIdParams } from '@vouched/shared/errors'
import {
  FOLLOWER_MESSAGES,
  ZBlockAccountBody,
  ZBlockedAccount,
  ZBlockedAccountList,
  ZFollower,
  ZFollowerList,
  ZFollowersQuery,
} from '@vouched/shared/federation-followers'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import type { Member } from '../../core/user-shapes'
import {
  answerFollow,
  deleteBlockedAccount,
  deleteFollowerRow,
  findFollowerByActor,
  findOwnFollower,
  insertBlockedAccount,
  listBlockedAccounts,
  listMemberFollowers,
  markFollowerAccepted,
  recipientOf,
  type FollowerRow,
} from './federation.followers'
import { findActorMember } from './federation.queries'
import { resolveActorToBlock } from './federation.resolve-actor'
import { requireFederation } from './federation.guard'

/**
 * The signed-in member's followers and blocked remote accounts (issue 30, decision 154): approve a
 * request (Accept), reject or remove a follower (Reject, which makes Mastodon drop the follow), block
 * a remote account by handle or URL (removed if it follows, refused when it follows again).
 */
export const followersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app
  const members = async (request: FastifyRequest) => void requireMember(request)
  const preValidation = requireFederation(config)
  const writes = rateLimit(app, {
    name: 'federation.followers.writes',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  // Each block of a handle or URL fetches from another server.
  const lookups = rateLimit(app, {
    name: 'federation.blocked-accounts.lookups',
    max: 20,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const ctx = () => app.federation.fedify.createContext(new URL(config.publicUrl), undefined)

  /**
   * Tells the follower's server. Only a member who publishes can: their actor (with its key) must be
   * fetchable for the signature to be checked. Without it the row goes all the same, and the remote
   * server, which can no longer fetch the actor either, delivers nothing that is kept.
   */
  async function answer(me: Member, kind: 'accept' | 'reject', row: FollowerRow) {
    const actor = await findActorMember(app.db, me.username)
    if (!actor) return false
    const context = ctx()
    await context.sendActivity(
      { identifier: actor.username },
      recipientOf(row),
      answerFollow(context, kind, actor.username, row),
    )
    return true
  }

  app.get(
    '/api/federation/followers',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      schema: { querystring: ZFollowersQuery, response: { 200: ZFollowerList } },
    },
    async (request) => listMemberFollowers(app.db, requireMember(request).id, request.query),
  )

  app.post(
    '/api/federation/followers/:id/approve',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [writes],
      schema: { params: ZIdParams, response: { 200: ZFollower } },
    },
    async (request) => {
      const me = requireMember(request)
      const row = await findOwnFollower(app.db, me.id, request.params.id)
      if (row.state === 'pending') {
        if (!(await findActorMember(app.db, me.username))) {
          throw new AppError('NOT_PUBLISHING', FOLLOWER_MESSAGES.notPublishing, 409)
        }
        await markFollowerAccepted(app.db, row.id)
        await answer(me, 'accept', row)
      }
      return {
        id: row.id,
        handle: row.handle,
        actorUri: row.actorUri,
        url: row.url,
        name: row.name,
        state: 'accepted' as const,
        since: row.createdAt.toISOString(),
      }
    },
  )

  app.delete(
    '/api/federation/followers/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [writes],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      const me = requireMember(request)
      const row = await findOwnFollower(app.db, me.id, request.params.id)
      await deleteFollowerRow(app.db, row.id)
      await answer(me, 'reject', row)
      return { success: true as const }
    },
  )

  app.get(
    '/api/federation/blocked-accounts',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      schema: { querystring: ZFollowersQuery, response: { 200: ZBlockedAccountList } },
    },
    async (request) => listBlockedAccounts(app.db, requireMember(request).id, request.query),
  )

  app.post(
    '/api/federation/blocked-accounts',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [writes, lookups],
      schema: { body: ZBlockAccountBody, response: { 201: ZBlockedAccount } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      // A follower is blocked by the address the list shows: no need to ask its server again.
      const known = await findFollowerByActor(app.db, me.id, request.body.actor)
      const account = known
        ? { actorUri: known.actorUri, handle: known.handle }
        : await resolveActorToBlock(
            { fedify: app.federation.fedify, config, kv: app.federation.kv },
            request.body.actor,
          )
      const blocked = await insertBlockedAccount(app.db, me.id, account)
      const following = known ?? (await findFollowerByActor(app.db, me.id, account.actorUri))
      if (following) {
        await deleteFollowerRow(app.db, following.id)
        await answer(me, 'reject', following)
      }
      return reply.status(201).send(blocked)
    },
  )

  app.delete(
    '/api/federation/blocked-accounts/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      preValidation,
      preHandler: [writes],
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      await deleteBlockedAccount(app.db, requireMember(request).id, request.params.id)
      return { success: true as const }
    },
  )
}
