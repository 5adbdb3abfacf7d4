/**
 * The endpoints of issue 8 on the generated data set: the app and a bare Fastify hello-world run in
 * a child process (so the load generator never shares their event loop), autocannon drives every
 * endpoint at each connection level from this process. Before the load, the child times the hot
 * service calls one at a time for the heaviest member (database time plus the driver, no HTTP) and
 * records their EXPLAIN ANALYZE plans.
 *
 *   npx tsx bench/api.ts [--engine postgres|pglite] [--connections 10,50] [--duration 10]
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { ZCreateEndorsementBody } from '@vouched/shared/endorsements'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { buildApp } from '../apps/server/src/app'
import type { Config } from '../apps/server/src/config'
import { migrateDatabase, openDatabase, type Database, type Db } from '../apps/server/src/db/client'
import * as schema from '../apps/server/src/db/schema/index'
import { isVisibleMember, listConnections } from '../apps/server/src/features/connections/connections.queries'
import { listPopularMembers } from '../apps/server/src/features/discovery/discovery.queries'
import { searchMembers } from '../apps/server/src/features/discovery/discovery.service'
import { createEndorsement } from '../apps/server/src/features/endorsements/endorsements.service'
import {
  countUnread,
  listNotifications,
} from '../apps/server/src/features/notifications/notifications.queries'
import { findProfileRow } from '../apps/server/src/features/profiles/profiles.queries'
import {
  benchConfig,
  prepareFixtures,
  runScenarios,
  scenarios,
  startHelloWorld,
  writersFor,
  type Fixtures,
  type ScenarioResult,
} from './endpoints'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR, type Engine } from './generate-data'

export type QueryTiming = {
  name: string
  runs: number
  p50: number
  p99: number
  max: number
  budget?: number
}
export type QueryPlan = { name: string; statements: { sql: string; plan: string }[] }
type Ready = {
  appUrl: string
  helloUrl: string
  fixtures: Fixtures
  timings: QueryTiming[]
  plans: QueryPlan[]
}

/**
 * The hot calls behind the endpoints, as the routes make them, for the heaviest member; for the
 * profile, its database read, which a request makes when the profile is not held in memory.
 */
function hotCalls(f: Fixtures) {
  const viewer = { id: f.viewer.id, isAdmin: false }
  const search = (q: string, type: 'user' | 'hashtag') => (db: Db) =>
    searchMembers(db, { viewerId: f.viewer.id, q, type, sort: 'reputation' })
  return [
    {
      name: 'profile (heaviest member)',
      budget: 5,
      run: (db: Db) => findProfileRow(db, f.heavy.username, viewer),
    },
    {
      name: 'profile (median member)',
      budget: 5,
      run: (db: Db) => findProfileRow(db, f.median.username, viewer),
    },
    { name: 'popular members (top 12)', budget: 2, run: (db: Db) => listPopularMembers(db, f.viewer.id, 12) },
    { name: 'name search "john"', budget: 15, run: search('john', 'user') },
    { name: 'typo search "jonh smiht"', budget: 15, run: search('jonh smiht', 'user') },
    {
      name: `3-hashtag search (${f.topTags.join(',')})`,
      budget: 50,
      run: search(f.topTags.join(','), 'hashtag'),
    },
    {
      name: 'notifications list + unread count',
      run: (db: Db) =>
        Promise.all([listNotifications(db, viewer, { limit: 20 }), countUnread(db, f.viewer.id)]),
    },
    {
      name: 'connections list (most connected)',
      run: async (db: Db) => [
        await isVisibleMember(db, f.connected.id, viewer),
        await listConnections(db, f.connected.id, viewer),
      ],
    },
  ]
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const round2 = (n: number) => Math.round(n * 100) / 100

async function time(
  name: string,
  runs: number,
  run: (i: number) => Promise<unknown>,
  budget?: number,
): Promise<QueryTiming> {
  for (let i = 0; i < Math.min(20, runs); i++) await run(i) // warm the caches and the planner
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await run(i + 20)
    samples.push(performance.now() - t0)
  }
  samples.sort((a, b) => a - b)
  return {
    name,
    runs,
    p50: round2(percentile(samples, 50)),
    p99: round2(percentile(samples, 99)),
    max: round2(samples.at(-1)!),
    budget,
  }
}

