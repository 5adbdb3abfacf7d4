import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  CATEGORIES,
  COMMENTS_LIST_MAX,
  ENDORSEMENT_MESSAGES,
  ZAttachment,
  ZComment,
  ZCommentIdParams,
  ZCreateCommentBody,
  ZCreateEndorsementBody,
  ZEndorsement,
  ZGivenCategories,
  ZGivenCategoriesParams,
  ZLikeCheck,
  ZLikeState,
  ZVouchIdParams,
} from '@vouched/shared/endorsements'
import { ZOk } from '@vouched/shared/errors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { hasBlocked } from '../blocks/blocks.queries'
import { notFound } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { receiveFile } from '../../core/uploads'
import { findPendingEndorsement, listPendingCategories } from './endorsements.pending'
import { storeAttachment, stripAttachment, sweepUnusedAttachments } from './endorsements.attachments'
import {
  findEndorsement,
  findReachableVouchRow,
  hasLiked,
  listComments,
  listGivenCategories,
} from './endorsements.queries'
import { createEndorsement } from './endorsements.create.service'
import {
  addComment,
  likeEndorsement,
  removeComment,
  unlikeEndorsement,
} from './endorsements.likes-comments.service'

export const endorsementsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked before the body is parsed: a visitor gets 401 whatever they sent.
  const members = async (request: FastifyRequest) => void requireMember(request)
  const endorseLimit = rateLimit(app, {
    name: 'endorsements.endorseLimit',
    max: 60,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const uploadLimit = rateLimit(app, {
    name: 'endorsements.uploadLimit',
    max: 30,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const likeLimit = rateLimit(app, {
    name: 'endorsements.likeLimit',
    max: 300,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const commentLimit = rateLimit(app, {
    name: 'endorsements.commentLimit',
    max: 60,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  sweepPeriodically(app)

  app.post(
    '/api/vouches',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [endorseLimit],
      schema: { body: ZCreateEndorsementBody, response: { 201: ZEndorsement } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const created = await createEndorsement(app.db, app.config, { ...request.body, from: me })
      return reply.status(201).send(created)
    },
  )

  app.post(
    '/api/vouches/attachments',
    {
      onRequest: members,
      preHandler: [uploadLimit],
      config: { acceptsFiles: true, apiTokens: true },
      schema: { response: { 201: ZAttachment } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const file = await receiveFile(request, {
        field: 'file',
        maxBytes: ATTACHMENT_MAX_BYTES,
        types: ATTACHMENT_TYPES,
        tooLargeMessage: ENDORSEMENT_MESSAGES.attachmentTooLarge,
        wrongTypeMessage: ENDORSEMENT_MESSAGES.attachmentType,
      })
      const stripped = await stripAttachment(app.cpuPool, file)
      const stored = await storeAttachment(app.db, app.config, { ...stripped, userId: me.id })
      return reply.status(201).send({ contentUrl: stored.url, contentType: stored.contentType })
    },
  )

  // What a notification opens. One 404 for a missing endorsement, one hidden from the viewer and one
  // whose receiver blocked the viewer: the viewer learns nothing about hiding or blocking from it.
  app.get(
    '/api/vouches/:id',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZVouchIdParams, response: { 200: ZEndorsement } },
    },
    async (request) => {
      const me = requireMember(request)
      const viewer = { id: me.id, isAdmin: me.isAdmin }
      const endorsement = await findEndorsement(app.db, request.params.id, viewer)
      if (!endorsement) {
        // One waiting for its receiver's approval: only its two members and admins know it exists.
        const pending = await findPendingEndorsement(app.db, request.params.id, viewer)
        if (!pending) throw notFound('Endorsement')
        return pending
      }
      const isReceiver = endorsement.toUserId === me.id
      if (!me.isAdmin && !isReceiver) {
        if (endorsement.isHidden || (await hasBlocked(app.db, endorsement.toUserId, me.id))) {
          throw notFound('Endorsement')
        }
      }
      return endorsement
    },
  )

  // Only the viewer's own endorsements are read, so any member may ask about anyone: an unknown or
  // blocked member simply has none from them.
  app.get(
    '/api/vouches/given/:userId',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZGivenCategoriesParams, response: { 200: ZGivenCategories } },
    },
    async (request) => {
      const me = requireMember(request)
      const [given, waiting] = await Promise.all([
        listGivenCategories(app.db, me.id, request.params.userId),
        listPendingCategories(app.db, me.id, request.params.userId),
      ])
      // One waiting for approval takes its category as much as a counted one: a second answers 409.
      const taken = new Set<string>([...given, ...waiting])
      return { categories: CATEGORIES.filter((category) => taken.has(category)) }
    },
  )

  app.get(
    '/api/vouches/:id/likes/check',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZVouchIdParams, response: { 200: ZLikeCheck } },
    },
    async (request) => {
      const me = requireMember(request)
      if (!(await findReachableVouchRow(app.db, request.params.id, me))) throw notFound('Endorsement')
      return { hasLiked: await hasLiked(app.db, request.params.id, me.id) }
    },
  )

  app.post(
    '/api/vouches/:id/likes',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [likeLimit],
      schema: { params: ZVouchIdParams, response: { 200: ZLikeState } },
    },
    async (request) => likeEndorsement(app.db, requireMember(request), request.params.id),
  )

  app.delete(
    '/api/vouches/:id/likes',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [likeLimit],
      schema: { params: ZVouchIdParams, response: { 200: ZLikeState } },
    },
    async (request) => unlikeEndorsement(app.db, requireMember(request), request.params.id),
  )

  app.get(
    '/api/vouches/:id/comments',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZVouchIdParams, response: { 200: z.array(ZComment) } },
    },
    async (request) => {
      const me = requireMember(request)
      if (!(await findReachableVouchRow(app.db, request.params.id, me))) throw notFound('Endorsement')
      return listComments(app.db, request.params.id, COMMENTS_LIST_MAX)
    },
  )

  app.post(
    '/api/vouches/:id/comments',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [commentLimit],
      schema: { params: ZVouchIdParams, body: ZCreateCommentBody, response: { 201: ZComment } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      return reply.status(201).send(await addComment(app.db, me, request.params.id, request.body.comment))
    },
  )

  app.delete(
    '/api/comments/:commentId',
    {
      config: { apiTokens: true },
      onRequest: members,
      preHandler: [commentLimit],
      schema: { params: ZCommentIdParams, response: { 200: ZOk } },
    },
    async (request) => {
      const me = requireMember(request)
      await removeComment(app.db, { id: me.id, isAdmin: me.isAdmin }, request.params.commentId)
      return { success: true as const }
    },
  )
}

/** How often each instance looks for attachments nobody used (they are removed a day after upload). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000

/** Runs the unused-attachments sweep a minute after start, then hourly, until the app closes. */
function sweepPeriodically(app: FastifyInstance) {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = sweepUnusedAttachments(app.db, app.config)
      .then((removed) => {
        if (removed > 0) app.log.info({ removed }, 'removed unused attachments')
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'unused attachments sweep failed'))
  }
  let first: NodeJS.Timeout | undefined
  let every: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    first = setTimeout(run, 60_000).unref()
    every = setInterval(run, SWEEP_INTERVAL_MS).unref()
  })
  app.addHook('onClose', async () => {
    clearTimeout(first)
    clearInterval(every)
    await running
  })
}
