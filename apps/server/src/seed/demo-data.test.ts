import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app'
import { queryRows } from '../db/client'
import { recomputeMemberStats } from '../features/endorsements/endorsements.recompute.service'
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemoData } from './demo-data'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await t.reset()
})
afterAll(async () => {
  await t.close()
})

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n

it('fills an empty database with a demo network the demo member can sign in to, once', async () => {
  expect(await seedDemoData(t.db, t.config)).toEqual({ username: DEMO_USERNAME, password: DEMO_PASSWORD })
  expect(await count('users')).toBeGreaterThanOrEqual(40)
  expect(await count('vouches')).toBeGreaterThan(100)
  expect(await count('vouch_likes')).toBeGreaterThan(50)
  expect(await count('vouch_comments')).toBeGreaterThan(10)
  expect(await count('notifications')).toBeGreaterThan(100)
  expect(await count('announcements')).toBe(2)
  const [categories] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(distinct category)::int as n from vouches`,
  )
  expect(categories!.n).toBe(10)

  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: DEMO_USERNAME, password: DEMO_PASSWORD },
  })
  expect(login.statusCode).toBe(200)
  const pending = await t.inject(login.json(), { method: 'GET', url: '/api/connection-requests/pending' })
  expect(pending.json().requests.length).toBe(2)

  expect(await seedDemoData(t.db, t.config)).toBeUndefined()
  expect(await count('users')).toBeLessThan(45)
}, 120_000)

it('leaves counters equal to their recomputation', async () => {
  const stats = sql`select id, reputation_score, vouch_count from users order by id`
  const before = await queryRows<{ id: number }>(t.db, stats)
  const ids = before.map((r) => r.id)
  for (const id of ids) await recomputeMemberStats(t.db, id)
  expect(await queryRows(t.db, stats)).toEqual(before)
})
