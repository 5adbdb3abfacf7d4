import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** Where instances count rate limits together (REDIS_URL); absent, each counts in memory. */
    redis: Redis | undefined
  }
}

/** Waits this long for Redis before a command fails (and the limit lets the request through). */
const COMMAND_TIMEOUT_MS = 1_000

/**
 * One Redis connection per instance when REDIS_URL is set. Commands fail at once while it is down
 * (no offline queue) instead of holding requests; it reconnects on its own.
 */
export const redisPlugin = fp(async (app: FastifyInstance) => {
  const { redisUrl, redisPrefix } = app.config
  if (!redisUrl) {
    app.decorate('redis', undefined)
    return
  }
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 5_000,
    lazyConnect: true,
    keyPrefix: redisPrefix,
  })
  let warned = false
  redis.on('error', (error) => {
    if (warned) return
    warned = true
    app.log.warn(
      { err: error },
      'redis: connection failed; rate limits let requests through until it is back',
    )
  })
  redis.on('ready', () => {
    if (warned) app.log.info('redis: connected again')
    warned = false
  })
  await redis.connect().catch(() => {})
  app.decorate('redis', redis)
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
})
