import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app'
import { publishEvent } from '../../core/events'
import { openDatabase } from '../../db/client'
import { sessions } from '../../db/schema/index'
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app'
import { createMember, DEFAULT_PASSWORD } from '../../../test/factories'

const onPostgres = Boolean(process.env.DATABASE_URL)

type SseEvent = { event: string; data: string }

/** A live SSE connection read through fetch, collecting parsed events and comment lines. */
async function openStream(baseUrl: string, cookie: string) {
  const controller = new AbortController()
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal })
  const events: SseEvent[] = []
  const comments: string[] = []
  let ended = false
  let waiters: Array<() => void> = []
  const wake = () => {
    for (const w of waiters.splice(0)) w()
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  void (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          let event = 'message'
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('event: ')) event = line.slice(7)
            else if (line.startsWith('data: ')) data.push(line.slice(6))
          }
          if (data.length) events.push({ event, data: data.join('\n') })
        }
        wake()
      }
    } catch {
      // Aborted by the test.
    }
    ended = true
    wake()
  })()

  /** Waits until an event matching the predicate arrived, or fails after the timeout. */
  const waitFor = async (predicate: (e: SseEvent) => boolean, timeoutMs = 1000): Promise<SseEvent> => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = events.find(predicate)
      if (found) return found
      if (ended) throw new Error(`stream ended; events so far: ${JSON.stringify(events)}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events)}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }
  const waitForEnd = async (timeoutMs = 1000) => {
    const deadline = Date.now() + timeoutMs
    while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    return ended
  }
  await waitFor((e) => e.event === 'ready')
  return {
    res,
    events,
    comments,
    waitFor,
    waitForEnd,
    close: () => {
      waiters = []
      controller.abort()
    },
  }
}

const baseUrlOf = (app: TestApp['app']) => {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening')
  return `http://127.0.0.1:${address.port}`
}

describe('GET /api/events', () => {
  let t: TestApp
  let baseUrl: string
  beforeAll(async () => {
    t = await buildTestApp()
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    baseUrl = baseUrlOf(t.app)
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers 401 without a session', async () => {
    const res = await fetch(`${baseUrl}/api/events`)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('streams the member’s own events from this instance, and nobody else’s', async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const bobStream = await openStream(baseUrl, await t.cookieFor(bob))
    const carolStream = await openStream(baseUrl, await t.cookieFor(carol))
    try {
      expect(bobStream.res.headers.get('content-type')).toContain('text/event-stream')
      expect(bobStream.res.headers.get('cache-control')).toContain('no-cache')

      const sent = await t.inject(alice, { method: 'POST', url: `/api/connection-requests/${bob.id}` })
      expect(sent.statusCode).toBe(201)
      const requestId = sent.json().request.id as number

      const request = await bobStream.waitFor((e) => e.event === 'connection-request')
      expect(JSON.parse(request.data)).toEqual({ type: 'connection-request', entityId: requestId })
      const notification = await bobStream.waitFor((e) => e.event === 'notification')
      expect(JSON.parse(notification.data)).toMatchObject({
        type: 'notification',
        entityId: expect.any(Number),
      })

      const accepted = await t.inject(bob, {
        method: 'POST',
        url: `/api/connection-requests/${requestId}/accept`,
      })
      expect(accepted.statusCode).toBe(200)
      await bobStream.waitFor((e) => e.event === 'connection-accepted')

      // Carol saw none of it.
      await new Promise((r) => setTimeout(r, 100))
      expect(carolStream.events.map((e) => e.event)).toEqual(['ready'])
    } finally {
      bobStream.close()
      carolStream.close()
    }
  })

  it('sends nothing for a rolled-back write, and the event once it commits', async () => {
    const bob = await createMember(t.db)
    const stream = await openStream(baseUrl, await t.cookieFor(bob))
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await publishEvent(tx, bob.id, { type: 'message', entityId: 1 })
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      await t.db.transaction(async (tx) => {
        await publishEvent(tx, bob.id, { type: 'message', entityId: 2 })
      })
      const event = await stream.waitFor((e) => e.event === 'message')
      expect(JSON.parse(event.data)).toEqual({ type: 'message', entityId: 2 })
      expect(stream.events.filter((e) => e.event === 'message')).toHaveLength(1)
    } finally {
      stream.close()
    }
  })

  it('keeps the stream alive with heartbeats and ends it once the session is gone', async () => {
    const bob = await createMember(t.db)
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const stream = await openStream(baseUrl, await t.cookieFor(bob))
      try {
        await vi.advanceTimersByTimeAsync(25_000)
        await vi.waitFor(() => expect(stream.comments).toContain('ping'))
        expect(await stream.waitForEnd(50)).toBe(false)

        await t.db.delete(sessions).where(eq(sessions.userId, bob.id))
        await vi.advanceTimersByTimeAsync(25_000)
        expect(await stream.waitForEnd(2000)).toBe(true)
      } finally {
        stream.close()
      }
    } finally {
      vi.useRealTimers()
    }
  })

  it('ends the stream of a session as soon as it signs out, and only that one', async () => {
    const bob = await createMember(t.db)
    const [leaving, staying] = [await t.cookieFor(bob), await t.cookieFor(bob)]
    const [ends, stays] = [await openStream(baseUrl, leaving), await openStream(baseUrl, staying)]
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: leaving } })
      expect(res.statusCode).toBe(200)
      expect(await ends.waitForEnd(1000)).toBe(true)
      expect(await stays.waitForEnd(300)).toBe(false)
    } finally {
      ends.close()
      stays.close()
    }
  })

  it("ends the member's other streams when they change their password", async () => {
    const bob = await createMember(t.db)
    const [current, other] = [await t.cookieFor(bob), await t.cookieFor(bob)]
    const [kept, ended] = [await openStream(baseUrl, current), await openStream(baseUrl, other)]
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie: current },
        payload: {
          currentPassword: DEFAULT_PASSWORD,
          newPassword: 'another-long-pass',
          confirmPassword: 'another-long-pass',
        },
      })
      expect(res.statusCode).toBe(200)
      expect(await ended.waitForEnd(1000)).toBe(true)
      expect(await kept.waitForEnd(300)).toBe(false)
    } finally {
      kept.close()
      ended.close()
    }
  })

  it('ends streams whose sessions any writer deletes (suspension, deletion), without the heartbeat', async () => {
    const bob = await createMember(t.db)
    const stream = await openStream(baseUrl, await t.cookieFor(bob))
    try {
      await t.db.delete(sessions).where(eq(sessions.userId, bob.id))
      expect(await stream.waitForEnd(1000)).toBe(true)
    } finally {
      stream.close()
    }
  })

  it('ends a stream held by another instance when the session signs out through this one', async () => {
    const other = await t.otherInstance()
    await other.listen({ port: 0, host: '127.0.0.1' })
    const bob = await createMember(t.db)
    const cookie = await t.cookieFor(bob)
    const stream = await openStream(baseUrlOf(other), cookie)
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
      expect(res.statusCode).toBe(200)
      expect(await stream.waitForEnd(1000)).toBe(true)
    } finally {
      stream.close()
    }
  })

  it('ends open streams when the app closes, so shutdown does not hang', async () => {
    const other = await buildTestApp()
    await other.app.listen({ port: 0, host: '127.0.0.1' })
    const bob = await createMember(other.db)
    const stream = await openStream(baseUrlOf(other.app), await other.cookieFor(bob))
    const started = Date.now()
    await other.close()
    expect(Date.now() - started).toBeLessThan(5000)
    expect(await stream.waitForEnd(1000)).toBe(true)
  })
})

