import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'

type Limit = {
  max: number
  timeWindow: string
  /** Defaults to the client IP. */
  keyGenerator?: (request: FastifyRequest) => string
}

/**
 * A hook enforcing one limit (429 with Retry-After); several may guard one route, e.g. per IP
 * and per account. RATE_LIMIT=off (test runs) turns every limit into a no-op.
 */
export function rateLimit(app: FastifyInstance, limit: Limit): onRequestAsyncHookHandler {
  if (!app.config.rateLimit) return async () => {}
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    ...(limit.keyGenerator ? { keyGenerator: limit.keyGenerator } : {}),
  }) as onRequestAsyncHookHandler
}

/** Writes per signed-in member; falls back to the IP for visitors. */
export const perMember = (request: FastifyRequest) =>
  request.user ? `member:${request.user.id}` : `ip:${request.ip}`
