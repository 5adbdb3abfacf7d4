import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { promisify } from 'node:util'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../../src/db/client'
import { startServer } from '../start-server'
import { checkIntegrity, emptyAcknowledged } from './integrity'
import { Client, registerMembers, runWorkload } from './workload'

/**
 * PostgreSQL restarts while the server is under load; the server is not restarted. Health answers 503
 * while the database is away and 200 once it is back, requests (reads, writes and the live-event
 * stream) succeed again, and nothing acknowledged is lost.
 *
 * It restarts the whole cluster, so it would break every other test file running at the same time
 * against it: it runs only when asked for (VOUCHED_PG_RESTART=1, with DATABASE_URL on a local cluster
 * that pg_ctlcluster controls), alone:
 *   VOUCHED_PG_RESTART=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npx vitest run --project server apps/server/test/reliability/postgres-restart.test.ts
 * `npm run soak -- --restart-postgres` does the same inside a longer soak.
 */
const cluster = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined
const enabled =
  !!process.env.DATABASE_URL &&
  process.env.VOUCHED_PG_RESTART === '1' &&
  !!cluster &&
  existsSync('/usr/bin/pg_ctlcluster')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!enabled)('a PostgreSQL restart under load', () => {
  it('is survived without restarting the server: health 503 then 200, requests succeed again', async () => {
    const template = inject('templateDatabaseUrl')
    const adminUrl = template.replace(/\/[^/]+$/, '/postgres')
    const name = `vouched_restart_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${new URL(template).pathname.slice(1)}`)
    await admin.end()
    const url = new URL(template)
    url.pathname = `/${name}`
    // Restarting the cluster breaks every other client of it: refuse while others are connected.
    const probe = new pg.Client({ connectionString: adminUrl })
    await probe.connect()
    const { rows } = await probe.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'
       and pid <> pg_backend_pid() and datname is distinct from $1`,
      [name],
    )
    await probe.end()
    expect(rows[0]!.n, 'other clients are connected to the cluster: run this test alone').toBe(0)
    const server = await startServer({ DATABASE_URL: url.toString() })
    try {
      const client = new Client(server.url)
      const ack = emptyAcknowledged()
      const members = await registerMembers(client, 6, ack)

      // A live-event stream stays open across the restart: it must get a resync, then new events.
      const stream = await fetch(`${server.url}/api/events`, { headers: { cookie: members[0]!.cookie } })
      expect(stream.status).toBe(200)
      const reader = stream.body!.getReader()
      let received = ''
      const reading = (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
          if (done) return
          received += Buffer.from(value!).toString()
        }
      })()

      let stop = false
      const work = runWorkload({ client, members: members.slice(1), concurrency: 4, done: () => stop, ack })
      await sleep(1500)

      const health: number[] = []
      let polling = true
      const poll = (async () => {
        while (polling) {
          const res = await fetch(`${server.url}/api/health`).catch(() => null)
          const status = res?.status ?? 0
          if (health.at(-1) !== status) health.push(status)
          await sleep(25)
        }
      })()
      const restartedAt = Date.now()
      await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', cluster!, 'main', 'restart'])
      // Asynchronously, so the health polling above runs during the restart. Back within a bounded time, without touching the server.
      while ((await fetch(`${server.url}/api/health`).catch(() => null))?.status !== 200) {
        expect(Date.now() - restartedAt).toBeLessThan(60_000)
        await sleep(100)
      }
      const recoveredMs = Date.now() - restartedAt
      await sleep(500)
      polling = false
      await poll
      expect(health).toContain(503)
      expect(health.at(-1)).toBe(200)
      expect(health.indexOf(503)).toBeLessThan(health.lastIndexOf(200))

      // Requests succeed again: the load goes on for a while with no server error.
      const errorsAtRecovery = client.stats.errors
      await sleep(2000)
      stop = true
      await work
      expect(client.stats.errors - errorsAtRecovery).toBe(0)

      // The listener reconnected: an event published now reaches the stream opened before the restart.
      const sender = members[1]!
      const res = await client.call('POST', `/api/connection-requests/${members[0]!.id}`, {
        cookie: sender.cookie,
        write: true,
        body: {},
      })
      expect([201, 409]).toContain(res?.status)
      for (
        let i = 0;
        i < 100 && !/event: (connection|notification)/.test(received.split('resync')[1] ?? '');
        i++
      ) {
        await sleep(100)
      }
      expect(received).toMatch(/event: resync/)
      await reader.cancel()
      await reading

      server.process.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 })
      try {
        const report = await checkIntegrity(database.db, ack)
        expect(report.lost).toEqual([])
        expect(report.mismatches).toEqual([])
        console.log(
          `PostgreSQL restart: health ${health.join(' → ')}, healthy after ${recoveredMs} ms; ` +
            `${client.stats.requests} requests, ${client.stats.errors} errors (all during the outage), ` +
            `${report.writesAcknowledged} writes acknowledged, ${report.writesFound} found, ` +
            `${report.countersChecked} counters checked, ${report.mismatches.length} mismatched`,
        )
      } finally {
        await database.close()
      }
    } finally {
      if (server.process.exitCode === null) server.process.kill('SIGKILL')
      await rm(server.dataDir, { recursive: true, force: true })
      const drop = new pg.Client({ connectionString: adminUrl })
      await drop.connect()
      await drop.query(`drop database if exists ${name} with (force)`)
      await drop.end()
    }
  }, 180_000)
})
