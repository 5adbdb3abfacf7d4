import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Counter, Gauge, type Registry } from 'prom-client'
import { LRUCache } from 'lru-cache'
import type { Database } from '../db/client'
import {
  CHANGE_KINDS,
  createCache,
  type Cache,
  type CacheOptions,
  type Change,
  type ChangeKind,
  type NoSecrets,
} from './cache'
import { listenChannel, type Listener } from './db-listener'

/** The channel on which the database names what changed (migration 0017), and instances prove they hear it. */
export const CACHE_INVALIDATION_CHANNEL = 'vouched_cache_invalidation'
/** How often the listener proves it is alive when the configuration does not say. */
export const DEFAULT_HEARTBEAT_MS = 5_000
const RETRY_MS = 5_000
/**
 * A member who just wrote through this instance reads from the database this long: their own like,
 * comment or endorsement shows in their next read even if it comes before the database's word on
 * what it changed.
 */
const WRITER_WINDOW_MS = 5_000
const WRITERS_MAX = 100_000
/** Requests that change nothing: their responses need not wait for the changes to be heard. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type CacheInvalidation = {
  /** Whether changes are heard now: while not, every cache reads from the database and keeps nothing. */
  live: () => boolean
  /** Every cache made through `createCache`, for the metrics. */
  caches: () => readonly Pick<Cache<never, never>, 'name' | 'stats' | 'size'>[]
  /**
   * Resolves once every change committed before the call has been heard (a marker sent through the
   * pool comes back on the listening connection; PostgreSQL delivers in commit order).
   */
  settled: () => Promise<void>
  /** A cache that hears the changes it is stale on, and stops answering while changes cannot be heard. */
  createCache: <K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
    options: Omit<CacheOptions<K, V>, 'live'> & NoSecrets<V>,
  ) => Cache<K, V>
  /** Told every change of these kinds, and `all` of every kind when changes may have been missed. */
  subscribe: (kinds: readonly ChangeKind[], onChange: (change: Change) => void) => void
  /** A change made through this instance, told ahead of the database's word. */
  announce: (change: Change) => void
  /** The member just wrote through this instance: caches answer them from the database for a while. */
  noteWriter: (userId: number) => void
  /** Whether the member wrote through this instance within the last few seconds. */
  recentWriter: (userId: number) => boolean
  close: () => Promise<void>
}

/** `kind:1,2,3` or `kind:*`; anything else (another instance's heartbeat included) is not a change. */
export function parseChange(payload: string): Change | undefined {
  const colon = payload.indexOf(':')
  const kind = payload.slice(0, colon) as ChangeKind
  if (colon < 0 || !CHANGE_KINDS.includes(kind)) return undefined
  const list = payload.slice(colon + 1)
  if (list === '*') return { kind, ids: 'all' }
  const ids = list.split(',').map(Number)
  return ids.every(Number.isInteger) ? { kind, ids } : undefined
}

type Options = { heartbeatMs: number }

/**
 * Listens on the cache invalidation channel and hands each change to the caches stale on its kind.
 * Every `heartbeatMs` it sends a heartbeat through the pool and expects to hear it before the next one;
 * when it does not (the connection is half-open, the database is away), every cache is emptied and
 * bypassed, the listening connection is replaced, and caches answer again once a round trip succeeds.
 */
