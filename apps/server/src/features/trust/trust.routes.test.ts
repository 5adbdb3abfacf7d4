import { TRUST_MESSAGES, type TTrust } from '@vouched/shared/trust'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client'
import { auditLog, trustScores } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, uniqueSuffix } from '../../../test/factories'
import { recomputeTrust } from './trust.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const DAY = 24 * 60 * 60 * 1000
/** A seed on its own: a verified work email on an account older than 30 days. */
const seedMember = (overrides: Parameters<typeof createMember>[1] = {}) =>
  createMember(t.db, {
    isEmailVerified: true,
    workEmail: `seed-${uniqueSuffix()}@acme.io`,
    createdAt: new Date(Date.now() - 40 * DAY),
    ...overrides,
  })

const endorse = async (from: Member, to: Member, payload: Record<string, unknown> = {}) => {
  const res = await t.inject(from, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: to.id, ...payload },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as { id: number }
}
const trustOf = async (viewer: Member, member: Member) => {
  const res = await t.inject(viewer, { method: 'GET', url: `/api/trust/${member.username}` })
  expect(res.statusCode).toBe(200)
  return res.json() as TTrust
}
const recompute = async (admin: Member) => {
  const res = await t.inject(admin, { method: 'POST', url: '/api/admin/trust/recompute' })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toMatchObject({ computed: true })
  return res.json() as { members: number; endorsements: number; seeds: number }
}

describe('401 without a session, 403 for members on admin routes', () => {
  it.each([
    ['GET', '/api/trust/someone'],
    ['GET', '/api/admin/trust/seeds'],
    ['POST', '/api/admin/trust/seeds'],
    ['DELETE', '/api/admin/trust/seeds/1'],
    ['POST', '/api/admin/trust/recompute'],
  ] as const)('%s %s answers 401', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401)
  })

  it.each([
    ['GET', '/api/admin/trust/seeds'],
    ['POST', '/api/admin/trust/seeds'],
    ['DELETE', '/api/admin/trust/seeds/1'],
    ['POST', '/api/admin/trust/recompute'],
  ] as const)('%s %s answers 403 to a member', async (method, url) => {
    const member = await createMember(t.db)
    const res = await t.inject(member, { method, url, payload: { username: member.username } })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })
  })
})

