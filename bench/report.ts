/**
 * Turns the traffic results (bench/out/api-<engine>.json, growth.json) into Markdown: the budgets of
 * issue 22 met or missed, every scenario's figures, the database time of the hot calls and their plans.
 * `--write-docs` (here or on `npm run bench`) writes it to docs/performance-generated.md; the
 * hand-written docs/performance.md refers to it.
 *
 *   npx tsx bench/report.ts [--write-docs]
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as prettier from 'prettier'
import type { ApiBenchResult } from './api'
import { metText, verdict } from './budgets'
import { growthMarkdown } from './growth'
import { pct, type Row } from './load'

/** The data set the budgets of issue 22 are set for. */
const BUDGET_MEMBERS = 100_000

export const GENERATED_DOC = path.join(import.meta.dirname, '..', 'docs', 'performance-generated.md')

const label = (r: Row) => `${r.name}${r.phase === 'with writes' ? ', while 2 connections write' : ''}`

/** Every row held to a budget, PostgreSQL first. */
export function budgetTable(runs: ApiBenchResult[]) {
  const lines = [
    '| engine | connections | scenario | req/s | share of hello-world | p50 ms | p99 ms | budget | met |',
    '|---|---:|---|---:|---:|---:|---:|---|---|',
  ]
  for (const run of runs) {
    for (const row of run.results) {
      const v = verdict(row, run.engine, run.results)
      if (v.met === null) continue
      lines.push(
        `| ${run.engine} | ${row.connections} | ${label(row)} | ${row.requestsPerSecond} | ${pct(row.ratio)} | ` +
          `${row.p50} | ${row.p99} | ${v.budget} | ${metText(v)} |`,
      )
    }
  }
  return lines.join('\n')
}

/** All rows of one engine, grouped as the report reads them. */
function resultsTable(run: ApiBenchResult) {
  const groups: [string, (r: Row) => boolean][] = [
    ['Reads alone', (r) => r.kind === 'read' && r.phase === 'alone'],
    ['Reads while 2 connections write', (r) => r.phase === 'with writes'],
    ['Cache hits: one request again and again', (r) => r.kind === 'cache hit'],
    ['Reference and writes', (r) => r.kind === 'reference' || r.kind === 'writes'],
  ]
  return groups
    .map(([title, keep]) => {
      const rows = run.results.filter(keep)
      if (rows.length === 0) return ''
      const writes = rows.some((r) => r.writes)
      return [
        `#### ${title} (${run.engine})`,
        '',
        `| connections | scenario | req/s | share of hello-world | p50 ms | p99 ms | failed |${writes ? ' writes/s beside |' : ''}`,
        `|---:|---|---:|---:|---:|---:|---:|${writes ? '---:|' : ''}`,
        ...rows.map(
          (r) =>
            `| ${r.connections} | ${r.name} | ${r.requestsPerSecond} | ${pct(r.ratio)} | ${r.p50} | ${r.p99} | ` +
            `${r.non2xx + r.errors + (r.writes ? r.writes.non2xx + r.writes.errors : 0)} |` +
            `${writes ? ` ${r.writes?.requestsPerSecond ?? ''} |` : ''}`,
        ),
      ].join('\n')
    })
    .filter(Boolean)
    .join('\n\n')
}

function timingsTable(runs: ApiBenchResult[]) {
  return [
    '| engine | call | runs | p50 ms | p99 ms | max ms | budget (p99, issue 8) |',
    '|---|---|---:|---:|---:|---:|---|',
    ...runs.flatMap((r) =>
      r.timings.map(
        (t) =>
          `| ${r.engine} | ${t.name} | ${t.runs} | ${t.p50} | ${t.p99} | ${t.max} | ${t.budget ? `${t.budget} ms` : ''} |`,
      ),
    ),
  ].join('\n')
}

function plansMarkdown(run: ApiBenchResult) {
  return run.plans
    .map(
      (p) =>
        `#### ${p.name} (${run.engine})\n\n` +
        p.statements.map((s) => `\`\`\`sql\n${s.sql}\n\`\`\`\n\n\`\`\`\n${s.plan}\n\`\`\``).join('\n\n'),
    )
    .join('\n\n')
}

export async function readRuns(): Promise<ApiBenchResult[]> {
  const out = path.join(import.meta.dirname, 'out')
  const runs: ApiBenchResult[] = []
  for (const engine of ['postgres', 'pglite']) {
    const file = path.join(out, `api-${engine}.json`)
    if (existsSync(file)) runs.push(JSON.parse(await readFile(file, 'utf8')) as ApiBenchResult)
  }
  return runs
}

/** The whole generated page. */
export function reportMarkdown(runs: ApiBenchResult[], { growth }: { growth?: ApiBenchResult[] } = {}) {
  const scale = runs
    .map(
      (r) =>
        `${r.engine}: ${r.members.toLocaleString('en')} members, ${r.endorsements.toLocaleString('en')} endorsements, ` +
        `${r.duration ?? '?'} s per scenario`,
    )
    .join('; ')
  return [
    '# Performance: generated figures',
    '',
    'Written by `npm run bench -- --write-docs` (bench/report.ts); do not edit by hand. What the scenarios are, ' +
      'the budgets and what the figures mean: [performance.md](performance.md).',
    '',
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}. ${scale}. Written ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    ...(runs.some((r) => r.members < BUDGET_MEMBERS)
      ? [
          `**Reduced scale**: the budgets are set for ${BUDGET_MEMBERS.toLocaleString('en')} members and ` +
            '1,000,000 endorsements; these figures only show that the scenarios run.',
          '',
        ]
      : []),
    '## Budgets (issue 22)',
    '',
    budgetTable(runs),
    '',
    '## Every scenario',
    '',
    ...runs.flatMap((r) => [resultsTable(r), '']),
    ...(runs.some((r) => r.cpu)
      ? [
          '## CPU per request, and where the app spends it',
          '',
          'Measured by bench/cpu-cost.ts after the traffic runs: the CPU time the app process, the PostgreSQL ' +
            "backends of the app's pool and the load generator use per request, and a V8 CPU profile of the app " +
            'during each read.',
          '',
          ...runs.flatMap((r) => (r.cpu ? [r.cpu, ''] : [])),
        ]
      : []),
    '## Database time of the hot calls (one call at a time)',
    '',
    'Each call is made through the service function the route uses (driver round trips included, no HTTP), ' +
      'warmed 20 times then timed serially, for the heaviest member.',
    '',
    timingsTable(runs),
    '',
    ...(growth?.length
      ? ['## Cost growth (PostgreSQL, members = endorsements / 10)', '', growthMarkdown(growth), '']
      : []),
    '## Query plans of the hot calls',
    '',
    ...runs.flatMap((r) => [plansMarkdown(r), '']),
  ].join('\n')
}

/** Formatted as `npm run lint` expects (prettier --check covers docs/). */
export async function writeGenerated(markdown: string, file = GENERATED_DOC) {
  const options = (await prettier.resolveConfig(file)) ?? {}
  await writeFile(file, await prettier.format(markdown, { ...options, filepath: file }))
}

if (import.meta.filename === process.argv[1]) {
  const growthFile = path.join(import.meta.dirname, 'out', 'growth.json')
  const growth = existsSync(growthFile)
    ? (JSON.parse(await readFile(growthFile, 'utf8')) as ApiBenchResult[])
    : undefined
  const runs = await readRuns()
  console.log(budgetTable(runs))
  if (process.argv.includes('--write-docs')) {
    await writeGenerated(reportMarkdown(runs, { growth }))
    console.log('docs/performance-generated.md written')
  }
}
