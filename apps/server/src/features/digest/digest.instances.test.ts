import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import type { Config } from '../../config'
import { openDatabase, type Database } from '../../db/client'
import { memberDigests, notificationMails, notifications } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createMember } from '../../../test/factories'
import { periodOf } from './digest.periods'
import { runDigests } from './digest.service'

/**
 * Two server instances on one database, as behind a load balancer: on PostgreSQL each with its own
 * pool (its own connections, as two processes have), on PGlite sharing the one connection there is.
 * However the two interleave, each member gets one digest per period.
 */
let t: TestApp
const opened: { app: FastifyInstance; database?: Database }[] = []
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close()
    await database?.close()
  }
  await t.close()
})

/** Another instance on the test database, with its own pool on PostgreSQL. */
async function instance(overrides: Partial<Config> = {}) {
  const pool = t.database.pool
  if (!pool) {
    const app = await t.otherInstance(overrides)
    return { app, db: app.db }
  }
  const database = await openDatabase({ databaseUrl: pool.options.connectionString!, poolSize: 4 })
  const app = await buildApp({ database, config: { ...t.config, ...overrides } })
  await app.ready()
  opened.push({ app, database })
  return { app, db: database.db }
}

async function membersWithNews(count: number, digest: 'daily' | 'weekly') {
  const members = []
  for (let i = 0; i < count; i++) members.push(await createMember(t.db, { digest }))
  await t.db.insert(notifications).values(
    members.flatMap((member) => [
      { userId: member.id, type: 'endorsement' as const, message: 'Someone endorsed you' },
      { userId: member.id, type: 'like' as const, message: 'Someone liked it' },
    ]),
  )
  return members
}

/** How many digest mails each member has queued. */
async function digestCounts(ids: number[]) {
  const rows = await t.db
    .select({ userId: notificationMails.userId, n: sql<number>`count(*)::int` })
    .from(notificationMails)
    .where(and(inArray(notificationMails.userId, ids), eq(notificationMails.kind, 'digest')))
    .groupBy(notificationMails.userId)
  return new Map(rows.map((row) => [row.userId, row.n]))
}

describe('the digest with two instances running', () => {
  it('queues one digest per member when both run the job at the same moment, batch by batch', async () => {
    const members = await membersWithNews(40, 'daily')
    const ids = members.map((member) => member.id)
    const [a, b] = [await instance(), await instance()]
    const now = new Date(Date.UTC(2101, 5, 7, 0, 5))
    // Small batches: many short transactions, so the two runs interleave rather than one taking all.
    const runs = await Promise.all([a, b, a, b].map(({ app, db }) => runDigests(db, app.config, now, 4)))
    expect(runs.some((run) => run.ran)).toBe(true)
    const counts = await digestCounts(ids)
    expect(ids.map((id) => counts.get(id) ?? 0)).toEqual(ids.map(() => 1))
    // The runs together queued exactly these (other files' members are on other databases).
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(40)

    // Running again, by either, in the same period queues nothing; the next day sends again.
    await t.db
      .insert(notifications)
      .values(ids.map((userId) => ({ userId, type: 'comment' as const, message: 'x' })))
    await Promise.all([a, b].map(({ app, db }) => runDigests(db, app.config, now, 4)))
    expect([...(await digestCounts(ids)).values()].every((n) => n === 1)).toBe(true)
    const tomorrow = new Date(now.getTime() + 86_400_000)
    const next = await Promise.all([a, b].map(({ app, db }) => runDigests(db, app.config, tomorrow, 4)))
    expect(next.reduce((sum, run) => sum + run.queued, 0)).toBe(40)
    expect([...(await digestCounts(ids)).values()]).toEqual(ids.map(() => 2))
  })

  it('sends each member one digest while both instances run the job on their own timers', async () => {
    const members = await membersWithNews(25, 'weekly')
    const ids = members.map((member) => member.id)
    await instance({ digestIntervalMs: 15 })
    await instance({ digestIntervalMs: 15 })
    const week = periodOf('weekly', new Date())
    // Both tick every 15 ms until every member's week is taken (unless midnight on Sunday passes meanwhile).
    await eventually(async () => {
      const taken = await t.db
        .select({ userId: memberDigests.userId })
        .from(memberDigests)
        .where(and(inArray(memberDigests.userId, ids), eq(memberDigests.period, week)))
      expect(taken).toHaveLength(ids.length)
    })
    // Many more ticks of both, in the same week: nothing more.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const counts = await digestCounts(ids)
    expect(ids.map((id) => counts.get(id) ?? 0)).toEqual(ids.map(() => 1))
  })
})
