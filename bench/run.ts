/**
 * `npm run bench`: the traffic benchmark of issue 22 on every engine, generating the data set first
 * when it is missing.
 *
 *   npm run bench -- [--engine postgres|pglite|all] [--generate] [--connections 10,50] [--only profile]
 *                    [--duration 5] [--warmup 1] [--runs 300]
 *                    [--members 100000] [--endorsements 1000000] [--growth 10000,100000,1000000]
 *                    [--write-docs] [--skip-cpu]
 *
 * --members/--endorsements run a reduced scale (with --generate); --growth adds the cost-growth runs
 * (PostgreSQL, one database per size); --only keeps the scenarios whose name contains one of its
 * comma-separated texts; --write-docs writes docs/performance-generated.md; --skip-cpu leaves out the CPU
 * cost per request and the app's CPU profiles (cpu-cost.ts), which otherwise follow each engine's traffic.
 *
 * A benchmark, not a test: it takes minutes and prints rates and latencies; results and query plans
 * are written to bench/out/.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { benchApi, type ApiBenchResult } from './api'
import { measureCpuCost } from './cpu-cost'
import { generateAll, PGLITE_COMPLETE } from './generate-all'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR, type Engine } from './generate-data'
import { benchGrowth } from './growth'
import { budgetTable, GENERATED_DOC, reportMarkdown, writeGenerated } from './report'

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'all' },
    generate: { type: 'boolean', default: false },
    connections: { type: 'string', default: '10,50' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    runs: { type: 'string', default: '300' },
    members: { type: 'string', default: '100000' },
    endorsements: { type: 'string', default: '1000000' },
    growth: { type: 'string' },
    only: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
    'skip-cpu': { type: 'boolean', default: false },
  },
})
const MEMBERS = Number(values.members)
const ENDORSEMENTS = Number(values.endorsements)
const engines: Engine[] = values.engine === 'all' ? ['postgres', 'pglite'] : [values.engine as Engine]
const out = path.join(import.meta.dirname, 'out')
await mkdir(out, { recursive: true })
const started = Date.now()
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`

async function hasData(engine: Engine): Promise<boolean> {
  if (engine === 'pglite') return existsSync(path.join(BENCH_PGLITE_DIR, PGLITE_COMPLETE))
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL })
  try {
    await client.connect()
    const { rows } = await client.query<{ n: number; notifications: boolean }>(
      'select count(*)::int as n, exists (select 1 from notifications) as notifications from vouches',
    )
    return rows[0]!.n >= ENDORSEMENTS && rows[0]!.notifications
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL.replace(/\/[^/]+$/, '/postgres') })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

const runs: ApiBenchResult[] = []
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresReachable())) {
    console.log(`PostgreSQL is not reachable at ${BENCH_DATABASE_URL}: skipped (set BENCH_DATABASE_URL)`)
    continue
  }
  if (values.generate || !(await hasData(engine))) {
    await generateAll({ engine, members: MEMBERS, endorsements: ENDORSEMENTS })
    console.log(`Data for ${engine} generated at ${elapsed()}`)
  }
  const result = await benchApi({
    engine,
    connections: values.connections.split(',').map(Number),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    runs: Number(values.runs),
    only: values.only?.split(','),
  })
  if (!values['skip-cpu']) {
    const cpu = await measureCpuCost({
      engine,
      duration: Number(values.duration),
      only: values.only?.split(','),
      profile: true,
    })
    result.cpu = cpu.markdown
  }
  runs.push(result)
  await writeFile(path.join(out, `api-${engine}.json`), `${JSON.stringify(result, null, 2)}\n`)
  console.log(`${engine} done at ${elapsed()}`)
}

const growthFile = path.join(out, 'growth.json')
// Without --growth, the last growth run (if any) stays in the report rather than vanishing from it.
const growth: ApiBenchResult[] = values.growth
  ? await benchGrowth({ sizes: values.growth.split(',').map(Number), duration: Number(values.duration) })
  : existsSync(growthFile)
    ? (JSON.parse(await readFile(growthFile, 'utf8')) as ApiBenchResult[])
    : []
if (values.growth) await writeFile(growthFile, `${JSON.stringify(growth, null, 2)}\n`)

console.log(`\n${budgetTable(runs)}\n`)
const markdown = reportMarkdown(runs, { growth })
await writeFile(path.join(out, 'report.md'), markdown)
if (values['write-docs']) {
  await writeGenerated(markdown)
  console.log(`${path.relative(process.cwd(), GENERATED_DOC)} written`)
} else console.log('Report in bench/out/report.md (--write-docs writes docs/performance-generated.md)')
console.log(`Done in ${elapsed()}`)
