import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { AppError } from './errors'

type Limit = {
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
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    ...(limit.keyGenerator ? { keyGenerator: limit.keyGenerator } : {}),
  })
  return async (request, reply) => {
    const result = await check(request)
    if (result.isAllowed) return
    reply.header('x-ratelimit-limit', result.max)
    reply.header('x-ratelimit-remaining', result.remaining)
    reply.header('x-ratelimit-reset', result.ttlInSeconds)
    if (!result.isExceeded) return
    reply.header('retry-after', result.ttlInSeconds)
    throw new AppError(
      'RATE_LIMITED',
      limit.message ?? 'Too many requests. Please wait a moment and try again.',
      429,
    )
  }
}

/** Writes per signed-in member; falls back to the IP for visitors. */
export const perMember = (request: FastifyRequest) =>
  request.user ? `member:${request.user.id}` : `ip:${request.ip}`

/** The few calls a guarded action makes on a failure limit; see `failureLimit`. */
export type FailureGuard = {
  /** Throws 429 while the key has used up its failures in the window. */
  check: (key: string) => void
  fail: (key: string) => void
  clear: (key: string) => void
}

type FailureLimit = {
  max: number
  windowMs: number
  /** Keys held at most (oldest forgotten first), so made-up keys cannot grow memory without end. */
  maxKeys?: number
}

/**
 * Counts failures only (a wrong password), not attempts: the real owner signing in does not use up
 * the allowance, and a success clears it. Per instance and in memory, like the other limits;
 * RATE_LIMIT=off turns it into a no-op. `forReply` gives the guard one request uses (its Retry-After).
 */
export function failureLimit(app: FastifyInstance, limit: FailureLimit) {
  const maxKeys = limit.maxKeys ?? 100_000
  const failures = new Map<string, { count: number; resetAt: number }>()
  const live = (key: string, now: number) => {
    const entry = failures.get(key)
    if (entry && entry.resetAt <= now) failures.delete(key)
    return entry && entry.resetAt > now ? entry : undefined
  }
  const make = (reply: FastifyReply): FailureGuard => ({
    check(key) {
      if (!app.config.rateLimit) return
      const now = Date.now()
      const entry = live(key, now)
      if (!entry || entry.count < limit.max) return
      reply.header('retry-after', Math.max(1, Math.ceil((entry.resetAt - now) / 1000)))
      throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.', 429)
    },
    fail(key) {
      if (!app.config.rateLimit) return
      const now = Date.now()
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
    clear(key) {
      failures.delete(key)
    },
  })
  return { forReply: make, clear: (key: string) => void failures.delete(key) }
}