export function createCacheInvalidation(
  database: Database,
  log: FastifyBaseLogger,
  { heartbeatMs }: Options,
): CacheInvalidation {
  const instance = randomUUID()
  const subscribers = new Map<ChangeKind, ((change: Change) => void)[]>()
  const caches: Pick<Cache<never, never>, 'name' | 'stats' | 'size' | 'invalidate' | 'clear'>[] = []
  let listening = false
  let closed = false
  let listener: Listener | undefined
  let retry: NodeJS.Timeout | undefined
  let sequence = 0
  // Counts listening connections, so that a late heartbeat failure is blamed on the right one.
  let connection = 0
  // Round trips in flight: the marker's payload, and whom to tell when it is heard.
  const awaited = new Map<string, () => void>()
  const writers = new LRUCache<number, true>({ max: WRITERS_MAX, ttl: WRITER_WINDOW_MS })

  const tell = (change: Change) => {
    for (const cache of caches) cache.invalidate(change)
    for (const onChange of subscribers.get(change.kind) ?? []) onChange(change)
  }
  const forgetEverything = () => {
    for (const cache of caches) cache.clear()
    for (const kind of CHANGE_KINDS)
      for (const onChange of subscribers.get(kind) ?? []) onChange({ kind, ids: 'all' })
  }

  const onMessage = (payload: string) => {
    const heard = awaited.get(payload)
    if (heard) {
      awaited.delete(payload)
      heard()
      return
    }
    const change = parseChange(payload)
    if (change) tell(change)
  }

  /** Sends a marker through the pool; true once heard, false if not within `timeoutMs`. */
  const roundTrip = (timeoutMs: number) => {
    sequence += 1
    const payload = `heartbeat:${instance}:${sequence}`
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        awaited.delete(payload)
        resolve(false)
      }, timeoutMs)
      timer.unref()
      awaited.set(payload, () => {
        clearTimeout(timer)
        resolve(true)
      })
      database.db.execute(sql`select pg_notify(${CACHE_INVALIDATION_CHANNEL}, ${payload})`).catch(() => {
        // The database is away: the round trip fails now rather than at its timeout.
        clearTimeout(timer)
        awaited.delete(payload)
        resolve(false)
      })
    })
  }

  const lose = (why: string) => {
    if (!listening) return
    listening = false
    log.warn(`cache invalidation: ${why}; caches read from the database until changes are heard again`)
    forgetEverything()
  }

  /** Listening again: proves it with a round trip, then empties every cache and lets them answer. */
  const resync = async () => {
    if (closed || !(await roundTrip(heartbeatMs))) return
    forgetEverything()
    listening = true
    log.info('cache invalidation: changes are heard again')
  }

  const beat = async () => {
    if (closed || !listener) return
    // A heartbeat lost on a connection that has been replaced meanwhile says nothing of the new one.
    const tested = connection
    if (await roundTrip(heartbeatMs)) {
      if (!listening) await resync()
      return
    }
    if (closed || tested !== connection) return
    lose('a heartbeat was not heard back')
    listener.restart()
  }
  const heartbeat = setInterval(() => void beat(), heartbeatMs)
  heartbeat.unref()

  const start = (): Promise<void> =>
    listenChannel(
      database,
      CACHE_INVALIDATION_CHANNEL,
      {
        onMessage,
        onLost: () => lose('the listening connection was lost'),
        onResync: () => {
          connection += 1
          void resync()
        },
      },
      log,
      'cache invalidation',
    ).then(
      async (opened) => {
        if (closed) return opened.close()
        listener = opened
        listening = true
      },
      (error: unknown) => {
        if (closed) return
        log.warn(
          { err: error },
          'cache invalidation: cannot listen for changes, caches read from the database',
        )
        retry = setTimeout(() => void start(), RETRY_MS)
        retry.unref()
      },
    )
  const started = start()

  return {
    live: () => listening,
    caches: () => caches,
    async settled() {
      await started
      // Not hearing changes, caches answer nothing: every read already sees every commit.
      if (!listening) return
      if (!(await roundTrip(heartbeatMs))) lose('a marker was not heard back')
    },
    createCache(options) {
      const cache = createCache({ ...options, live: () => listening } as Parameters<typeof createCache>[0])
      caches.push(cache)
      return cache as never
    },
    subscribe(kinds, onChange) {
      for (const kind of kinds) {
        const list = subscribers.get(kind) ?? []
        list.push(onChange)
        subscribers.set(kind, list)
      }
    },
    announce: tell,
    noteWriter: (userId) => void writers.set(userId, true),
    recentWriter: (userId) => writers.has(userId),
    async close() {
      closed = true
      listening = false
      clearInterval(heartbeat)
      if (retry) clearTimeout(retry)
      forgetEverything()
      await listener?.close()
    },
  }
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** What the in-memory caches must forget, heard from the database on one channel. */
    cacheInvalidation: CacheInvalidation
    /** Resolves once every change committed before the call has reached this instance's caches. */
    settled: () => Promise<void>
  }
}

/** Hits, misses and bypasses per cache, and entries held, read from the caches at each scrape. */
function registerCacheMetrics(registry: Registry, invalidation: CacheInvalidation) {
  new Counter({
    name: 'vouched_cache_requests_total',
    help: 'Reads through each in-memory cache, by result: hit, miss, or bypass (the cache could not answer)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset()
      for (const { name, stats } of invalidation.caches()) {
        this.inc({ cache: name, result: 'hit' }, stats.hits)
        this.inc({ cache: name, result: 'miss' }, stats.misses)
        this.inc({ cache: name, result: 'bypass' }, stats.bypassed)
      }
    },
  })
  new Gauge({
    name: 'vouched_cache_entries',
    help: 'Entries each in-memory cache holds',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const { name, size } of invalidation.caches()) this.set({ cache: name }, size)
    },
  })
}

/** Registered from app.ts before anything that keeps a cache. */
export const cacheInvalidationPlugin = fp(async (app: FastifyInstance) => {
  const invalidation = createCacheInvalidation(app.database, app.log, {
    heartbeatMs: app.config.cacheHeartbeatMs ?? DEFAULT_HEARTBEAT_MS,
  })
  app.decorate('cacheInvalidation', invalidation)
  app.decorate('settled', () => invalidation.settled())
  registerCacheMetrics(app.metrics, invalidation)
  // A write's response leaves once this instance has heard what the write changed, so whoever reads
  // through this instance next (the writer or anyone else) is never answered from a stale cache entry
  // (decision 145). One round trip per write; other instances hear it within their delivery delay.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!READ_METHODS.has(request.method) && reply.statusCode < 400) await invalidation.settled()
    return payload
  })
  app.addHook('onClose', () => invalidation.close())
  await invalidation.settled()
})
