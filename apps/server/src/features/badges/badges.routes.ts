import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import {
  ZBadgeEmbed,
  ZBadgeEmbedQuery,
  ZBadgeParams,
  ZBadgeQuery,
  ZHashtagList,
} from '@vouched/shared/badges'
import { USERNAME_MAX } from '@vouched/shared/users'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../core/errors'
import { rateLimit } from '../../core/rate-limit'
import { readIndexHtml, SPA_SKELETON } from '../../core/spa'
import { credentialsFor } from '../credentials/credentials.service'
import { WEB_FONTS, WEB_FONTS_PATH } from './badges.font'
import { badgePageHead, injectHead } from './badges.page'
import {
  createPngCache,
  findBadgePageMeta,
  getBadgeEmbed,
  getBadgeSvg,
  rasterizeTask,
} from './badges.service'

/**
 * Badge images a client (one IP) may fetch per minute. Pages that embed a badge are seen by many
 * visitors, each with their own IP; one client asking for many distinct badges is a scraper or an attack.
 */
export const BADGE_IMAGE_LIMIT = { name: 'badges.images', max: 60, timeWindow: '1 minute' }

/** Whether an If-None-Match header (a list, weak tags or '*') names `etag`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((value) => {
    const tag = value.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}

// Badges are public and meant to be shown on other sites (helmet defaults to same-site).
const embeddable = (reply: FastifyReply) => reply.header('Cross-Origin-Resource-Policy', 'cross-origin')

export const badgesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Drawing a PNG takes milliseconds of CPU: it happens in the worker pool, never on the event loop.
  const pngCache = createPngCache(async (svg) => (await app.cpuPool.rasterize(rasterizeTask(svg))).png)
  const imageLimit = rateLimit(app, BADGE_IMAGE_LIMIT)
  const indexHtml = (await readIndexHtml(app.config)) ?? SPA_SKELETON
  const fontOrigin = new URL(app.config.publicUrl).origin
  const svgPolicy = `default-src 'none'; style-src 'unsafe-inline'; font-src 'self' ${fontOrigin}; frame-ancestors 'self'`
  const fontData = new Map<string, Promise<Buffer>>()
  const credentials = credentialsFor(app)

  app.get(
    '/api/badge/:username',
    {
      config: { apiTokens: true },
      onRequest: imageLimit,
      schema: { params: ZBadgeParams, querystring: ZBadgeQuery },
    },
    async (request, reply) => {
      const { format, hashtags, lang } = request.query
      const badge = await getBadgeSvg(app.db, request.params.username, hashtags, app.config.publicUrl, lang)
      // The badge carries the credentials of the medals it shows (Open Badges 3.0 baking, decision 138);
      // they are held signed, so a drawn badge costs a lookup and a copy more.
      const baked = await credentials.medals(badge.medalIds)
      const bakedHash = createHash('sha1')
        .update(baked.map((c) => c.proof.proofValue).join(','))
        .digest('base64url')
        .slice(0, 10)
      const etag = `"${format}-${badge.hash}-${bakedHash}"`
      const notModified = etagMatches(request.headers['if-none-match'], etag)
      // Drawn before any caching header is set: a failed render must not be cached as the badge.
      const png =
        format === 'png' && !notModified
          ? credentials.bakePng(await pngCache.render(badge.hash, badge.svg), baked)
          : null
      embeddable(reply)
        .header('Cache-Control', 'public, max-age=300')
        .header('ETag', etag)
        .header('Content-Disposition', `inline; filename="${badge.member.username}-vouched-badge.${format}"`)
        // The URL (or the owner's saved choice) names the language, never the viewer's browser.
        .header('Content-Language', badge.data.locale)
      if (notModified) return reply.code(304).send()
      if (png) return reply.type('image/png').send(png)
      // The SVG is a document when opened directly: it needs nothing but its inline styles and its font.
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Content-Security-Policy', svgPolicy)
        .send(credentials.bakeSvg(badge.svg, baked))
    },
  )

  /** The badge typeface for browsers drawing the SVG, from any site (a downloaded or embedded SVG). */
  app.get(
    `${WEB_FONTS_PATH}/:file`,
    { config: { apiTokens: true }, schema: { params: z.object({ file: z.string().max(60) }) } },
    async (request, reply) => {
      const { file } = request.params
      if (!Object.hasOwn(WEB_FONTS, file)) throw new AppError('NOT_FOUND', SERVER_MESSAGES.fontNotFound, 404)
      if (!fontData.has(file)) fontData.set(file, readFile(WEB_FONTS[file]!.file))
      return embeddable(reply)
        .type('font/woff2')
        .header('Cache-Control', 'public, max-age=604800')
        .header('Access-Control-Allow-Origin', '*')
        .send(await fontData.get(file)!)
    },
  )

  app.get(
    '/api/badge/:username/embed',
    {
      config: { apiTokens: true },
      schema: { params: ZBadgeParams, querystring: ZBadgeEmbedQuery, response: { 200: ZBadgeEmbed } },
    },
    async (request, reply) => {
      const embed = await getBadgeEmbed(
        app.db,
        request.params.username,
        request.query.hashtags,
        app.config.publicUrl,
        request.query.lang,
      )
      embeddable(reply).header('Cache-Control', 'no-cache')
      return embed
    },
  )

  /**
   * The public badge page is the client's page, served with its title and link-preview tags already in
   * the head: link previews (LinkedIn, X, Slack…) run no JavaScript. An unknown member gets the same
   * client (it shows 'User not found') with generic tags and status 404.
   */
  app.get(
    '/badge/:username',
    {
      config: { apiTokens: true },
      schema: {
        params: z.object({ username: z.string() }),
        querystring: z.object({ hashtags: z.string().optional() }).catchall(z.unknown()),
      },
    },
    async (request, reply) => {
      const parsed = ZHashtagList.safeParse(request.query.hashtags)
      const { username } = request.params
      const meta =
        username.length <= USERNAME_MAX
          ? await findBadgePageMeta(app.db, username, parsed.success ? parsed.data : [])
          : null
      return reply
        .code(meta ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(injectHead(indexHtml, badgePageHead(app.config.publicUrl, meta)))
    },
  )
}
