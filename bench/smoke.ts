/**
 * `npm run bench:smoke`: the benchmark of `npm run bench` at CI size, so it never rots. A few hundred
 * members and a few thousand endorsements (generated with the same set-based SQL), the app and a
 * bare Fastify hello-world in this process, then every scenario of the traffic benchmark (reads
 * alone, repeated, beside the write stream) for a second each with autocannon.
 *
 *   npm run bench:smoke -- [--engine pglite|postgres] [--duration 1] [--connections 10]
 *
 * It prints figures but asserts only that every request succeeded: it exits 1 on any non-2xx answer
 * or connection error, never on timing (CI machines are too noisy for that). The load generator
 * shares the server's event loop here, so the rates are lower than `npm run bench` reports.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    duration: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    members: { type: 'string', default: '300' },
    endorsements: { type: 'string', default: '3000' },
  },
})
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite'
const duration = Number(values.duration)
const connections = Number(values.connections)
const members = Number(values.members)
const endorsements = Number(values.endorsements)

const started = Date.now()
const dataDir = await mkdtemp(path.join(tmpdir(), 'vouched-smoke-'))
// Read by generate-data.ts when it loads: the smoke never touches the full benchmark's data.
process.env.BENCH_PGLITE_DIR = path.join(dataDir, 'pglite')
process.env.BENCH_DATABASE_URL =
  process.env.SMOKE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vouched_smoke'

const { generateData, BENCH_DATABASE_URL, BENCH_PGLITE_DIR } = await import('./generate-data')
const { addSocialData } = await import('./social-data')
const { openDatabase } = await import('../apps/server/src/db/client')
const { buildApp } = await import('../apps/server/src/app')
const { benchConfig, prepareFixtures, startHelloWorld, writersFor } = await import('./fixtures')
const { cacheHitScenarios, readScenarios, writeScenario } = await import('./scenarios')
const { failedRows, formatRow, runLevel } = await import('./load')

const quiet = () => {}
await generateData({ engine, members, endorsements, log: quiet })
const database =
  engine === 'postgres'
    ? await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 10 })
    : await openDatabase({ dataDir: BENCH_PGLITE_DIR })
await addSocialData(database.db, {
  members,
  connections: members * 5,
  notifications: endorsements * 2,
  log: quiet,
})
const app = await buildApp({
  database,
  config: benchConfig(dataDir, engine === 'postgres' ? BENCH_DATABASE_URL : undefined),
})
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
const hello = await startHelloWorld()
// Writes at a couple of thousand requests/s at most (a quarter of them endorsements), through the
// write stream's 9 runs.
const fixtures = await prepareFixtures(database.db, (v) => app.signCookie(v), {
  writerCount: writersFor(500 * 9 * (duration + 1)),
  readerCount: 100,
})
console.log(
  `Smoke benchmark on ${engine}: ${fixtures.members} members, ${fixtures.endorsements} endorsements, ` +
    `ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${connections} connections, ${duration} s per scenario`,
)

let results: Awaited<ReturnType<typeof runLevel>>
try {
  results = await runLevel(
    {
      reads: readScenarios(fixtures),
      cacheHits: cacheHitScenarios(fixtures),
      writes: writeScenario(fixtures),
    },
    { app: appUrl, hello: hello.url },
    { connections, duration, warmup: 0, counters: new Map(), log: quiet },
  )
} finally {
  await hello.close()
  await app.close()
  await database.close()
}
// The CPU cost per request and the app's CPU profiles (cpu-cost.ts), in a child process of their own
// once this one has closed the database (PGlite allows one process in a data directory).
const { measureCpuCost } = await import('./cpu-cost')
let cpu: Awaited<ReturnType<typeof measureCpuCost>>
try {
  cpu = await measureCpuCost({ engine, connections, duration, only: ['uniform'], profile: true, log: quiet })
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
const uniform = cpu.costs.find((c) => c.name.includes('uniform'))

console.log(results.map(formatRow).join('\n'))
console.log(cpu.markdown)
// A scenario that completed no request at all failed too (everything stayed queued past the window).
const failed = failedRows(results)
console.log(
  `Done in ${((Date.now() - started) / 1000).toFixed(0)} s (figures are indicative: one process, shared CPU).`,
)
if (!uniform?.profile?.busyMs || !(uniform.app > 0)) {
  console.error('The CPU cost run measured nothing for the uniform profile read')
  process.exit(1)
}
if (failed.length > 0) {
  console.error(`Failed requests on: ${failed.map((r) => `${r.name} (${r.phase})`).join('; ')}`)
  process.exit(1)
}
process.exit(0)
