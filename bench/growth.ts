/**
 * Cost growth: the same reads on PostgreSQL data sets of growing size (10 members per 10
 * endorsements given… i.e. members = endorsements / 10), each in its own database
 * (<BENCH_DATABASE_URL>_<endorsements>), generated when missing. An indexed read stays flat; one
 * that grows with the table shows it here.
 *
 *   npx tsx bench/growth.ts [--sizes 10000,100000,1000000] [--duration 5] [--runs 100]
 */
import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { benchApi, type ApiBenchResult } from './api'
import { BENCH_DATABASE_URL } from './generate-data'

export const growthDatabaseUrl = (endorsements: number) => `${BENCH_DATABASE_URL}_${endorsements}`

async function endorsementCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    const { rows } = await client.query<{ n: number }>(
      'select (select count(*) from vouches)::int * sign((select count(*) from notifications))::int as n',
    )
    return rows[0]!.n
  } catch {
    return 0
  } finally {
    await client.end().catch(() => {})
  }
}

/** generate-all.ts in a child process: the target database is read from the environment at load. */
function generate(url: string, endorsements: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'generate-all.ts'),
        '--engine',
        'postgres',
        '--members',
        String(endorsements / 10),
        '--endorsements',
        String(endorsements),
      ],
      { stdio: 'inherit', env: { ...process.env, BENCH_DATABASE_URL: url } },
    )
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`generate-all exited with ${code}`)),
    )
  })
}

export async function benchGrowth({
  sizes,
  duration = 5,
  runs = 100,
  log = console.log,
}: {
  sizes: number[]
  duration?: number
  runs?: number
  log?: (line: string) => void
}) {
  const results: ApiBenchResult[] = []
  for (const size of sizes) {
    // The main data set serves its own size (the benchmark's writes add a few hundred rows).
    const main = await endorsementCount(BENCH_DATABASE_URL)
    const url = main >= size && main < size * 1.05 ? BENCH_DATABASE_URL : growthDatabaseUrl(size)
    if ((await endorsementCount(url)) < size) {
      log(`Generating ${size.toLocaleString('en')} endorsements into ${url}`)
      await generate(url, size)
    }
    results.push(
      await benchApi({
        engine: 'postgres',
        connections: [10],
        duration,
        runs,
        readsOnly: true,
        databaseUrl: url,
        log,
      }),
    )
  }
  return results
}

export function growthMarkdown(results: ApiBenchResult[]) {
  const sizes = results.map((r) => `${r.endorsements.toLocaleString('en')} endorsements`)
  const names = results[0]?.results.map((r) => r.name) ?? []
  const timingNames = results[0]?.timings.map((t) => t.name) ?? []
  return [
    'HTTP, 10 connections: p50 / p99 ms (req/s)',
    '',
    `| endpoint | ${sizes.join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
    ...names.map(
      (name) =>
        `| ${name} | ${results
          .map((r) => {
            const row = r.results.find((x) => x.name === name)
            return row ? `${row.p50} / ${row.p99} (${row.requestsPerSecond})` : ''
          })
          .join(' | ')} |`,
    ),
    '',
    'Database time of the hot calls, heaviest member, one at a time: p50 / p99 ms',
    '',
    `| call | ${sizes.join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
    ...timingNames.map(
      (name) =>
        `| ${name} | ${results
          .map((r) => {
            const t = r.timings.find((x) => x.name === name)
            return t ? `${t.p50} / ${t.p99}` : ''
          })
          .join(' | ')} |`,
    ),
  ].join('\n')
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '10000,100000,1000000' },
      duration: { type: 'string', default: '5' },
      runs: { type: 'string', default: '100' },
    },
  })
  const results = await benchGrowth({
    sizes: values.sizes.split(',').map(Number),
    duration: Number(values.duration),
    runs: Number(values.runs),
  })
  const out = path.join(import.meta.dirname, 'out')
  await mkdir(out, { recursive: true })
  await writeFile(path.join(out, 'growth.json'), `${JSON.stringify(results, null, 2)}\n`)
  const markdown = growthMarkdown(results)
  await writeFile(path.join(out, 'growth.md'), `${markdown}\n`)
  console.log(`\n${markdown}`)
}

export const readGrowth = async () =>
  JSON.parse(await readFile(path.join(import.meta.dirname, 'out', 'growth.json'), 'utf8')) as ApiBenchResult[]