describe('GET /api/events with sessions in memory', () => {
  it("forgets the member's session before the event leaves, so the refetch it prompts reads afresh", async () => {
    const t = await buildTestApp({ sessionCacheSize: 100 })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
      const cookie = await t.cookieFor(bob)
      const key = cookie.slice(cookie.indexOf('=') + 1)
      const stream = await openStream(baseUrlOf(t.app), cookie)
      try {
        // Opening the stream was a signed-in request: the session is held now.
        expect(t.app.sessionCache.peek(key)).toBeDefined()
        // Alice's request changes no row of Bob's or of his sessions: only the event can make him forgotten.
        const sent = await t.inject(alice, { method: 'POST', url: `/api/connection-requests/${bob.id}` })
        expect(sent.statusCode).toBe(201)
        await stream.waitFor((e) => e.event === 'connection-request')
        expect(t.app.sessionCache.peek(key)).toBeUndefined()
      } finally {
        stream.close()
      }
    } finally {
      await t.close()
    }
  })
})

/** Two server instances on one PostgreSQL database: what A commits reaches B's clients. */
describe.skipIf(!onPostgres)('live events across server instances (PostgreSQL)', () => {
  let a: TestApp
  let b: Awaited<ReturnType<typeof buildApp>>
  let bDatabase: Awaited<ReturnType<typeof openDatabase>>
  let bDataDir: string
  let databaseUrl: string
  beforeAll(async () => {
    a = await buildTestApp()
    databaseUrl = a.database.pool!.options.connectionString!
    bDataDir = await mkdtemp(path.join(tmpdir(), 'vouched-test-b-'))
    bDatabase = await openDatabase({ databaseUrl, poolSize: 3 })
    b = await buildApp({ database: bDatabase, config: testConfig(bDataDir) })
    await b.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await b.close()
    await bDatabase.close()
    await rm(bDataDir, { recursive: true, force: true })
    await a.close()
  })

  it('delivers an event created through instance A to a client of instance B within a second', async () => {
    const [alice, bob] = [await createMember(a.db), await createMember(a.db)]
    const stream = await openStream(baseUrlOf(b), await a.cookieFor(bob))
    try {
      const started = Date.now()
      const sent = await a.inject(alice, { method: 'POST', url: `/api/connection-requests/${bob.id}` })
      expect(sent.statusCode).toBe(201)
      const event = await stream.waitFor((e) => e.event === 'connection-request', 1000)
      expect(JSON.parse(event.data)).toEqual({ type: 'connection-request', entityId: sent.json().request.id })
      await stream.waitFor((e) => e.event === 'notification', 1000)
      expect(Date.now() - started).toBeLessThan(1000)
    } finally {
      stream.close()
    }
  })

  it('reconnects its listener after the database drops the connection, and asks clients to resync', async () => {
    const [alice, bob] = [await createMember(a.db), await createMember(a.db)]
    const stream = await openStream(baseUrlOf(b), await a.cookieFor(bob))
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    try {
      const dbName = new URL(databaseUrl).pathname.slice(1)
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and query ilike 'listen%' and pid <> pg_backend_pid()`,
        [dbName],
      )
      // Both instances listen on this database once they have had a subscriber; B has one.
      expect(killed.rowCount).toBeGreaterThanOrEqual(1)
      await stream.waitFor((e) => e.event === 'resync', 5000)

      const sent = await a.inject(alice, { method: 'POST', url: `/api/connection-requests/${bob.id}` })
      expect(sent.statusCode).toBe(201)
      await stream.waitFor((e) => e.event === 'connection-request', 1000)
    } finally {
      await admin.end()
      stream.close()
    }
  })
})
