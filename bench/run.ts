/**
 * `npm run bench`: every benchmark on every engine, generating the data set first when it is missing.
 *
 *   npm run bench -- [--engine postgres|pglite|all] [--only discovery|api] [--generate]
 *                    [--connections 1,10] [--api-connections 10,50] [--duration 10]
 *                    [--members 100000] [--endorsements 1000000] [--growth 10000,100000,1000000]
 *                    [--write-docs]
 *
 * --members/--endorsements run a reduced scale (with --generate); --growth adds the cost-growth runs
 * (PostgreSQL, one database per size); --write-docs puts the API results, budgets, chart and plans
 * into docs/performance.md (between its bench markers; the analysis around them is by hand).
 *
 * A benchmark, not a test: it takes minutes and prints latencies; results and query plans are written
 * to bench/out/. Add a benchmark by appending it to BENCHMARKS.
 */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { benchDiscovery, formatPlans } from './discovery'
import { benchApi, type ApiBenchResult } from './api'
import { generateAll, PGLITE_COMPLETE } from './generate-all'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR, type Engine } from './generate-data'
import { benchGrowth, growthMarkdown } from './growth'
import { renderReport, writeDocsSection } from './report'

export type BenchmarkRow = {
  name: string
  connections: number
  /** Reference rows (framework, session) carry no budget. */
  baseline?: boolean
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
}
export type Benchmark = {
  name: string
  /** p99 budgets in ms per engine; a row over budget is flagged. */
  budgets: Record<Engine, number>
  run: (options: { engine: Engine; connections: number[]; duration: number }) => Promise<{
    results: BenchmarkRow[]
    /** Markdown appended to bench/out/<name>-<engine>.md (plans, notes). */
    report?: string
  }>
}

/** The discovery plans docs/performance.md shows (all of them are in bench/out/discovery-<engine>.md). */
const DOCS_DISCOVERY_PLANS = [/^typo search "jonh"$/, /^hashtags ReactJS,DevOps,CloudTesting$/]
const discoveryPlans: string[] = []

const BENCHMARKS: Benchmark[] = [
  {
    name: 'discovery',
    budgets: { postgres: 50, pglite: 150 },
    run: async (options) => {
      const { results, plans } = await benchDiscovery(options)
      const shown = plans.filter((p) => DOCS_DISCOVERY_PLANS.some((name) => name.test(p.name)))
      discoveryPlans.push(formatPlans(shown.map((p) => ({ ...p, name: `${p.name} (${options.engine})` }))))
      return { results, report: formatPlans(plans) }
    },
  },
  {
    // The endpoints of issue 8 against a bare Fastify hello-world; budgets and plans in api-report.md.
    name: 'api',
    budgets: { postgres: 50, pglite: 150 },
    run: async ({ engine, duration }) => {
      const result = await benchApi({ engine, connections: apiConnections, duration })
      apiRuns.push(result)
      await writeFile(path.join(out, `api-${engine}.json`), `${JSON.stringify(result, null, 2)}\n`)
      return {
        results: result.results.map((r) => ({
          ...r,
          baseline: r.name.startsWith('hello'),
          errors: r.errors + r.non2xx,
        })),
      }
    },
  },
]

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

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'all' },
    only: { type: 'string' },
    generate: { type: 'boolean', default: false },
    connections: { type: 'string', default: '1,10' },
    duration: { type: 'string', default: '10' },
    'api-connections': { type: 'string', default: '10,50' },
    members: { type: 'string', default: '100000' },
    endorsements: { type: 'string', default: '1000000' },
    growth: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
  },
})
const MEMBERS = Number(values.members)
const ENDORSEMENTS = Number(values.endorsements)
const apiConnections = values['api-connections'].split(',').map(Number)
const apiRuns: ApiBenchResult[] = []
const engines: Engine[] = values.engine === 'all' ? ['postgres', 'pglite'] : [values.engine as Engine]
const benchmarks = BENCHMARKS.filter((b) => !values.only || b.name === values.only)
const connections = values.connections.split(',').map(Number)
const duration = Number(values.duration)
const out = path.join(import.meta.dirname, 'out')
await mkdir(out, { recursive: true })

