import { LIVE_EVENT_TYPES, type TLiveEvent } from '@vouched/shared/events'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { Database } from '../db/client'
import { EVENTS_CHANNEL } from './events'

export type Subscriber = {
  /** An event for the subscribed member, from any server instance. */
  onEvent: (event: TLiveEvent) => void
  /** The listener lost its database for a while: events may have been missed, refetch everything. */
  onResync: () => void
}

export type EventBus = {
  /** Resolves once this instance listens, so nothing committed afterwards is missed; returns the unsubscribe. */
  subscribe: (userId: number, subscriber: Subscriber) => Promise<() => void>
  /** Local subscribers of a member (tests and diagnostics). */
  subscriberCount: (userId?: number) => number
  close: () => Promise<void>
}

type Listener = { close: () => Promise<void> }

const KNOWN_TYPES = new Set<string>(LIVE_EVENT_TYPES)
const MAX_RECONNECT_DELAY_MS = 30_000

/**
 * One LISTEN per server instance on the `vouched_events` channel, fanned out to this instance's
 * subscribers by member id. It starts with the first subscriber and stops with the app.
 */
export function createEventBus(database: Database, log: FastifyBaseLogger): EventBus {
  const subscribers = new Map<number, Set<Subscriber>>()
  let listener: Promise<Listener> | undefined
  let closed = false

  const dispatch = (payload: string) => {
    let message: { userId?: unknown; type?: unknown; entityId?: unknown }
    try {
      message = JSON.parse(payload) as typeof message
    } catch {
      return
    }
    if (typeof message.userId !== 'number' || typeof message.type !== 'string') return
    if (!KNOWN_TYPES.has(message.type)) return
    const targets = subscribers.get(message.userId)
    if (!targets) return
    const event = {
      type: message.type as TLiveEvent['type'],
      ...(typeof message.entityId === 'number' ? { entityId: message.entityId } : {}),
    }
    for (const subscriber of targets) subscriber.onEvent(event)
  }

  const resyncAll = () => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.onResync()
  }

  const start = (): Promise<Listener> => {
    if (database.pglite) return listenPglite(database, dispatch)
    if (database.pool) return listenPostgres(database.pool, dispatch, resyncAll, log)
    return Promise.reject(new Error('No database engine to listen on'))
  }

  return {
    async subscribe(userId, subscriber) {
      if (closed) throw new Error('The event bus is closed')
      if (!listener) {
        listener = start()
        // A failed start is retried by the next subscriber instead of being remembered.
        listener.catch(() => {
          listener = undefined
        })
      }
      await listener
      let set = subscribers.get(userId)
      if (!set) subscribers.set(userId, (set = new Set()))
      set.add(subscriber)
      return () => {
        set.delete(subscriber)
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId)
      }
    },
    subscriberCount(userId) {
      if (userId !== undefined) return subscribers.get(userId)?.size ?? 0
      let total = 0
      for (const set of subscribers.values()) total += set.size
      return total
    },
    async close() {
      closed = true
      subscribers.clear()
      const running = listener
      listener = undefined
      if (running) await (await running.catch(() => undefined))?.close()
    },
  }
}

async function listenPglite(database: Database, dispatch: (payload: string) => void): Promise<Listener> {
  const pglite = database.pglite!
  const unlisten = await pglite.listen(EVENTS_CHANNEL, dispatch)
  return {
    close: async () => {
      if (!pglite.closed) await unlisten().catch(() => {})
    },
  }
}

/**
 * A dedicated connection (LISTEN cannot share a pooled one) that reconnects with backoff when the
 * database restarts or the connection drops, then asks subscribers to resync.
 */
async function listenPostgres(
  pool: pg.Pool,
  dispatch: (payload: string) => void,
  resync: () => void,
  log: FastifyBaseLogger,
): Promise<Listener> {
  let client: pg.Client | undefined
  let closed = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined

  const connect = async () => {
    const next = new pg.Client({ ...pool.options, keepAlive: true })
    next.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) dispatch(message.payload)
    })
    next.on('error', (error) => {
      log.warn({ err: error }, 'live events: database listener lost its connection')
      lost(next)
    })
    next.on('end', () => lost(next))
    try {
      await next.connect()
      await next.query(`listen ${EVENTS_CHANNEL}`)
    } catch (error) {
      next.removeAllListeners('end')
      await next.end().catch(() => {})
      throw error
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
  }

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return
    client = undefined
    which.end().catch(() => {})
    schedule()
  }

  const schedule = () => {
    if (closed || timer) return
    const delay = Math.min(MAX_RECONNECT_DELAY_MS, 250 * 2 ** attempt)
    attempt += 1
    timer = setTimeout(async () => {
      timer = undefined
      try {
        await connect()
        attempt = 0
        log.info('live events: database listener reconnected')
        resync()
      } catch (error) {
        log.warn({ err: error, attempt }, 'live events: reconnecting the database listener failed')
        schedule()
      }
    }, delay)
    timer.unref()
  }

  await connect()
  return {
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = undefined
      if (current) await current.end().catch(() => {})
    },
  }
}
