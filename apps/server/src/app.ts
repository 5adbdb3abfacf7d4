import { randomUUID } from 'node:crypto'
import path from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimitPlugin from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config, TrustProxy } from './config'
import type { Database, Db } from './db/client'
import { createCpuPool, type CpuPool } from './core/cpu-pool'
import { AppError, installErrorHandler } from './core/errors'
import { createBackgroundMail, createMailer, type BackgroundMail, type Mailer } from './core/mail'
import { RequestLogController } from './core/request-log'
import { localePlugin } from './core/locale'
import { validatorCompiler } from './core/validation'
import { openApiPlugin } from './core/openapi'
import { redisPlugin } from './core/redis'
import { metricsPlugin } from './core/metrics'
import { gracefulClosePlugin } from './core/graceful-close'
import { securityPlugin } from './core/security'
import { cacheInvalidationPlugin } from './core/cache-invalidation'
import { sessionPlugin } from './core/session'
import { uploadsRoutes } from './core/uploads'
import { inlineScriptHashes, readIndexHtml } from './core/spa'
import { accountRoutes } from './features/account/account.routes'
import { accountTokensRoutes } from './features/account/account.tokens.routes'
import { adminRoutes } from './features/admin/admin.routes'
import { announcementsRoutes } from './features/announcements/announcements.routes'
import { authRoutes } from './features/auth/auth.routes'
import { badgesRoutes } from './features/badges/badges.routes'
import { createBlockSets, type BlockSets } from './features/blocks/blocks.queries'
import { credentialsRoutes } from './features/credentials/credentials.routes'
import { blocksRoutes } from './features/blocks/blocks.routes'
import { connectionsRoutes } from './features/connections/connections.routes'
import { digestScheduler } from './features/digest/digest.scheduler'
import { discoveryRoutes } from './features/discovery/discovery.routes'
import { endorsementRequestsRoutes } from './features/endorsement-requests/endorsement-requests.routes'
import { endorsementsRoutes } from './features/endorsements/endorsements.routes'
import { endorsementReviewRoutes } from './features/endorsements/endorsements.review.routes'
import { eventsRoutes } from './features/events/events.routes'
import { followersRoutes } from './features/federation/federation.followers.routes'
import { federationFollowingRoutes } from './features/federation/federation.following.routes'
import { federationPlugin, federationRoutes } from './features/federation/federation.routes'
import { remoteVouchRoutes } from './features/federation/federation.remote-vouches.routes'
import { healthRoutes } from './features/health/health.routes'
import { messagingRoutes } from './features/messaging/messaging.routes'
import { notificationsRoutes } from './features/notifications/notifications.routes'
import { onboardingRoutes } from './features/onboarding/onboarding.routes'
import { profilesRoutes } from './features/profiles/profiles.routes'
import { pushDeliveryPlugin } from './features/push/push.delivery'
import { pushRoutes } from './features/push/push.routes'
import { reportsRoutes } from './features/reports/reports.routes'
import { reputationRoutes } from './features/reputation/reputation.routes'
import { passkeysRoutes } from './features/security/passkeys.routes'
import { securityRoutes } from './features/security/security.routes'
import { trustRoutes } from './features/trust/trust.routes'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
    mailer: Mailer
    /** Mails sent beside the answer (security notices), waited for on close. */
    backgroundMail: BackgroundMail
    /** Worker threads for CPU-heavy work (badge PNGs, PDF rewriting), off the event loop. */
    cpuPool: CpuPool
    /** Every route as registered, for the authorization matrix and docs. */
    routeList: { method: string; url: string }[]
    /** Viewers' blocks, for the caches that cut what they serve per viewer. */
    blockSets: BlockSets
  }
}

export type BuildAppOptions = {
  database: Database
  config: Config
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger
}

