import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { AppError } from './errors'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** This app's Prometheus metrics; features add theirs (a gauge whose `collect` reads their state). */
    metrics: Registry
  }
}

export const METRICS_PATH = '/metrics'

/** Latency buckets in seconds: most answers take a few milliseconds, searches and uploads longer. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The route's pattern (`/api/users/:username`), never the path a client typed: labels stay few. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched'

/**
 * Prometheus metrics at `/metrics`: requests and their latency by route, the database pool, the
 * process (memory, event loop lag), and what features register (live streams, queued mails, cache
 * hits). Each app has its own registry, so several apps in one process (tests) do not share counts.
 * Served only when METRICS_TOKEN is set, and only to `Authorization: Bearer <that token>`.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry()
  app.decorate('metrics', registry)
  collectDefaultMetrics({ register: registry, prefix: 'vouched_' })

  const requests = new Counter({
    name: 'vouched_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'vouched_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request)
    if (route === METRICS_PATH) return
    requests.inc({ method: request.method, route, status: reply.statusCode })
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })

  const { pool } = app.database
  if (pool) {
    new Gauge({
      name: 'vouched_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (idle, in use, requests waiting for one)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'idle' }, pool.idleCount)
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount)
        this.set({ state: 'waiting' }, pool.waitingCount)
      },
    })
  }

  const token = app.config.metricsToken
  if (!token) return
  app.get(
    METRICS_PATH,
    { config: { ownAuthorization: true }, schema: { hide: true } },
    async (request, reply) => {
      const header = request.headers.authorization ?? ''
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : ''
      if (!sameToken(given, token)) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.metricsToken, 401)
      return reply.type(registry.contentType).send(await registry.metrics())
    },
  )
})
