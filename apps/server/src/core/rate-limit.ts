import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { AppError } from './errors'

type Limit = {
  /** Names the limit's counters; with REDIS_URL every instance counts under it, so it must be unique. */
  name: string
  max: number
  timeWindow: string
  /** Defaults to the client IP. */
  keyGenerator?: (request: FastifyRequest) => string
  /** What the 429 says; defaults to a generic 'Too many requests'. */
  message?: string
}

/**
 * A hook enforcing one limit (429 with Retry-After); several may guard one route, e.g. per IP
 * and per account. RATE_LIMIT=off (test runs) turns every limit into a no-op.
 */
export function rateLimit(app: FastifyInstance, limit: Limit): onRequestAsyncHookHandler {
  if (!app.config.rateLimit) return async () => {}
  // Not app.rateLimit(): its hooks share one "already ran" mark per request, so only the first of
  // several limits on a route ever counted (login and reset were limited per IP only, not per account).
  const keyOf = limit.keyGenerator ?? ((request: FastifyRequest) => request.ip)
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    // The store keys one namespace for every limit made this way: the name keeps their counts apart.
    keyGenerator: (request) => `${limit.name}:${keyOf(request)}`,
  })
  return async (request, reply) => {
    const result = await check(request)
    if (result.isAllowed) return
    reply.header('x-ratelimit-limit', result.max)
    reply.header('x-ratelimit-remaining', result.remaining)
    reply.header('x-ratelimit-reset', result.ttlInSeconds)
    if (!result.isExceeded) return
    reply.header('retry-after', result.ttlInSeconds)
    throw new AppError('RATE_LIMITED', limit.message ?? SERVER_MESSAGES.rateLimited, 429)
  }
}

/** Writes per signed-in member; falls back to the IP for visitors. */
export const perMember = (request: FastifyRequest) =>
  request.user ? `member:${request.user.id}` : `ip:${request.ip}`

/** The few calls a guarded action makes on a failure limit; see `failureLimit`. */
export type FailureGuard = {
  /** Throws 429 while the key has used up its failures in the window. */
  check: (key: string) => Promise<void>
  fail: (key: string) => Promise<void>
  clear: (key: string) => Promise<void>
}

type FailureLimit = {
  /** Names the limit's counters in Redis (see `Limit.name`). */
  name: string
  max: number
  windowMs: number
  /** Keys held at most (oldest forgotten first), so made-up keys cannot grow memory without end. */
  maxKeys?: number
}

/** Failures counted so far under a key, and when the count starts again (0 when none). */
type FailureCount = { count: number; resetAt: number }
type FailureStore = {
  read: (key: string, now: number) => Promise<FailureCount>
  add: (key: string, now: number) => Promise<void>
  clear: (key: string) => Promise<void>
}

/**
 * Counts failures only (a wrong password), not attempts: the real owner signing in does not use up
 * the allowance, and a success clears it. In Redis when REDIS_URL is set (every instance counts
 * together), else in this instance's memory; RATE_LIMIT=off turns it into a no-op. `forReply` gives
 * the guard one request uses (its Retry-After).
 */
export function failureLimit(app: FastifyInstance, limit: FailureLimit) {
  const store = app.redis ? redisFailures(app, limit) : memoryFailures(limit)
  const make = (reply: FastifyReply): FailureGuard => ({
    async check(key) {
      if (!app.config.rateLimit) return
      const now = Date.now()
      const { count, resetAt } = await store.read(key, now)
      if (count < limit.max) return
      reply.header('retry-after', Math.max(1, Math.ceil((resetAt - now) / 1000)))
      throw new AppError('RATE_LIMITED', SERVER_MESSAGES.rateLimited, 429)
    },
    async fail(key) {
      if (app.config.rateLimit) await store.add(key, Date.now())
    },
    clear: (key) => store.clear(key),
  })
  return { forReply: make, clear: (key: string) => store.clear(key) }
}

function memoryFailures(limit: FailureLimit): FailureStore {
  const maxKeys = limit.maxKeys ?? 100_000
  const failures = new Map<string, FailureCount>()
  const live = (key: string, now: number) => {
    const entry = failures.get(key)
    if (entry && entry.resetAt <= now) failures.delete(key)
    return entry && entry.resetAt > now ? entry : undefined
  }
  return {
    read: async (key, now) => live(key, now) ?? { count: 0, resetAt: 0 },
    async add(key, now) {
      const entry = live(key, now)
      if (entry) {
        entry.count += 1
        return
      }
      if (failures.size >= maxKeys) {
        // Keys are inserted in time order with one window, so the expired ones come first.
        for (const [old, value] of failures) {
          if (value.resetAt > now) break
          failures.delete(old)
        }
        while (failures.size >= maxKeys) failures.delete(failures.keys().next().value!)
      }
      failures.set(key, { count: 1, resetAt: now + limit.windowMs })
    },
    clear: async (key) => void failures.delete(key),
  }
}

/**
 * The same counts in Redis, each key expiring with its window. While Redis cannot be reached the
 * guard counts nothing and lets sign-ins through (logged by core/redis.ts): a limit must not lock
 * every member out of their account.
 */
function redisFailures(app: FastifyInstance, limit: FailureLimit): FailureStore {
  const redis = app.redis!
  const keyOf = (key: string) => `failures:${limit.name}:${key}`
  const unavailable = (error: unknown) => app.log.debug({ err: error }, 'redis: failure count skipped')
  return {
    async read(key, now) {
      try {
        const [[, count], [, ttl]] = (await redis.multi().get(keyOf(key)).pttl(keyOf(key)).exec()) as [
          [Error | null, string | null],
          [Error | null, number],
        ]
        return { count: Number(count ?? 0), resetAt: now + Math.max(0, ttl) }
      } catch (error) {
        unavailable(error)
        return { count: 0, resetAt: 0 }
      }
    },
    async add(key) {
      try {
        // The window starts with the first failure: NX leaves a running window's expiry alone.
        await redis.multi().incr(keyOf(key)).pexpire(keyOf(key), limit.windowMs, 'NX').exec()
      } catch (error) {
        unavailable(error)
      }
    },
    async clear(key) {
      await redis.del(keyOf(key)).catch(unavailable)
    },
  }
}