const summary: (BenchmarkRow & { benchmark: string; engine: Engine; budget: number })[] = []
for (const engine of engines) {
  if (engine === 'postgres' && !(await postgresReachable())) {
    console.log(`PostgreSQL is not reachable at ${BENCH_DATABASE_URL}: skipped (set BENCH_DATABASE_URL)`)
    continue
  }
  if (values.generate || !(await hasData(engine))) {
    await generateAll({ engine, members: MEMBERS, endorsements: ENDORSEMENTS })
  }
  for (const benchmark of benchmarks) {
    const { results, report } = await benchmark.run({ engine, connections, duration })
    summary.push(
      ...results.map((r) => ({ ...r, benchmark: benchmark.name, engine, budget: benchmark.budgets[engine] })),
    )
    if (report) await writeFile(path.join(out, `${benchmark.name}-${engine}.md`), `${report}\n`)
  }
}

const verdict = (r: (typeof summary)[number]) =>
  r.errors
    ? `${r.errors} errors`
    : r.baseline
      ? 'reference'
      : r.p99 < r.budget
        ? `ok (< ${r.budget})`
        : `over (${r.budget})`
const lines = [
  `Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ` +
    `${duration} s per scenario; ${MEMBERS.toLocaleString('en')} members, ` +
    `${ENDORSEMENTS.toLocaleString('en')} endorsements`,
  '',
  '| benchmark | engine | connections | scenario | req/s | p50 ms | p99 ms | p99 budget |',
  '|---|---|---:|---|---:|---:|---:|---|',
  ...summary.map(
    (r) =>
      `| ${r.benchmark} | ${r.engine} | ${r.connections} | ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ` +
      `${verdict(r)} |`,
  ),
]
console.log(`\n${lines.join('\n')}`)
await writeFile(path.join(out, 'summary.md'), `${lines.join('\n')}\n`)
await writeFile(path.join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`)

const discoveryRows = summary.filter((r) => r.benchmark === 'discovery')
if (values['write-docs'] && discoveryRows.length > 0) {
  const table = [
    lines[0],
    '',
    '| engine | connections | scenario | req/s | p50 ms | p99 ms | p99 budget |',
    '|---|---:|---|---:|---:|---:|---|',
    ...discoveryRows.map(
      (r) =>
        `| ${r.engine} | ${r.connections} | ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ` +
        `${verdict(r)} |`,
    ),
  ]
  await writeDocsSection(
    path.join(import.meta.dirname, '..', 'docs', 'performance.md'),
    'discovery',
    `${table.join('\n')}\n\n${discoveryPlans.join('\n\n')}`,
  )
  console.log('docs/performance.md updated (discovery section)')
}

if (apiRuns.length > 0 || values.growth) {
  const growthFile = path.join(out, 'growth.json')
  // Without --growth, the last growth run (if any) stays in the report rather than vanishing from it.
  const growth: ApiBenchResult[] = values.growth
    ? await benchGrowth({ sizes: values.growth.split(',').map(Number), duration: Math.min(duration, 5) })
    : existsSync(growthFile)
      ? (JSON.parse(await readFile(growthFile, 'utf8')) as ApiBenchResult[])
      : []
  if (values.growth) await writeFile(growthFile, `${JSON.stringify(growth, null, 2)}\n`)
  const { markdown, budgets } = await renderReport({
    growth: growth.length ? growthMarkdown(growth) : undefined,
  })
  console.log(`\n${budgets}`)
  if (values['write-docs']) {
    await writeDocsSection(path.join(import.meta.dirname, '..', 'docs', 'performance.md'), 'api', markdown)
    console.log('docs/performance.md updated (generated section, chart docs/performance.png)')
  } else console.log('API report in bench/out/api-report.md (--write-docs puts it in docs/performance.md)')
}
