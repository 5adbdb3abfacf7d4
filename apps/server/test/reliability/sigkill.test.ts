import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../../src/db/client'
import { buildTestApp } from '../build-test-app'
import { createMember } from '../factories'
import { startServer } from '../start-server'
import { checkIntegrity, emptyAcknowledged, type IntegrityReport } from './integrity'
import { Client, registerMembers, runWorkload, type WorkloadStats } from './workload'

/**
 * The server process is killed with SIGKILL while a mixed workload writes, then started again on the
 * same data: every write it acknowledged before dying is there, and every counter equals its
 * recomputation (the counters move in the same transaction as the rows they count).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const WORK_MS = 3000

/** The figures docs/reliability.md quotes. */
const summary = (engine: string, stats: WorkloadStats, report: IntegrityReport) =>
  console.log(
    `SIGKILL on ${engine}: ${stats.requests} requests before the kill (${stats.statuses.network ?? 0} cut off), ` +
      `${report.writesAcknowledged} writes acknowledged, ${report.writesFound} found, ` +
      `${report.countersChecked} counters checked, ${report.mismatches.length} mismatched`,
  )

async function killMidWrites(env: Record<string, string>) {
  const server = await startServer(env)
  const client = new Client(server.url)
  const ack = emptyAcknowledged()
  const members = await registerMembers(client, 6, ack)
  let stop = false
  const work = runWorkload({ client, members, concurrency: 6, done: () => stop, ack })
  await sleep(WORK_MS)
  // Writes are in flight right now: the process dies without any chance to finish them.
  stop = true
  server.process.kill('SIGKILL')
  await server.exited
  await work

  // The same data, a new process: it starts and serves reads and writes again.
  const again = await startServer({ ...env, DATA_DIR: server.dataDir })
  const after = new Client(again.url)
  const [member] = await registerMembers(after, 1, ack)
  const profile = await after.call('GET', `/api/users/${members[0]!.username}`, { cookie: member!.cookie })
  expect(profile?.status).toBe(200)
  again.process.kill('SIGTERM')
  expect(await again.exited).toBe(0)
  return { ack, dataDir: server.dataDir, stats: client.stats }
}

// On a PostgreSQL run (test:pg) the PGlite form already ran in the PGlite run: skip the repeat.
describe.skipIf(!!process.env.DATABASE_URL)('SIGKILL during writes on PGlite', () => {
  it('loses no acknowledged write and leaves no counter drifting', async () => {
    const { ack, dataDir, stats } = await killMidWrites({})
    expect(ack.endorsements.length).toBeGreaterThan(0)
    expect(stats.writes).toBeGreaterThan(20)
    const database = await openDatabase({ dataDir })
    try {
      const report = await checkIntegrity(database.db, ack)
      expect(report.lost).toEqual([])
      expect(report.mismatches).toEqual([])
      expect(report.writesFound).toBe(report.writesAcknowledged)
      summary('PGlite', stats, report)
    } finally {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})

describe.skipIf(!process.env.DATABASE_URL)('SIGKILL during writes on PostgreSQL', () => {
  it('loses no acknowledged write and leaves no counter drifting', async () => {
    const template = inject('templateDatabaseUrl')
    const adminUrl = template.replace(/\/[^/]+$/, '/postgres')
    const name = `vouched_kill_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${new URL(template).pathname.slice(1)}`)
    const url = new URL(template)
    url.pathname = `/${name}`
    try {
      const { ack, dataDir, stats } = await killMidWrites({ DATABASE_URL: url.toString() })
      await rm(dataDir, { recursive: true, force: true })
      expect(ack.endorsements.length).toBeGreaterThan(0)
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 })
      try {
        const report = await checkIntegrity(database.db, ack)
        expect(report.lost).toEqual([])
        expect(report.mismatches).toEqual([])
        expect(report.writesFound).toBe(report.writesAcknowledged)
        summary('PostgreSQL', stats, report)
      } finally {
        await database.close()
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }, 180_000)
})

describe('the integrity check', () => {
  it('reports a lost write and a drifting counter (so the tests above can fail)', async () => {
    const t = await buildTestApp()
    try {
      const [a, b] = [await createMember(t.db), await createMember(t.db)]
      const res = await t.inject(a, {
        method: 'POST',
        url: '/api/vouches',
        payload: { toUserId: b.id, category: 'Teamwork', hashtags: ['Check'] },
      })
      expect(res.statusCode).toBe(201)
      const ack = emptyAcknowledged()
      ack.endorsements.push(res.json().id, 999_999)
      await t.db.execute(sql`update users set reputation_score = reputation_score + 1 where id = ${b.id}`)
      await t.db.execute(sql`update hashtags set count = count + 5 where lower(tag) = 'check'`)
      const report = await checkIntegrity(t.db, ack)
      expect(report.writesAcknowledged).toBe(2)
      expect(report.writesFound).toBe(1)
      expect(report.lost).toEqual(['endorsements: 1 of 2 missing'])
      expect(report.mismatches).toHaveLength(2)
      expect(report.mismatches.join('\n')).toContain(`users.reputation_score#${b.id}`)
    } finally {
      await t.close()
    }
  })
})
