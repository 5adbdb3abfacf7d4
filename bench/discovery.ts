/**
 * Discovery and search under load: starts the app on the generated data (in a child process, so the
 * load generator never shares its event loop), records the EXPLAIN ANALYZE plans of the statements
 * each request runs, then measures every scenario with autocannon.
 *
 *   npx tsx bench/discovery.ts [--engine postgres|pglite] [--connections 10] [--duration 10]
 */
import { spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { buildApp } from '../apps/server/src/app'
import { migrateDatabase, openDatabase, type Db } from '../apps/server/src/db/client'
import { createSession, SESSION_COOKIE } from '../apps/server/src/core/session'
import {
  listPopularHashtags,
  listPopularMembers,
} from '../apps/server/src/features/discovery/discovery.queries'
import { searchMembers } from '../apps/server/src/features/discovery/discovery.service'
import { benchConfig } from './endpoints'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR, type Engine } from './generate-data'

export type Scenario = { name: string; path: string; baseline?: boolean; anonymous?: boolean }

/**
 * Two baselines (the framework with a database round trip, then the same plus the session lookup
 * every signed-in request pays), then what a member does on the home and discover screens.
 */
export const SCENARIOS: Scenario[] = [
  { name: 'baseline: health, no session', path: '/api/health', baseline: true, anonymous: true },
  { name: 'baseline: current user (session only)', path: '/api/user', baseline: true },
  { name: 'popular members', path: '/api/users/discover/popular?limit=12' },
  { name: 'popular hashtags', path: '/api/hashtags/popular' },
  { name: 'name search "john"', path: '/api/search?q=john&type=user&sort=reputation' },
  { name: 'name search "john", all types', path: '/api/search?q=john&sort=reputation' },
  { name: 'name search "john", recent', path: '/api/search?q=john&type=user&sort=recent' },
  { name: 'typo search "jonh"', path: '/api/search?q=jonh&type=user&sort=reputation' },
  { name: 'typo search "jonh smiht"', path: '/api/search?q=jonh%20smiht&type=user&sort=reputation' },
  {
    name: 'hashtags JavaScript,ReactJS',
    path: '/api/search?q=JavaScript,ReactJS&type=hashtag&sort=reputation',
  },
  {
    name: 'hashtags JavaScript,ReactJS,NodeJS',
    path: '/api/search?q=JavaScript,ReactJS,NodeJS&type=hashtag&sort=reputation',
  },
  {
    name: 'hashtags JavaScript,ReactJS, active',
    path: '/api/search?q=JavaScript,ReactJS&type=hashtag&sort=active',
  },
  {
    name: 'hashtags JavaScript,ReactJS, recent',
    path: '/api/search?q=JavaScript,ReactJS&type=hashtag&sort=recent',
  },
  {
    name: 'hashtags ReactJS,DevOps,CloudTesting',
    path: '/api/search?q=ReactJS,DevOps,CloudTesting&type=hashtag&sort=reputation',
  },
]

/** The member every request is made as. */
const VIEWER_ID = 4242

export type ScenarioResult = {
  name: string
  connections: number
  baseline: boolean
  path: string
  results: number
  requestsPerSecond: number
  p50: number
  p99: number
  max: number
  errors: number
}
export type Plan = { name: string; statements: { sql: string; plan: string }[] }

// ---------------------------------------------------------------------------------------------
// The server side (child process)

type Traced = { query: SQL; transaction: number | null }

/** A Db that records the statements run through it (and which transaction each belongs to). */
function tracing(db: Db, calls: Traced[], transaction: number | null = null, counter = { next: 1 }): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute') {
        return (query: SQL) => {
          calls.push({ query, transaction })
          return target.execute(query)
        }
      }
      if (prop === 'transaction') {
        return (run: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) => run(tracing(tx as unknown as Db, calls, counter.next++, counter)))
      }
      return Reflect.get(target, prop, receiver)
    },
  })
}

/**
 * Runs a scenario's service call once through a tracing Db, then replays each statement under
 * EXPLAIN (ANALYZE, BUFFERS), with the settings its transaction made.
 */