describe('the trust score, from the database', () => {
  it('flows from seeds through named endorsements and explains where it comes from', async () => {
    const admin = await createAdmin(t.db)
    const seed = await seedMember()
    const [ana, ben, anonymouslyEndorsed, viewer] = [
      await createMember(t.db, { fullName: 'Ana Trust' }),
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const fresh = await createMember(t.db)
    expect(await trustOf(viewer, fresh)).toMatchObject({ computed: false, score: 0, sources: [] })

    await endorse(seed, ana)
    await endorse(ana, ben)
    await endorse(seed, anonymouslyEndorsed, { isAnonymous: true })
    const run = await recompute(admin)
    expect(run.seeds).toBeGreaterThanOrEqual(1)
    expect(run.endorsements).toBeGreaterThanOrEqual(2)

    const seedTrust = await trustOf(viewer, seed)
    expect(seedTrust).toMatchObject({ computed: true, isSeed: true })
    expect(seedTrust.sources[0]).toMatchObject({ kind: 'seed', user: null })
    const anaTrust = await trustOf(viewer, ana)
    expect(anaTrust).toMatchObject({ computed: true, isSeed: false })
    expect(anaTrust.score).toBeGreaterThan(0)
    expect(anaTrust.sources).toEqual([
      { kind: 'member', user: { id: seed.id, username: seed.username, fullName: seed.fullName }, share: 1 },
    ])
    const benTrust = await trustOf(viewer, ben)
    expect(benTrust.score).toBeGreaterThan(0)
    expect(benTrust.score).toBeLessThan(anaTrust.score)
    expect(benTrust.sources.map((s) => s.user?.id)).toEqual([ana.id])
    // An anonymous endorsement says nothing about its giver, so it carries no trust.
    expect(await trustOf(viewer, anonymouslyEndorsed)).toMatchObject({
      computed: true,
      score: 0,
      sources: [],
    })
    expect(anaTrust.percentile).toBeGreaterThan(benTrust.percentile)
  })

  it('counts neither a young account nor an unverified one as a seed, nor a hidden endorsement', async () => {
    const admin = await createAdmin(t.db)
    const young = await createMember(t.db, {
      isEmailVerified: true,
      workEmail: `y-${uniqueSuffix()}@acme.io`,
    })
    const unverified = await createMember(t.db, { createdAt: new Date(Date.now() - 90 * DAY) })
    const [a, b] = [await createMember(t.db), await createMember(t.db)]
    await endorse(young, a)
    await endorse(unverified, b)
    const seed = await seedMember()
    const hiddenOne = await createMember(t.db)
    const given = await endorse(seed, hiddenOne)
    await t.inject(hiddenOne, { method: 'POST', url: `/api/vouches/${given.id}/hide` })
    await recompute(admin)
    for (const member of [young, unverified, a, b, hiddenOne]) {
      expect(await trustOf(a, member), member.username).toMatchObject({ score: 0, isSeed: false })
    }
  })

  it('answers 404 for an unknown member and for one who blocked the viewer, and leaves out blocked sources', async () => {
    const admin = await createAdmin(t.db)
    const seed = await seedMember()
    const [member, viewer, blocker] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    await endorse(seed, member)
    await endorse(seed, blocker)
    await recompute(admin)
    const unknown = await t.inject(viewer, { method: 'GET', url: '/api/trust/nobody-here' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'User not found' })

    const block = await t.inject(blocker, { method: 'POST', url: `/api/blocks/${viewer.id}` })
    expect(block.statusCode).toBe(201)
    expect(
      (await t.inject(viewer, { method: 'GET', url: `/api/trust/${blocker.username}` })).statusCode,
    ).toBe(404)
    // An admin still reads it; so does the member themself.
    expect((await trustOf(admin, blocker)).score).toBeGreaterThan(0)

    // The seed blocks the viewer: the viewer no longer sees them named as the member's source.
    expect((await trustOf(viewer, member)).sources.map((s) => s.user?.id)).toEqual([seed.id])
    await t.inject(seed, { method: 'POST', url: `/api/blocks/${viewer.id}` })
    const seen = await trustOf(viewer, member)
    expect(seen.sources).toEqual([])
    expect(seen.score).toBeGreaterThan(0)
  })

  it('keeps the previous scores while another instance holds the lock', async () => {
    const admin = await createAdmin(t.db)
    const pool = t.app.database.pool
    if (!pool) {
      // PGlite is one connection: nothing else can hold the lock meanwhile. PostgreSQL runs this part.
      expect(t.app.database.pglite).toBeTruthy()
      return
    }
    const other = new pg.Client(pool.options)
    await other.connect()
    try {
      await other.query(`select pg_advisory_lock(hashtext('trust.recompute'))`)
      const res = await t.inject(admin, { method: 'POST', url: '/api/admin/trust/recompute' })
      expect(res.json()).toMatchObject({ computed: false, message: TRUST_MESSAGES.busy })
      await other.query(`select pg_advisory_unlock(hashtext('trust.recompute'))`)
      expect((await recomputeTrust(t.db)).computed).toBe(true)
    } finally {
      await other.end()
    }
  })

  it('writes a row for every member, and the shares add up to 1', async () => {
    const admin = await createAdmin(t.db)
    await recompute(admin)
    const [counts] = await queryRows<{ members: number; scored: number; total: string }>(
      t.db,
      sql`select (select count(*)::int from users) as members, count(*)::int as scored,
            sum(trust)::text as total from trust_scores`,
    )
    expect(counts!.scored).toBe(counts!.members)
    expect(Number(counts!.total)).toBeCloseTo(1, 6)
  })
})

describe('seeds chosen by admins', () => {
  it('adds, lists and removes a seed, with the error answers, and recomputes from it', async () => {
    const admin = await createAdmin(t.db)
    const chosen = await createMember(t.db)
    const endorsed = await createMember(t.db)
    await endorse(chosen, endorsed)
    await recompute(admin)
    expect((await trustOf(admin, endorsed)).score).toBe(0)

    const add = (username: unknown) =>
      t.inject(admin, { method: 'POST', url: '/api/admin/trust/seeds', payload: { username } })
    const added = await add(chosen.username.toUpperCase())
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ id: chosen.id, username: chosen.username })
    expect((await add(chosen.username)).json()).toMatchObject({ code: 'SEED_EXISTS', field: 'username' })
    expect((await add(chosen.username)).statusCode).toBe(409)
    const unknown = await add('nobody-at-all')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', field: 'username' })
    const blank = await add('  ')
    expect(blank.statusCode).toBe(400)
    expect(blank.json()).toMatchObject({ field: 'username' })

    const list = await t.inject(admin, { method: 'GET', url: '/api/admin/trust/seeds' })
    expect(list.json().seeds).toContainEqual(
      expect.objectContaining({ id: chosen.id, username: chosen.username }),
    )
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, chosen.id))
    expect(audit).toMatchObject({ action: 'trust.seed-add', adminId: admin.id })

    await recompute(admin)
    expect(await trustOf(admin, chosen)).toMatchObject({ isSeed: true })
    expect((await trustOf(admin, endorsed)).score).toBeGreaterThan(0)

    const remove = () => t.inject(admin, { method: 'DELETE', url: `/api/admin/trust/seeds/${chosen.id}` })
    expect((await remove()).statusCode).toBe(200)
    const again = await remove()
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({ code: 'NOT_SEED' })
    await recompute(admin)
    expect((await trustOf(admin, endorsed)).score).toBe(0)
  })
})