/** Serial timings: what one request costs in the database when nothing else runs. */
async function timeHotQueries(
  database: Database,
  f: Fixtures,
  writers: Fixtures['writers'],
  config: Config,
  runs: number,
) {
  const { db } = database
  const timings: QueryTiming[] = []
  for (const call of hotCalls(f)) timings.push(await time(call.name, runs, () => call.run(db), call.budget))
  // Creation with every counter, stat, medal and the notification, as POST /api/vouches makes it;
  // each writer gives its daily allowance of 20, to 20 different members.
  const rows = await db
    .select()
    .from(schema.users)
    .where(sql`${schema.users.id} in ${writers.map((w) => w.id)}`)
  const byId = new Map(rows.map((r) => [r.id, r]))
  timings.push(
    await time(
      'create endorsement (3 tags, counters, medals, notification)',
      Math.min(runs, writers.length * 20 - 20),
      (i) =>
        createEndorsement(db, config, {
          ...ZCreateEndorsementBody.parse({
            toUserId: 1 + ((i * 13) % (f.members - 1)),
            category: 'Leadership',
            note: 'Timed.',
            hashtags: ['JavaScript', 'ReactJS', 'CloudTesting'],
          }),
          from: byId.get(writers[Math.floor(i / 20)]!.id)!,
        }),
      10,
    ),
  )
  return timings
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every read statement a hot call runs: the call is made once through
 * a Drizzle instance that logs its statements, then each is replayed in one transaction with the
 * settings (set_config) the call made.
 */
async function explainHotQueries(database: Database, f: Fixtures): Promise<QueryPlan[]> {
  const plans: QueryPlan[] = []
  for (const call of hotCalls(f)) {
    const captured: { sql: string; params: unknown[] }[] = []
    const logger = {
      logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }),
    }
    const logged = (database.pool
      ? drizzlePg(database.pool, { schema, logger })
      : drizzlePglite(database.pglite!, { schema, logger })) as unknown as Db
    await call.run(logged)
    const statements: QueryPlan['statements'] = []
    const replay = async (
      query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
    ) => {
      for (const statement of captured) {
        const text = statement.sql.trim()
        if (text.includes('set_config(')) await query(text, statement.params)
        else if (/^(select|with)\b/i.test(text)) {
          const { rows } = await query(`explain (analyze, buffers, costs off) ${text}`, statement.params)
          statements.push({
            sql: `${text}\n-- parameters: ${JSON.stringify(statement.params)}`,
            plan: rows.map((row) => String(Object.values(row)[0])).join('\n'),
          })
        }
      }
    }
    if (database.pool) {
      const client = await database.pool.connect()
      try {
        await client.query('begin')
        await replay((text, params) => client.query(text, params))
      } finally {
        await client.query('rollback')
        client.release()
      }
    } else {
      await database.pglite!.transaction(async (tx) => {
        await replay((text, params) => tx.query(text, params))
        await tx.rollback()
      })
    }
    plans.push({ name: call.name, statements })
  }
  return plans
}

