import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app'
import { cutCacheListeners } from '../../test/cache-listeners'
import { createAdmin, createMember } from '../../test/factories'
import { sessions, users } from '../db/schema/index'
import { CACHE_INVALIDATION_CHANNEL } from './cache-invalidation'

let t: TestApp
/** A second instance on the same database, as behind a load balancer. */
let other: FastifyInstance
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSize: 1000 })
  other = await t.otherInstance()
})
afterAll(async () => {
  await t.close()
})

/** The database tells the instances on commit; on PostgreSQL they hear it a moment later. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 10 })

async function signedIn() {
  const member = await createMember(t.db)
  const cookie = await t.cookieFor(member)
  const me = (app = t.app) => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
  return { member, cookie, me }
}

const cacheKey = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)

/** The member's held session, after a request has put it there. */
async function me(member: { id: number }, cookie: string) {
  await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
  expect(member.id).toBe(t.app.sessionCache.peek(cacheKey(cookie))?.member.id)
  return t.app.sessionCache.peek(cacheKey(cookie))
}
const isHeld = (app: typeof t.app, cookie: string) => app.sessionCache.peek(cacheKey(cookie)) !== undefined

describe('session cache', () => {
  it('serves a signed-in member from memory after the first request', async () => {
    const { cookie, me, member } = await signedIn()
    expect(isHeld(t.app, cookie)).toBe(false)
    const first = await me()
    expect(first.statusCode).toBe(200)
    expect(isHeld(t.app, cookie)).toBe(true)
    // Nothing reached the session row: the second answer is the member, from memory.
    const second = await me()
    expect(second.json()).toEqual(first.json())
    expect(second.json()).toMatchObject({ id: member.id })
  })

  it('forgets a member whose row changed behind the app, on every instance', async () => {
    const { cookie, me, member } = await signedIn()
    await me()
    await me(other)
    expect(isHeld(t.app, cookie)).toBe(true)
    expect(isHeld(other, cookie)).toBe(true)
    await t.db.update(users).set({ fullName: 'Renamed Elsewhere' }).where(eq(users.id, member.id))
    await eventually(() => {
      expect(isHeld(t.app, cookie)).toBe(false)
      expect(isHeld(other, cookie)).toBe(false)
    })
    expect((await me()).json()).toMatchObject({ fullName: 'Renamed Elsewhere' })
    expect((await me(other)).json()).toMatchObject({ fullName: 'Renamed Elsewhere' })
  })

  it("shows the member's own change in their very next request, and keeps everyone else's", async () => {
    const { cookie, me, member } = await signedIn()
    const bystander = await signedIn()
    await me()
    await bystander.me()
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.id}/profile`,
      headers: { cookie },
      payload: { fullName: 'Changed Just Now' },
    })
    expect(patch.statusCode).toBe(200)
    // This instance forgot the writer before answering, whatever the notification's timing.
    expect(isHeld(t.app, cookie)).toBe(false)
    expect(isHeld(t.app, bystander.cookie)).toBe(true)
    expect((await me()).json()).toMatchObject({ fullName: 'Changed Just Now' })
  })

  it('ends a session signed out on another instance', async () => {
    const { cookie, me } = await signedIn()
    expect((await me(other)).statusCode).toBe(200)
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(out.statusCode).toBe(200)
    await eventually(() => expect(isHeld(other, cookie)).toBe(false))
    const after = await me(other)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('shuts a suspended member out of every instance', async () => {
    const { cookie, me, member } = await signedIn()
    const admin = await createAdmin(t.db)
    expect((await me(other)).statusCode).toBe(200)
    const res = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/users/${member.id}/suspend`,
      payload: { reason: 'Spam' },
    })
    expect(res.statusCode).toBe(200)
    await eventually(() => expect(isHeld(other, cookie)).toBe(false))
    expect((await me(other)).statusCode).toBe(401)
    expect((await me()).statusCode).toBe(401)
  })

  it('forgets sessions deleted or truncated by anyone', async () => {
    const a = await signedIn()
    const b = await signedIn()
    await a.me()
    await b.me()
    await t.db.delete(sessions).where(eq(sessions.userId, a.member.id))
    await eventually(() => expect(isHeld(t.app, a.cookie)).toBe(false))
    expect(isHeld(t.app, b.cookie)).toBe(true)
    expect((await a.me()).statusCode).toBe(401)
    await t.db.execute(sql`truncate table sessions cascade`)
    await eventually(() => expect(isHeld(t.app, b.cookie)).toBe(false))
    expect((await b.me()).statusCode).toBe(401)
  })

  it('forgets every session when told of a change to every member', async () => {
    const { cookie, me } = await signedIn()
    await me()
    await t.db.execute(sql`select pg_notify(${CACHE_INVALIDATION_CHANNEL}, 'member:*')`)
    await t.app.settled()
    expect(isHeld(t.app, cookie)).toBe(false)
    expect((await me()).statusCode).toBe(200)
  })

  it('keeps a session when only another kind of change is heard', async () => {
    const { cookie, me, member } = await signedIn()
    await me()
    await t.db.execute(sql`select pg_notify(${CACHE_INVALIDATION_CHANNEL}, ${`reaction:${member.id}`})`)
    await t.db.execute(sql`select pg_notify(${CACHE_INVALIDATION_CHANNEL}, ${`block:${member.id}`})`)
    await t.app.settled()
    expect(isHeld(t.app, cookie)).toBe(true)
  })

  it("keeps a session when only the member's password or email changed", async () => {
    const { cookie, me, member } = await signedIn()
    await me()
    await t.db
      .update(users)
      .set({ password: 'another hash', email: `${member.id}.moved@example.com` })
      .where(eq(users.id, member.id))
    await t.app.settled()
    expect(isHeld(t.app, cookie)).toBe(true)
  })

  it('does not keep a session read while its member changed', async () => {
    const { cookie, member } = await signedIn()
    const key = cacheKey(cookie)
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const { member: before } = (await me(member, cookie))!
    const racing = t.app.sessionCache.find(key, async () => {
      await gate
      return { sessionId: 'x', member: before, expiresAt: Date.now() + 60_000, lastSeenAt: Date.now() }
    })
    await t.db.update(users).set({ bio: 'changed during the read' }).where(eq(users.id, member.id))
    await t.app.settled()
    open()
    expect((await racing)?.member.bio).toBe(before.bio)
    expect(t.app.sessionCache.peek(key)).toBeUndefined()
  })

  it('never keeps an expired session', async () => {
    const { cookie, member } = await signedIn()
    const key = cacheKey(cookie)
    const { member: held } = (await me(member, cookie))!
    t.app.sessionCache.forgetMember(member.id)
    await t.app.sessionCache.find(key, async () => ({
      sessionId: 'x',
      member: held,
      expiresAt: Date.now() - 1,
      lastSeenAt: Date.now(),
    }))
    expect(t.app.sessionCache.peek(key)).toBeUndefined()
  })

  it('holds no password hash, code, token or email', async () => {
    const { cookie, me: read } = await signedIn()
    await read()
    const held = t.app.sessionCache.peek(cacheKey(cookie))!
    const text = JSON.stringify(held)
    for (const field of ['password', 'email', 'workEmail', 'verificationCode', 'resetToken']) {
      expect(Object.keys(held.member)).not.toContain(field)
      expect(text).not.toContain(`"${field}"`)
    }
  })

  it('reads every time when turned off', async () => {
    const off = await t.otherInstance({ sessionCacheSize: 0 })
    const { cookie, member } = await signedIn()
    const me = () => off.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    expect((await me()).statusCode).toBe(200)
    expect(off.sessionCache.size()).toBe(0)
    await t.db.delete(sessions).where(eq(sessions.userId, member.id))
    expect((await me()).statusCode).toBe(401)
  })
})

describe.skipIf(!process.env.DATABASE_URL)(
  'session cache when the database connection drops (PostgreSQL)',
  () => {
    it('serves nothing from memory until it listens again, then caches anew', async () => {
      const { cookie, me } = await signedIn()
      await me()
      expect(isHeld(t.app, cookie)).toBe(true)
      expect(await cutCacheListeners(t.database)).toBeGreaterThanOrEqual(1)
      // Changes made while nobody listens are never heard of: nothing may come from memory meanwhile.
      await eventually(() => expect(isHeld(t.app, cookie)).toBe(false))
      expect((await me()).statusCode).toBe(200)
      await eventually(async () => {
        await me()
        expect(isHeld(t.app, cookie)).toBe(true)
      })
    })
  },
)