async function explainScenario(db: Db, name: string, run: (db: Db) => Promise<unknown>): Promise<Plan> {
  const calls: Traced[] = []
  await run(tracing(db, calls))
  const dialect = new PgDialect()
  const statements: Plan['statements'] = []
  const explain = async (runner: Db, query: SQL) => {
    const result = (await runner.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as {
      rows: Record<string, string>[]
    }
    const inline = dialect.sqlToQuery(query)
    statements.push({
      sql: `${inline.sql}\n-- parameters: ${JSON.stringify(inline.params)}`,
      plan: result.rows.map((row) => Object.values(row)[0]).join('\n'),
    })
  }
  const isSetting = (query: SQL) => dialect.sqlToQuery(query).sql.includes('set_config(')
  for (let i = 0; i < calls.length;) {
    const { transaction } = calls[i]!
    if (transaction === null) {
      await explain(db, calls[i]!.query)
      i++
      continue
    }
    const group: Traced[] = []
    while (i < calls.length && calls[i]!.transaction === transaction) group.push(calls[i++]!)
    await db.transaction(async (tx) => {
      for (const call of group) {
        if (isSetting(call.query)) await tx.execute(call.query)
        else await explain(tx as unknown as Db, call.query)
      }
    })
  }
  return { name, statements }
}

/** The service call behind each scenario's URL, for its plans. */
function serviceCall(path: string): (db: Db) => Promise<unknown> {
  const url = new URL(path, 'http://x')
  const params = Object.fromEntries(url.searchParams)
  if (url.pathname === '/api/users/discover/popular') {
    return (db) => listPopularMembers(db, VIEWER_ID, Number(params.limit ?? 12))
  }
  if (url.pathname === '/api/hashtags/popular') return (db) => listPopularHashtags(db, 10)
  return (db) =>
    searchMembers(db, {
      viewerId: VIEWER_ID,
      q: params.q ?? '',
      type: params.type as 'user' | 'hashtag' | undefined,
      sort: (params.sort ?? 'reputation') as 'reputation',
    })
}

async function serve(engine: Engine) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vouched-bench-'))
  const database =
    engine === 'postgres'
      ? await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 10 })
      : await openDatabase({ dataDir: BENCH_PGLITE_DIR })
  // Migrations added since the data was generated, as the server applies them at start.
  await migrateDatabase(database)
  const app = await buildApp({
    database,
    // Searches are timed as the database answers them, not as an instance holding them does.
    config: {
      ...benchConfig(dataDir, engine === 'postgres' ? BENCH_DATABASE_URL : undefined),
      searchCacheSize: 0,
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const cookie = `${SESSION_COOKIE}=${app.signCookie(await createSession(database.db, VIEWER_ID))}`

  const plans: Plan[] = []
  for (const scenario of SCENARIOS.filter((s) => !s.baseline)) {
    const call = serviceCall(scenario.path)
    await call(database.db) // warm caches before the plan is taken
    plans.push(await explainScenario(database.db, scenario.name, call))
  }
  process.stdout.write(`${JSON.stringify({ port, cookie, plans })}\n`)
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}

/** The plans as Markdown, for docs/performance.md. */
export function formatPlans(plans: Plan[]) {
  return plans
    .map(
      (p) =>
        `#### ${p.name}\n\n` +
        p.statements.map((s) => `\`\`\`sql\n${s.sql}\n\`\`\`\n\n\`\`\`\n${s.plan}\n\`\`\``).join('\n\n'),
    )
    .join('\n\n')
}

// ---------------------------------------------------------------------------------------------
// The load side (parent process)

type Ready = { port: number; cookie: string; plans: Plan[] }

async function startServer(engine: Engine) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--serve', '--engine', engine],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
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

export type DiscoveryBenchOptions = {
  engine: Engine
  /** One run per level: 1 shows a request's own latency, more show it under load. */
  connections?: number[]
  duration?: number
  log?: (line: string) => void
}

export async function benchDiscovery({
  engine,
  connections = [1, 10],
  duration = 10,
  log = console.log,
}: DiscoveryBenchOptions): Promise<{ results: ScenarioResult[]; plans: Plan[] }> {
  const server = await startServer(engine)
  const base = `http://127.0.0.1:${server.port}`
  const results: ScenarioResult[] = []
  try {
    for (const level of connections) {
      log(`Discovery on ${engine}: ${level} connection${level === 1 ? '' : 's'}, ${duration} s per scenario`)
      for (const scenario of SCENARIOS) {
        const headers: Record<string, string> = scenario.anonymous ? {} : { cookie: server.cookie }
        const probe = await fetch(base + scenario.path, { headers })
        if (!probe.ok) throw new Error(`${scenario.path} answered ${probe.status}: ${await probe.text()}`)
        const body = (await probe.json()) as unknown
        await autocannon({ url: base + scenario.path, connections: level, duration: 2, headers }) // warm-up
        const run = await autocannon({ url: base + scenario.path, connections: level, duration, headers })
        const result: ScenarioResult = {
          name: scenario.name,
          connections: level,
          baseline: Boolean(scenario.baseline),
          path: scenario.path,
          results: Array.isArray(body) ? body.length : 1,
          requestsPerSecond: Math.round(run.requests.average),
          p50: run.latency.p50,
          p99: run.latency.p99,
          max: run.latency.max,
          errors: run.errors + run.timeouts + run.non2xx,
        }
        results.push(result)
        log(
          `  ${scenario.name.padEnd(40)} ${String(result.requestsPerSecond).padStart(6)} req/s` +
            `  p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms` +
            `  (${result.results} results${result.errors ? `, ${result.errors} errors` : ''})`,
        )
      }
    }
  } finally {
    await server.stop()
  }
  return { results, plans: server.plans }
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      engine: { type: 'string', default: 'postgres' },
      connections: { type: 'string', default: '1,10' },
      duration: { type: 'string', default: '10' },
      plans: { type: 'boolean', default: false },
    },
  })
  const engine: Engine = values.engine === 'pglite' ? 'pglite' : 'postgres'
  if (values.serve) await serve(engine)
  else if (values.plans) {
    const server = await startServer(engine)
    await server.stop()
    console.log(formatPlans(server.plans))
  } else {
    await benchDiscovery({
      engine,
      connections: values.connections.split(',').map(Number),
      duration: Number(values.duration),
    })
  }
}