async function serve(engine: Engine, writerCount: number, runs: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vouched-bench-'))
  const database =
    engine === 'postgres'
      ? await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 10 })
      : await openDatabase({ dataDir: BENCH_PGLITE_DIR })
  await migrateDatabase(database)
  const config = benchConfig(dataDir, engine === 'postgres' ? BENCH_DATABASE_URL : undefined)
  const app = await buildApp({ database, config })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const hello = await startHelloWorld()
  const fixtures = await prepareFixtures(database.db, (v) => app.signCookie(v), {
    writerCount: writerCount + Math.ceil(runs / 20) + 2,
  })
  const timingWriters = fixtures.writers.splice(writerCount)
  const timings = await timeHotQueries(database, fixtures, timingWriters, config, runs)
  const plans = await explainHotQueries(database, fixtures)
  const ready: Ready = {
    appUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    helloUrl: hello.url,
    fixtures,
    timings,
    plans,
  }
  process.stdout.write(`${JSON.stringify(ready)}\n`)
  process.on('SIGTERM', () => {
    void hello
      .close()
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}

async function startServer(engine: Engine, writerCount: number, runs: number, databaseUrl?: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      import.meta.filename,
      '--serve',
      '--engine',
      engine,
      '--writers',
      String(writerCount),
      '--runs',
      String(runs),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: databaseUrl ? { ...process.env, BENCH_DATABASE_URL: databaseUrl } : process.env,
    },
  )
  // Never leave the server behind, whatever stops this process.
  process.once('exit', () => child.kill('SIGTERM'))
  const lines = createInterface({ input: child.stdout })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The bench server exited with ${code}`)))
    lines.once('line', (line) => resolve(JSON.parse(line) as Ready))
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit')
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return { ...ready, stop }
}

export type ApiBenchOptions = {
  engine: Engine
  connections?: number[]
  duration?: number
  /** Serial runs per hot call for the database timings. */
  runs?: number
  /** Leave the writes out (cost growth compares reads across data sizes). */
  readsOnly?: boolean
  /** PostgreSQL: another database than BENCH_DATABASE_URL (the cost-growth data sets). */
  databaseUrl?: string
  log?: (line: string) => void
}
export type ApiBenchResult = {
  engine: Engine
  members: number
  endorsements: number
  heavy: Fixtures['heavy']
  results: ScenarioResult[]
  timings: QueryTiming[]
  plans: QueryPlan[]
}

export async function benchApi({
  engine,
  connections = [10, 50],
  duration = 10,
  runs = 1000,
  readsOnly = false,
  databaseUrl,
  log = console.log,
}: ApiBenchOptions): Promise<ApiBenchResult> {
  const warmup = 2
  // Enough writers for 2,500 endorsements/s through every run and warm-up.
  const writerCount = writersFor(2500 * (duration + warmup + 1) * connections.length)
  log(`API on ${engine}: preparing (fixtures, ${runs} timed runs per hot call, plans)`)
  const server = await startServer(engine, readsOnly ? 1 : writerCount, runs, databaseUrl)
  const { fixtures } = server
  log(
    `  ${fixtures.members.toLocaleString('en')} members, ${fixtures.endorsements.toLocaleString('en')} endorsements; ` +
      `heaviest member ${fixtures.heavy.username}, median member ${fixtures.median.username}`,
  )
  for (const t of server.timings) {
    log(
      `  db ${t.name.padEnd(60)} p50 ${t.p50} ms  p99 ${t.p99} ms${t.budget ? ` (budget ${t.budget})` : ''}`,
    )
  }
  const results: ScenarioResult[] = []
  const counters = new Map<string, { k: number }>()
  try {
    for (const level of connections) {
      log(`API on ${engine}: ${level} connections, ${duration} s per endpoint`)
      results.push(
        ...(await runScenarios(
          scenarios(fixtures).filter((s) => !readsOnly || !s.method),
          { app: server.appUrl, hello: server.helloUrl },
          {
            connections: level,
            duration,
            warmup,
            cookie: fixtures.viewer.cookie,
            counters,
            log,
          },
        )),
      )
    }
  } finally {
    await server.stop()
  }
  return {
    engine,
    members: fixtures.members,
    endorsements: fixtures.endorsements,
    heavy: fixtures.heavy,
    results,
    timings: server.timings,
    plans: server.plans,
  }
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      engine: { type: 'string', default: 'postgres' },
      connections: { type: 'string', default: '10,50' },
      duration: { type: 'string', default: '10' },
      writers: { type: 'string', default: '100' },
      runs: { type: 'string', default: '200' },
      'reads-only': { type: 'boolean', default: false },
      /** Suffix of the result file: bench/out/api-<engine><label>.json. */
      label: { type: 'string', default: '' },
    },
  })
  const engine: Engine = values.engine === 'pglite' ? 'pglite' : 'postgres'
  if (values.serve) await serve(engine, Number(values.writers), Number(values.runs))
  else {
    const result = await benchApi({
      engine,
      connections: values.connections.split(',').map(Number),
      duration: Number(values.duration),
      runs: Number(values.runs),
      readsOnly: values['reads-only'],
    })
    const out = path.join(import.meta.dirname, 'out')
    await mkdir(out, { recursive: true })
    await writeFile(
      path.join(out, `api-${engine}${values.label}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    )
    console.log(
      `Results in bench/out/api-${engine}${values.label}.json (npx tsx bench/report.ts renders them)`,
    )
  }
}
