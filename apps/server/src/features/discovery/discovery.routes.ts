import {
  ZPopularHashtags,
  ZPopularHashtagsQuery,
  ZPopularUsersQuery,
  ZSearchQuery,
  ZSearchSuggestions,
  ZSearchSuggestQuery,
  ZUserCards,
} from '@vouched/shared/discovery'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireMember } from '../../core/session'
import { createPopularMembers } from './discovery.popular'
import { listPopularHashtags } from './discovery.queries'
import { createSearchResults } from './discovery.search-results'
import { slideActivityWindow } from './discovery.service'
import { suggestSearch } from './discovery.suggest'

/** How often the 30-day activity window is checked; it moves once a day, the check costs one row read. */
const ACTIVITY_WINDOW_CHECK_MS = 10 * 60_000

export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const slideWindow = async () => {
    try {
      await slideActivityWindow(app.db)
    } catch (error) {
      app.log.error({ err: error }, 'sliding the activity window failed')
    }
  }
  app.addHook('onReady', slideWindow)
  const timer = setInterval(() => void slideWindow(), ACTIVITY_WINDOW_CHECK_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))

  const popular = createPopularMembers(
    app.db,
    app.cacheInvalidation,
    app.blockSets,
    app.config.sessionCacheSize > 0,
  )
  const searches = createSearchResults(
    app.db,
    app.cacheInvalidation,
    app.blockSets,
    app.config.searchCacheSize,
  )

  // Checked before the query is validated: a visitor gets 401 whatever they sent.
  const members = async (request: FastifyRequest) => void requireMember(request)

  app.get(
    '/api/users/discover/popular',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { querystring: ZPopularUsersQuery, response: { 200: ZUserCards } },
    },
    async (request) => {
      const me = requireMember(request)
      return popular.list(me.id, request.query.limit)
    },
  )

  app.get(
    '/api/hashtags/popular',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { querystring: ZPopularHashtagsQuery, response: { 200: ZPopularHashtags } },
    },
    async (request) => {
      requireMember(request)
      return listPopularHashtags(app.db, request.query.limit)
    },
  )

  app.get(
    '/api/search',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { querystring: ZSearchQuery, response: { 200: ZUserCards } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const { cards, json } = await searches.search({ viewerId: me.id, ...request.query })
      // Written against the same schema by the search: a held answer once, not per request.
      reply.type('application/json; charset=utf-8').serializer(() => json)
      return cards
    },
  )

  app.get(
    '/api/search/suggest',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { querystring: ZSearchSuggestQuery, response: { 200: ZSearchSuggestions } },
    },
    async (request) => {
      const me = requireMember(request)
      return suggestSearch(app.db, me.id, request.query.q)
    },
  )
}