/** Fixed so the sizes of every request stay bounded; uploads set their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024

export async function buildApp({ database, config, logger }: BuildAppOptions) {
  const app = Fastify({
    ...(logger && 'info' in (logger as object)
      ? { loggerInstance: logger as FastifyBaseLogger }
      : { logger: logger ?? false }),
    bodyLimit: JSON_BODY_LIMIT,
    // Off by default: otherwise any client could pick its IP for the per-IP rate limits.
    trustProxy: trustProxyOption(config.trustProxy),
    // Our own ids only: a client's x-request-id would otherwise be echoed and logged at any length.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>()

  // JSON in and out: a text/plain body (which a cross-site form can send) is refused with 415.
  app.removeContentTypeParser('text/plain')
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', database.db)
  app.decorate('database', database)
  app.decorate('config', config)
  app.decorate('mailer', createMailer(config, app.log))
  app.decorate('backgroundMail', createBackgroundMail(app.mailer, app.log))
  app.addHook('onClose', async () => app.backgroundMail.drain())
  app.decorate('routeList', [])
  app.decorate('cpuPool', createCpuPool())
  app.addHook('onClose', async () => app.cpuPool.destroy())
  // Each answer names its request id (also in every log line of that request) for support and tracing.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeList.push({ method, url: route.url })
    }
  })
  installErrorHandler(app)
  await app.register(localePlugin)

  await app.register(gracefulClosePlugin)
  await app.register(metricsPlugin)
  // Text answers (the client's files, HTML, JSON, SVG badges) go compressed when the client accepts it.
  // (Brotli at the plugin's quality 4: near the size of the maximum 11 for a fraction of its CPU.)
  // The live events stream writes to the raw socket, so it is never buffered by this.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
  })
  await app.register(cookie, { secret: config.sessionSecret })
  const indexHtml = await readIndexHtml(config)
  await app.register(securityPlugin, { scriptHashes: inlineScriptHashes(indexHtml) })
  await app.register(redisPlugin)
  // With REDIS_URL every instance counts in Redis, so N instances allow what one does (docs/decisions/129).
  await app.register(rateLimitPlugin, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'limits:', skipOnError: true } : {}),
  })
  await app.register(multipart, { limits: { files: 1, fields: 20, fileSize: 10 * 1024 * 1024 } })
  await app.register(cacheInvalidationPlugin)
  await app.register(sessionPlugin)
  // Sized as the session cache: both hold one entry per signed-in viewer.
  app.decorate('blockSets', createBlockSets(app.db, app.cacheInvalidation, config.sessionCacheSize))
  await app.register(openApiPlugin)
  // Before the routes: its onResponse hook sends the pushes a write queued (features/push).
  await app.register(pushDeliveryPlugin)

  await app.register(healthRoutes)
  await app.register(authRoutes)
  await app.register(badgesRoutes)
  await app.register(credentialsRoutes)
  await app.register(connectionsRoutes)
  await app.register(notificationsRoutes)
  await app.register(eventsRoutes)
  await app.register(announcementsRoutes)
  await app.register(messagingRoutes)
  await app.register(adminRoutes)
  await app.register(discoveryRoutes)
  await app.register(profilesRoutes)
  await app.register(endorsementsRoutes)
  await app.register(endorsementRequestsRoutes)
  await app.register(endorsementReviewRoutes)
  await app.register(blocksRoutes)
  await app.register(reportsRoutes)
  await app.register(reputationRoutes)
  await app.register(trustRoutes)
  await app.register(onboardingRoutes)
  await app.register(accountRoutes)
  await app.register(digestScheduler)
  await app.register(accountTokensRoutes)
  await app.register(securityRoutes)
  await app.register(pushRoutes)
  await app.register(passkeysRoutes)
  await app.register(uploadsRoutes)
  await app.register(federationPlugin)
  await app.register(federationRoutes, { indexHtml })
  await app.register(followersRoutes)
  await app.register(federationFollowingRoutes)
  await app.register(remoteVouchRoutes)

  await registerClient(app, config, indexHtml)
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>

/**
 * Fastify 5.12.1+ ignores a numeric trustProxy altogether, so a hop count is our own function: the
 * socket's peer and the next `hops - 1` entries of X-Forwarded-For are proxies, the entry after is
 * the client. Entries a client wrote itself sit further away and are never believed.
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!trust) return false
  if ('addresses' in trust) return trust.addresses
  const { hops } = trust
  return (_address, hop) => hop < hops
}

/** Serves the built client, and its index.html for every non-API path so the SPA can route it. */
async function registerClient(app: App, config: Config, indexHtml: string | undefined) {
  if (config.webDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable')
        }
      },
    })
  }
  const notFound = (method: string, pathname: string) =>
    new AppError('NOT_FOUND', SERVER_MESSAGES.noRoute(method, pathname), 404)
  app.setNotFoundHandler(async (request) => {
    throw notFound(request.method, request.url.split('?')[0]!)
  })
  if (!indexHtml) return
  // A route rather than the not-found handler, so the page gets the route hooks (compression).
  // Open to API tokens: it serves the client's page or says 404, and holds nothing of anyone.
  app.get('/*', { config: { apiTokens: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!
    if (/^\/(api|assets|uploads)(\/|$)/.test(pathname)) throw notFound(request.method, pathname)
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml)
  })
}
