/**
 * npm run soak -- [--seconds 60] [--members 24] [--concurrency 16] [--postgres] [--restart-postgres [--force]] [--keep]
 *
 * Starts the real server (src/main.ts) on a free loopback port, on a fresh PGlite data dir or (with
 * --postgres) a fresh database on DATABASE_URL's server, registers members, runs a mixed read/write
 * workload for a bounded time, stops the server, then checks from the database that every acknowledged
 * write is present and every counter equals its recomputation. With --restart-postgres the PostgreSQL
 * cluster is restarted in the middle of the run and the server must recover by itself (health 503, then
 * 200). Exits 1 on a lost write, a counter drift or a server error (5xx or broken connection, except
 * during a deliberate database restart).
 */
import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/db/client'
import { checkIntegrity, emptyAcknowledged } from '../apps/server/test/reliability/integrity'
import { Client, registerMembers, runWorkload } from '../apps/server/test/reliability/workload'
import { startServer } from '../apps/server/test/start-server'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    members: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '16' },
    postgres: { type: 'boolean', default: false },
    'restart-postgres': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
  },
})
const seconds = Number(args.seconds)
const memberCount = Number(args.members)
const concurrency = Number(args.concurrency)
const restartPostgres = args['restart-postgres']
const usePostgres = args.postgres || restartPostgres
if (!(seconds > 0 && seconds <= 3600) || !(memberCount >= 2) || !(concurrency >= 1)) {
  console.error('--seconds must be 1..3600, --members at least 2, --concurrency at least 1')
  process.exit(2)
}

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`)

async function createPostgresDatabase() {
  const name = `vouched_soak_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** Client connections to the cluster other than ours (e.g. another test run). */
async function otherClients(ownUrl: string) {
  const c = new pg.Client({ connectionString: baseUrl })
  await c.connect()
  const { rows } = await c.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where backend_type = 'client backend' and pid <> pg_backend_pid() and datname is distinct from $1`,
    [new URL(ownUrl).pathname.slice(1)],
  )
  await c.end()
  return rows[0]!.n
}

/** The cluster's version, for pg_ctlcluster (e.g. 15). */
const clusterVersion = () => {
  const dirs = existsSync('/etc/postgresql')
    ? execFileSync('ls', ['/etc/postgresql']).toString().trim().split('\n')
    : []
  return dirs[0]
}

async function main() {
  const database = usePostgres ? await createPostgresDatabase() : undefined
  if (restartPostgres && !clusterVersion())
    throw new Error('--restart-postgres needs pg_ctlcluster and a local cluster')
  if (restartPostgres && database) {
    // Restarting the cluster breaks every other client of it: refuse while others are connected.
    const others = await otherClients(database.url)
    if (others > 0 && !args.force) {
      await database.drop()
      throw new Error(
        `${others} other client(s) are connected to the cluster: not restarting it (--force to do it anyway)`,
      )
    }
  }
  log(
    `engine ${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${memberCount} members, concurrency ${concurrency}, ${seconds} s`,
  )
  const server = await startServer(database ? { DATABASE_URL: database.url } : {})
  log(`server at ${server.url} (data ${server.dataDir})`)

  const client = new Client(server.url)
  const ack = emptyAcknowledged()
  const members = await registerMembers(client, memberCount, ack)
  log(`${members.length} members registered`)

  const started = Date.now()
  const deadline = started + seconds * 1000
  let restartWindow: { from: number; to: number } | undefined
  const restartReport: string[] = []
  const restarter = restartPostgres
    ? (async () => {
        await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 3))
        const health: number[] = []
        let polling = true
        const poll = (async () => {
          while (polling) {
            const res = await fetch(`${server.url}/api/health`).catch(() => null)
            const status = res?.status ?? 0
            if (health.at(-1) !== status) health.push(status)
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        })()
        const from = Date.now()
        log('restarting PostgreSQL under load')
        await promisify(execFile)('pg_ctlcluster', [
          '--skip-systemctl-redirect',
          clusterVersion()!,
          'main',
          'restart',
        ])
        // Healthy again: the pool reconnects by itself.
        while (Date.now() - from < 60_000) {
          const res = await fetch(`${server.url}/api/health`).catch(() => null)
          if (res?.status === 200) break
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        await new Promise((resolve) => setTimeout(resolve, 300))
        polling = false
        await poll
        restartWindow = { from, to: Date.now() }
        restartReport.push(
          `PostgreSQL restart: health went ${health.join(' → ')}; healthy again after ${Date.now() - from} ms`,
        )
      })()
    : Promise.resolve()

  const workload = runWorkload({ client, members, concurrency, done: () => Date.now() >= deadline, ack })
  await Promise.all([workload, restarter])
  const elapsed = (Date.now() - started) / 1000

  // Errors while the database is deliberately down are expected; any other error fails the run.
  const window = restartWindow as { from: number; to: number } | undefined
  const outageErrors = window
    ? client.stats.errorTimes.filter((t) => t >= window.from && t <= window.to).length
    : 0
  const otherErrors = client.stats.errors - outageErrors
  if (restartPostgres && !window) throw new Error('the PostgreSQL restart did not happen within the run')
  log('stopping the server (SIGTERM)')
  server.process.kill('SIGTERM')
  const code = await server.exited
  if (code !== 0) throw new Error(`server exited with ${code}`)

  const db = await openDatabase(
    database ? { databaseUrl: database.url, poolSize: 2 } : { dataDir: server.dataDir },
  )
  const report = await checkIntegrity(db.db, ack)
  await db.close()

  const s = client.stats
  const statuses = Object.entries(s.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')
  console.log('')
  console.log(`engine:                ${usePostgres ? 'PostgreSQL' : 'PGlite'}`)
  console.log(
    `duration:              ${elapsed.toFixed(1)} s, concurrency ${concurrency}, ${members.length} members`,
  )
  console.log(
    `requests sent:         ${s.requests} (${(s.requests / elapsed).toFixed(0)}/s; reads ${s.reads}, writes ${s.writes})`,
  )
  console.log(`writes acknowledged:   ${report.writesAcknowledged}`)
  console.log(`writes found:          ${report.writesFound}`)
  console.log(`answers by status:     ${statuses}`)
  console.log(
    `server errors:         ${s.errors}${window ? ` (${outageErrors} while PostgreSQL restarted, ${otherErrors} otherwise)` : ''}`,
  )
  console.log(`counters checked:      ${report.countersChecked}, mismatched ${report.mismatches.length}`)
  for (const line of restartReport) console.log(line)
  for (const line of report.lost) console.log(`LOST ${line}`)
  for (const line of report.mismatches.slice(0, 20)) console.log(`DRIFT ${line}`)

  const failed = report.lost.length > 0 || report.mismatches.length > 0 || otherErrors > 0
  if (otherErrors > 0) {
    // What the server said about those errors (its log: warnings and errors, one block each).
    const log = await readFile(path.join(server.dataDir, 'server.log'), 'utf8').catch(() => '')
    const errors = log.split(/\n(?=\S)/).filter((block) => /^\S*\s*(ERROR|FATAL)/.test(block))
    for (const block of errors.slice(-5)) console.log(block.slice(0, 3000))
  }
  if (!args.keep) {
    await database?.drop()
    await rm(server.dataDir, { recursive: true, force: true })
  } else {
    console.log(`kept: ${database?.url ?? path.resolve(server.dataDir)}`)
  }
  console.log(failed ? 'SOAK FAILED' : 'SOAK PASSED')
  process.exit(failed ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
