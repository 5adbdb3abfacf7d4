import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import type { Database } from '../db/client'

export type Listener = {
  /**
   * Drops the connection and listens anew, as after a loss (`onLost`, then `onResync` once listening):
   * for a connection that looks open but no longer delivers (a half-open socket).
   */
  restart: () => void
  close: () => Promise<void>
}

export type ChannelHandlers = {
  onMessage: (payload: string) => void
  /** The connection dropped: messages sent from now on are missed until `onResync`. */
  onLost?: () => void
  /** Listening again after a loss: whatever was missed in between must be refetched. */
  onResync: () => void
}

const MAX_RECONNECT_DELAY_MS = 30_000

/**
 * LISTENs on one channel of the database. Resolves once listening, so nothing committed afterwards
 * is missed. On PostgreSQL it holds a dedicated connection (LISTEN cannot share a pooled one) that
 * reconnects with backoff when the database restarts or the connection drops; `label` names it in logs.
 */
export function listenChannel(
  database: Database,
  channel: string,
  handlers: ChannelHandlers,
  log: FastifyBaseLogger,
  label: string,
): Promise<Listener> {
  if (database.pglite) return listenPglite(database, channel, handlers)
  if (database.pool) return listenPostgres(database.pool, channel, handlers, log, label)
  return Promise.reject(new Error('No database engine to listen on'))
}

async function listenPglite(
  database: Database,
  channel: string,
  handlers: ChannelHandlers,
): Promise<Listener> {
  const pglite = database.pglite!
  let unlisten = await pglite.listen(channel, handlers.onMessage)
  let closed = false
  return {
    restart: () => {
      handlers.onLost?.()
      const previous = unlisten
      void (async () => {
        await previous().catch(() => {})
        if (closed || pglite.closed) return
        unlisten = await pglite.listen(channel, handlers.onMessage)
        handlers.onResync()
      })()
    },
    close: async () => {
      closed = true
      if (!pglite.closed) await unlisten().catch(() => {})
    },
  }
}

async function listenPostgres(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
  log: FastifyBaseLogger,
  label: string,
): Promise<Listener> {
  let client: pg.Client | undefined
  let closed = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined

  const connect = async () => {
    const next = new pg.Client({ ...pool.options, keepAlive: true })
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onMessage(message.payload)
    })
    next.on('error', (error) => {
      log.warn({ err: error }, `${label}: database listener lost its connection`)
      lost(next)
    })
    next.on('end', () => lost(next))
    try {
      await next.connect()
      await next.query(`listen ${channel}`)
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
    handlers.onLost?.()
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
        log.info(`${label}: database listener reconnected`)
        handlers.onResync()
      } catch (error) {
        log.warn({ err: error, attempt }, `${label}: reconnecting the database listener failed`)
        schedule()
      }
    }, delay)
    timer.unref()
  }

  await connect()
  return {
    restart: () => {
      if (client) lost(client)
    },
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      const current = client
      client = undefined
      if (current) await current.end().catch(() => {})
    },
  }
}
