import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import type { ServerResponse } from 'node:http'
import { EVENTS_RETRY_MS, HEARTBEAT_MS, READY_EVENT, RESYNC_EVENT } from '@vouched/shared/events'
import { and, eq, gt, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Gauge } from 'prom-client'
import { sessions } from '../../db/schema/index'
import { AppError } from '../../core/errors'
import { createEventBus } from '../../core/event-bus'
import { requireMember } from '../../core/session'

/** More open streams than this for one member (tabs, scripts) close the oldest. */
export const MAX_STREAMS_PER_MEMBER = 10

type Stream = { sessionId: string; end: () => void }

/**
 * `GET /api/events`: the signed-in member's live events as Server-Sent Events. Each event's name is
 * its type and its data `{type, entityId?}`; comment lines every 25 s keep proxies from closing it.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bus = createEventBus(app.database, app.log)
  const streams = new Map<number, Set<Stream>>()
  new Gauge({
    name: 'vouched_live_streams',
    help: 'Open live event streams (Server-Sent Events) on this instance',
    registers: [app.metrics],
    collect() {
      let open = 0
      for (const set of streams.values()) open += set.size
      this.set(open)
    },
  })

  // Open streams never finish by themselves: end them first, or closing the server would wait forever.
  app.addHook('preClose', async () => {
    for (const set of [...streams.values()]) for (const stream of [...set]) stream.end()
  })
  app.addHook('onClose', async () => {
    await bus.close()
  })

  // A session ends (sign-out, password change or reset, suspension, deletion) through any instance:
  // the database names its member on the cache invalidation channel, and their streams here are checked
  // at once (the heartbeat's own check stays as the fallback while the channel cannot be heard).
  const toCheck = new Set<number>()
  let checkAll = false
  let scheduled = false
  const checkSessions = async () => {
    scheduled = false
    const members = checkAll ? [...streams.keys()] : [...toCheck]
    checkAll = false
    toCheck.clear()
    const open = members.flatMap((id) => [...(streams.get(id) ?? [])])
    if (open.length === 0) return
    try {
      const alive = await app.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            inArray(sessions.id, [...new Set(open.map((stream) => stream.sessionId))]),
            gt(sessions.expiresAt, new Date()),
          ),
        )
      const ids = new Set(alive.map((row) => row.id))
      for (const stream of open) if (!ids.has(stream.sessionId)) stream.end()
    } catch (error) {
      // The database is away for a moment; each stream's heartbeat checks again.
      app.log.warn({ err: error }, 'live events: could not check the sessions of open streams')
    }
  }
  app.cacheInvalidation.subscribe(['session', 'member'], (change) => {
    if (change.ids === 'all') checkAll ||= streams.size > 0
    else for (const id of change.ids) if (streams.has(id)) toCheck.add(id)
    if (scheduled || (!checkAll && toCheck.size === 0)) return
    scheduled = true
    setImmediate(() => void checkSessions())
  })

  app.get('/api/events', async (request, reply) => {
    const me = requireMember(request)
    const sessionId = request.sessionId

    // Events that arrive between subscribing and opening the response wait here.
    const early: string[] = []
    const out: { res?: ServerResponse } = {}
    const write = (chunk: string) => {
      if (!out.res) early.push(chunk)
      else if (!out.res.writableEnded) out.res.write(chunk)
    }

    let unsubscribe: () => void
    try {
      unsubscribe = await bus.subscribe(me.id, {
        onEvent: (event) => {
          // The browser refetches on an event: its session's copy of the member must not answer first.
          app.sessionCache.forgetMember(me.id)
          write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
        },
        onResync: () => write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`),
      })
    } catch (error) {
      request.log.warn({ err: error }, 'live events: could not subscribe')
      throw new AppError('EVENTS_UNAVAILABLE', SERVER_MESSAGES.eventsUnavailable, 503)
    }

    reply.hijack()
    const res = (out.res = reply.raw)
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    })
    res.write(`retry: ${EVENTS_RETRY_MS}\n\n`)
    res.write(`event: ${READY_EVENT}\ndata: {}\n\n`)
    for (const chunk of early.splice(0)) res.write(chunk)

    let ended = false
    const own = streams.get(me.id) ?? new Set<Stream>()
    const stream: Stream = {
      sessionId: sessionId ?? '',
      end: () => {
        if (ended) return
        ended = true
        clearInterval(heartbeat)
        unsubscribe()
        own.delete(stream)
        if (own.size === 0 && streams.get(me.id) === own) streams.delete(me.id)
        if (!res.writableEnded) res.end()
      },
    }

    // A signed-out or expired session stops receiving: checked on every heartbeat.
    const heartbeat = setInterval(async () => {
      write(': ping\n\n')
      if (!sessionId) return
      try {
        const [row] = await app.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
          .limit(1)
        if (!row) stream.end()
      } catch {
        // The database is away for a moment; the next heartbeat checks again.
      }
    }, HEARTBEAT_MS)
    heartbeat.unref()

    if (own.size >= MAX_STREAMS_PER_MEMBER) own.values().next().value?.end()
    own.add(stream)
    streams.set(me.id, own)
    res.on('close', stream.end)
    res.on('error', stream.end)
  })
}
