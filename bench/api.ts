/**
 * The traffic benchmark on the generated data: the app and a bare Fastify hello-world run in a child
 * process (so the load generator never shares their event loop); autocannon drives every scenario of
 * scenarios.ts from this process at each connection level. Before the load, the child times the hot
 * calls one at a time and records their plans (db-timings.ts).
 *
 *   npx tsx bench/api.ts [--engine postgres|pglite] [--connections 10,50] [--duration 5] [--reads-only]
 *                        [--only profile,name search]
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Session } from 'node:inspector/promises'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { buildApp } from '../apps/server/src/app'
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client'
import { explainHotQueries, timeHotQueries, type QueryPlan, type QueryTiming } from './db-timings'
import { benchConfig, prepareFixtures, startHelloWorld, writersFor, type Fixtures } from './fixtures'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR, type Engine } from './generate-data'
import { runLevel, type Row } from './load'
import { cacheHitScenarios, readScenarios, writeScenario, type Scenario } from './scenarios'

type Ready = {
  appUrl: string
  helloUrl: string
  fixtures: Fixtures
  timings: QueryTiming[]
  plans: QueryPlan[]
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
  if (process.env.BENCH_CPU_PROFILE_DIR) toggleCpuProfileOnSignal(process.env.BENCH_CPU_PROFILE_DIR)
  process.on('SIGTERM', () => {
    void hello
      .close()
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}

/**
 * SIGUSR2 starts the V8 CPU profiler in the bench server, the next SIGUSR2 writes the profile to
 * `dir/<n>.cpuprofile` and prints `profiled <file>` on stderr: a profile of one scenario's load only,
 * without the fixtures' preparation (cpu-cost.ts sends the signals).
 */
function toggleCpuProfileOnSignal(dir: string) {
  const session = new Session()
  session.connect()
  let running = false
  let n = 0
  process.on('SIGUSR2', () => {
    void (async () => {
      if (!running) {
        running = true
        await session.post('Profiler.enable')
        await session.post('Profiler.start')
        process.stderr.write('profiling\n')
        return
      }
      running = false
      const { profile } = await session.post('Profiler.stop')
      const file = path.join(dir, `${++n}.cpuprofile`)
      await writeFile(file, JSON.stringify(profile))
      process.stderr.write(`profiled ${file}\n`)
    })()
  })
}

export async function startServer(engine: Engine, writerCount: number, runs: number, databaseUrl?: string) {
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
  return { ...ready, pid: child.pid!, stop }
}

export type ApiBenchOptions = {
  engine: Engine
  connections?: number[]
  /** Seconds measured per scenario and level, after `warmup` seconds of the same load. */
  duration?: number
  warmup?: number
  /** Serial runs per hot call for the database timings. */
  runs?: number
  /** Leave the writes out (cost growth compares reads across data sizes). */
  readsOnly?: boolean
  /** Only the scenarios whose name contains one of these texts (a change measured on its own). */
  only?: string[]
  /** PostgreSQL: another database than BENCH_DATABASE_URL (the cost-growth data sets). */
  databaseUrl?: string
  log?: (line: string) => void
}
export type ApiBenchResult = {
  engine: Engine
  members: number
  endorsements: number
  heavy: Fixtures['heavy']
  duration: number
  results: Row[]
  timings: QueryTiming[]
  plans: QueryPlan[]
  /** Where the CPU of one request goes, per read (cpu-cost.ts), as markdown. */
  cpu?: string
}

/** Writes a second the write stream could reach at most: enough writers that none runs out of allowance. */
const MAX_WRITES_PER_SECOND = 2000

export async function benchApi({
  engine,
  connections = [10, 50],
  duration = 5,
  warmup = 1,
  runs = 300,
  readsOnly = false,
  only,
  databaseUrl,
  log = console.log,
}: ApiBenchOptions): Promise<ApiBenchResult> {
  // The write stream runs alone once and beside each of the 8 reads (a little longer), at every level;
  // a quarter of its requests are endorsements.
  const writeSeconds = 9 * (warmup + duration + 1) * connections.length
  const writerCount = readsOnly ? 1 : writersFor((MAX_WRITES_PER_SECOND / 4) * writeSeconds)
  log(`Traffic on ${engine}: preparing (fixtures, ${runs} timed runs per hot call, plans)`)
  const server = await startServer(engine, writerCount, runs, databaseUrl)
  const { fixtures } = server
  log(
    `  ${fixtures.members.toLocaleString('en')} members, ${fixtures.endorsements.toLocaleString('en')} endorsements, ` +
      `${fixtures.readers.length} signed-in readers, ${fixtures.writers.length} writers`,
  )
  for (const t of server.timings) {
    log(
      `  db ${t.name.padEnd(60)} p50 ${t.p50} ms  p99 ${t.p99} ms${t.budget ? ` (budget ${t.budget})` : ''}`,
    )
  }
  const results: Row[] = []
  const counters = new Map<string, { k: number }>()
  const chosen = (s: Scenario) => !only?.length || only.some((text) => s.name.includes(text))
  const scenarios = {
    reads: readScenarios(fixtures).filter(chosen),
    cacheHits: cacheHitScenarios(fixtures).filter(chosen),
    writes: readsOnly ? undefined : writeScenario(fixtures),
  }
  try {
    for (const level of connections) {
      log(
        `Traffic on ${engine}: ${level} connections, ${duration} s per scenario after ${warmup} s of warm-up`,
      )
      results.push(
        ...(await runLevel(
          scenarios,
          { app: server.appUrl, hello: server.helloUrl },
          {
            connections: level,
            duration,
            warmup,
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
    duration,
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
      duration: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      writers: { type: 'string', default: '100' },
      runs: { type: 'string', default: '300' },
      'reads-only': { type: 'boolean', default: false },
      only: { type: 'string' },
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
      warmup: Number(values.warmup),
      runs: Number(values.runs),
      readsOnly: values['reads-only'],
      only: values.only?.split(','),
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
