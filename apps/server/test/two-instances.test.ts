import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, productionCacheSizes, type TestApp } from './build-test-app'
import { createMember } from './factories'

/**
 * Two instances behind a load balancer, both with production's caches, on one database (PGlite in
 * `npm test`, PostgreSQL in `npm run test:pg`): a change made through one is seen on the other once
 * the database's word has reached it (`settle()`), never later.
 */
let t: TestApp
let a: FastifyInstance
let b: FastifyInstance
type Member = Awaited<ReturnType<typeof createMember>>
/**
 * The member who reads. An instance reads profiles from the database for a member it heard of in the
 * last 5 s (WRITER_WINDOW_MS in profiles.snapshots.ts: joining, signing in, writing), so this viewer
 * joins and signs in once, then waits that long, and the reads below are the ones the cache answers.
 */
let viewer: Member
beforeAll(async () => {
  t = await buildTestApp(productionCacheSizes())
  a = t.app
  b = await t.otherInstance()
  viewer = await createMember(t.db)
  await cookieOf(viewer)
  await new Promise((resolve) => setTimeout(resolve, 5_100))
})
afterAll(async () => {
  await t.close()
})

/** Letters only, so the search's typo tolerance cannot match one test's name to another's. */
const word = () =>
  Array.from(randomBytes(9), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase())

// One session per member: each new session names its member to every instance, as a write does.
const cookies = new Map<number, Promise<string>>()
const cookieOf = (member: Member) => {
  let cookie = cookies.get(member.id)
  if (!cookie) cookies.set(member.id, (cookie = t.cookieFor(member)))
  return cookie
}

const as = async (
  app: FastifyInstance,
  member: Member,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => app.inject({ method, url, payload, headers: { cookie: await cookieOf(member) } })

const profileOn = async (app: FastifyInstance, viewer: Member, username: string) =>
  as(app, viewer, 'GET', `/api/users/${username}`)

const searchOn = async (app: FastifyInstance, viewer: Member, q: string) => {
  const res = await as(app, viewer, 'GET', `/api/search?type=user&q=${encodeURIComponent(q)}`)
  expect(res.statusCode).toBe(200)
  return (res.json() as { id: number }[]).map((card) => card.id)
}

/**
 * A write no instance hears of: triggers (and with them the NOTIFY) are off for the transaction. What
 * an instance answers after it shows whether it answered from memory, so the checks below cannot pass
 * merely because nothing was cached.
 */
const writeUnheard = (statement: SQL) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.execute(statement)
  })

describe('two instances with caches on', () => {
  it('shows a new name, headline, endorsement and like made on one instance on the other', async () => {
    const [bob, ann] = [await createMember(t.db), await createMember(t.db)]
    // Read twice on each instance: a profile is held from its second read (decision 132).
    for (const app of [a, b, a, b]) expect((await profileOn(app, viewer, bob.username)).statusCode).toBe(200)

    await writeUnheard(sql`update users set bio = 'unheard' where id = ${bob.id}`)
    expect((await profileOn(b, viewer, bob.username)).json().user.bio).toBeNull()

    const fullName = `${word()} ${word()}`
    const patched = await as(a, bob, 'PATCH', `/api/users/${bob.id}/profile`, {
      fullName,
      title: 'Staff engineer',
    })
    expect(patched.statusCode).toBe(200)
    await t.settle()
    expect((await profileOn(b, viewer, bob.username)).json().user).toMatchObject({
      fullName,
      title: 'Staff engineer',
      bio: 'unheard',
    })

    const endorsed = await as(a, ann, 'POST', '/api/vouches', {
      toUserId: bob.id,
      category: 'Teamwork',
      note: 'Steady hands',
      hashtags: ['Calm'],
    })
    expect(endorsed.statusCode).toBe(201)
    await t.settle()
    const seen = (await profileOn(b, viewer, bob.username)).json()
    expect(seen.vouches.map((vouch: { id: number }) => vouch.id)).toEqual([endorsed.json().id])
    expect(seen.user.vouchCount).toBe(1)
    expect(seen.user.topHashtags).toEqual(['Calm'])

    // A like changes no member's row: only the word on bob's received endorsements reaches the other.
    const liked = await as(a, ann, 'POST', `/api/vouches/${endorsed.json().id}/likes`)
    expect(liked.statusCode).toBe(200)
    await t.settle()
    expect((await profileOn(b, viewer, bob.username)).json().vouches[0]).toMatchObject({
      likeCount: 1,
      hasLiked: false,
    })
  })

  it('hides the blocker from the blocked member on the other instance, and shows them again on unblock', async () => {
    const name = word()
    const bob = await createMember(t.db, { fullName: `${name} Blocker` })
    for (const app of [a, b]) {
      // Twice: held from the second read, so the block must reach a held profile.
      for (let i = 0; i < 2; i += 1) expect((await profileOn(app, viewer, bob.username)).statusCode).toBe(200)
      expect(await searchOn(app, viewer, name)).toEqual([bob.id])
    }

    expect((await as(a, bob, 'POST', `/api/blocks/${viewer.id}`)).statusCode).toBe(201)
    await t.settle()
    for (const app of [b, a]) {
      expect((await profileOn(app, viewer, bob.username)).statusCode).toBe(404)
      expect(await searchOn(app, viewer, name)).toEqual([])
      expect((await profileOn(app, bob, viewer.username)).statusCode).toBe(200)
    }

    const unblocked = await a.inject({
      method: 'DELETE',
      url: `/api/blocks/${viewer.id}`,
      headers: { cookie: await cookieOf(bob) },
    })
    expect(unblocked.statusCode).toBe(200)
    await t.settle()
    expect((await profileOn(b, viewer, bob.username)).statusCode).toBe(200)
    expect(await searchOn(b, viewer, name)).toEqual([bob.id])
  })

  it('finds a member renamed on one instance by the new name on the other, and no longer by the old', async () => {
    const [before, after] = [word(), word()]
    const bob = await createMember(t.db, { fullName: `${before} Renamed` })
    // Both searches held on the second instance: the new name finds no one yet.
    expect(await searchOn(b, viewer, before)).toEqual([bob.id])
    expect(await searchOn(b, viewer, after)).toEqual([])

    await writeUnheard(sql`update users set full_name = ${`${after} Unheard`} where id = ${bob.id}`)
    expect(await searchOn(b, viewer, after)).toEqual([])

    const patched = await as(a, bob, 'PATCH', `/api/users/${bob.id}/profile`, {
      fullName: `${after} Renamed`,
    })
    expect(patched.statusCode).toBe(200)
    await t.settle()
    expect(await searchOn(b, viewer, after)).toEqual([bob.id])
    expect(await searchOn(b, viewer, before)).toEqual([])
  })
})
