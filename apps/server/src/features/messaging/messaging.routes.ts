import { ZIdParams } from '@vouched/shared/errors'
import {
  MESSAGING_MESSAGES,
  ZConversationListItem,
  ZConversationPage,
  ZConversationsQuery,
  ZConversationWith,
  ZMessage,
  ZMessagePage,
  ZMessagesQuery,
  ZSendMessageBody,
  ZStatusUpdate,
  ZUnreadCount,
  ZUserIdParams,
} from '@vouched/shared/messaging'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { areConnected } from '../connections/connections.service'
import {
  countUnread,
  findConversationBetween,
  findUserCard,
  listConversations,
  listMessages,
} from './messaging.queries'
import { advanceStatus, getOwnConversation, sendMessage, toConversationUser } from './messaging.service'

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-in members only, checked before any input is looked at.
  app.addHook('onRequest', async (request: FastifyRequest) => void requireMember(request))
  const sends = rateLimit(app, {
    name: 'messaging.sends',
    max: 60,
    timeWindow: '1 minute',
    keyGenerator: perMember,
  })

  /** Fetching the list is the member's client receiving what was sent to them: sent → delivered. */
  app.get(
    '/api/conversations',
    {
      config: { apiTokens: true },
      schema: { querystring: ZConversationsQuery, response: { 200: ZConversationPage } },
    },
    async (request) => {
      const me = requireMember(request)
      await advanceStatus(app.db, me.id, 'delivered')
      return listConversations(app.db, toConversationUser(me), request.query)
    },
  )

  /** The top bar's badge; like the list, it is the client hearing of new messages. */
  app.get(
    '/api/conversations/unread-count',
    { config: { apiTokens: true }, schema: { response: { 200: ZUnreadCount } } },
    async (request) => {
      const me = requireMember(request)
      await advanceStatus(app.db, me.id, 'delivered')
      return { unreadCount: await countUnread(app.db, me.id) }
    },
  )

  /** Opening a thread with someone from their profile or the network page. */
  app.get(
    '/api/conversations/with/:userId',
    { config: { apiTokens: true }, schema: { params: ZUserIdParams, response: { 200: ZConversationWith } } },
    async (request) => {
      const me = requireMember(request)
      const { userId } = request.params
      if (userId === me.id) throw new AppError('SELF_MESSAGE', MESSAGING_MESSAGES.selfMessage, 400, 'userId')
      const otherUser = await findUserCard(app.db, userId)
      if (!otherUser) throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.recipientNotFound, 404)
      const existing = await findConversationBetween(app.db, me.id, userId)
      const conversation = existing
        ? (await listConversations(app.db, toConversationUser(me), { limit: 1, conversationId: existing.id }))
            .conversations[0]!
        : null
      return { otherUser, conversation, canMessage: await areConnected(app.db, me.id, userId) }
    },
  )

  /** One conversation in the list shape, for a thread opened by its URL. */
  app.get(
    '/api/conversations/:id',
    { config: { apiTokens: true }, schema: { params: ZIdParams, response: { 200: ZConversationListItem } } },
    async (request) => {
      const me = requireMember(request)
      const conversation = await getOwnConversation(app.db, me.id, request.params.id)
      const { conversations } = await listConversations(app.db, toConversationUser(me), {
        limit: 1,
        conversationId: conversation.id,
      })
      return conversations[0]!
    },
  )

  /**
   * Fetching a thread is the client receiving it (sent → delivered), never the member reading it: a
   * GET can be caused by a prefetch or another page, so read is the explicit POST below.
   */
  app.get(
    '/api/conversations/:id/messages',
    {
      config: { apiTokens: true },
      schema: { params: ZIdParams, querystring: ZMessagesQuery, response: { 200: ZMessagePage } },
    },
    async (request) => {
      const me = requireMember(request)
      const conversation = await getOwnConversation(app.db, me.id, request.params.id)
      await advanceStatus(app.db, me.id, 'delivered', conversation.id)
      return listMessages(app.db, conversation.id, request.query)
    },
  )

  /** The member has the thread open: what the other side sent is read. */
  app.post(
    '/api/conversations/:id/read',
    { config: { apiTokens: true }, schema: { params: ZIdParams, response: { 200: ZStatusUpdate } } },
    async (request) => {
      const me = requireMember(request)
      const conversation = await getOwnConversation(app.db, me.id, request.params.id)
      return { updated: await advanceStatus(app.db, me.id, 'read', conversation.id) }
    },
  )

  /** For clients that received a message through the event stream without opening anything. */
  app.post(
    '/api/conversations/:id/delivered',
    { config: { apiTokens: true }, schema: { params: ZIdParams, response: { 200: ZStatusUpdate } } },
    async (request) => {
      const me = requireMember(request)
      const conversation = await getOwnConversation(app.db, me.id, request.params.id)
      return { updated: await advanceStatus(app.db, me.id, 'delivered', conversation.id) }
    },
  )

  app.post(
    '/api/messages',
    {
      config: { apiTokens: true },
      preHandler: [sends],
      schema: { body: ZSendMessageBody, response: { 201: ZMessage } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const message = await sendMessage(app.db, me, request.body.recipientId, request.body.content)
      return reply.status(201).send(message)
    },
  )
}
