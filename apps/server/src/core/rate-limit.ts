import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
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