describe('discovery sorted by trust', () => {
  it('orders the same search by trust with sort=trust, and by reputation without', async () => {
    const admin = await createAdmin(t.db)
    const seed = await seedMember()
    const token = `Trustsort${uniqueSuffix()}`
    const [low, high, none] = [
      await createMember(t.db, { fullName: `${token} Low`, reputationScore: 50 }),
      await createMember(t.db, { fullName: `${token} High`, reputationScore: 10 }),
      await createMember(t.db, { fullName: `${token} None`, reputationScore: 30 }),
    ]
    await endorse(seed, high)
    await endorse(high, low)
    const viewer = await createMember(t.db)
    await recompute(admin)
    const search = async (sort?: string) => {
      const res = await t.inject(viewer, {
        method: 'GET',
        url: `/api/search?q=${token}&type=user${sort ? `&sort=${sort}` : ''}`,
      })
      expect(res.statusCode).toBe(200)
      return (res.json() as { id: number }[]).map((card) => card.id)
    }
    expect(await search('trust')).toEqual([high.id, low.id, none.id])
    expect(await search()).toEqual([low.id, none.id, high.id])
    const bad = await t.inject(viewer, { method: 'GET', url: `/api/search?q=${token}&sort=trusty` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      field: 'sort',
      message: 'Sort must be reputation, recent, active or trust',
    })
  })
})

// The stored rows reference members: deleting one removes their score with them.
describe('deleting a member', () => {
  it('removes their stored score', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    await recompute(admin)
    expect(await t.db.select().from(trustScores).where(eq(trustScores.userId, member.id))).toHaveLength(1)
    expect(
      (await t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${member.id}` })).statusCode,
    ).toBe(200)
    expect(await t.db.select().from(trustScores).where(eq(trustScores.userId, member.id))).toHaveLength(0)
  })
})
