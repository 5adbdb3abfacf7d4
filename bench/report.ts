/**
 * Turns the API benchmark results into Markdown (tables, the budgets of issue 8 met or missed, the
 * query plans) and a bar chart (SVG rendered to PNG with resvg, in the badge typeface).
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import * as prettier from 'prettier'
import { BADGE_FONT_FAMILY, fontFiles } from '../apps/server/src/features/badges/badges.font'
import type { ApiBenchResult, QueryTiming } from './api'
import { markdownTable, type ScenarioResult } from './endpoints'
import { growthMarkdown } from './growth'

export type Budget = { what: string; budget: string; measured: string; met: boolean | null }

const find = (r: ApiBenchResult | undefined, prefix: string, connections: number) =>
  r?.results.find((x) => x.name.startsWith(prefix) && x.connections === connections)
const timing = (r: ApiBenchResult | undefined, prefix: string): QueryTiming | undefined =>
  r?.timings.find((t) => t.name.startsWith(prefix))
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`

/** Every budget of issue 8 that the API benchmark measures, in the issue's order. */
export function evaluateBudgets(runs: ApiBenchResult[]): Budget[] {
  const pg = runs.find((r) => r.engine === 'postgres')
  const lite = runs.find((r) => r.engine === 'pglite')
  const budgets: Budget[] = []
  const ratio = (engine: ApiBenchResult | undefined, label: string, prefix: string, min: number) => {
    for (const c of [10, 50]) {
      const row = find(engine, prefix, c)
      budgets.push({
        what: `${engine?.engine ?? '(not run)'}: ${label}, ${c} connections, rate vs hello-world`,
        budget: `≥ ${min}%`,
        measured: row ? `${pct(row.ratio)} (${row.requestsPerSecond} req/s)` : 'not run',
        met: row ? row.ratio * 100 >= min && row.non2xx + row.errors === 0 : null,
      })
    }
  }
  const reads: [string, string][] = [
    ['profile of the heaviest member', 'profile (heaviest'],
    ['profile of a median member', 'profile (median'],
    ['popular members', 'popular members'],
    ['name search', 'name search'],
    ['3-hashtag search', '3-hashtag search'],
  ]
  for (const [label, prefix] of reads) ratio(pg, label, prefix, 10)
  for (const [label, prefix] of reads) {
    for (const [c, max] of [
      [10, 10],
      [50, 50],
    ] as const) {
      const row = find(pg, prefix, c)
      budgets.push({
        what: `postgres: ${label}, p99 at ${c} connections`,
        budget: `< ${max} ms`,
        measured: row ? `${row.p99} ms` : 'not run',
        met: row ? row.p99 < max : null,
      })
    }
  }
  ratio(lite, 'profile of the heaviest member', 'profile (heaviest', 4)
  ratio(lite, 'profile of a median member', 'profile (median', 4)
  for (const engine of [pg, lite]) {
    for (const [label, prefix, max] of [
      ['profile', 'profile (heaviest', 5],
      ['top-12 (popular members)', 'popular members', 2],
      ['name search', 'name search', 15],
      ['typo name search', 'typo search', 15],
      ['popular 3-tag search', '3-hashtag search', 50],
      ['endorsement creation (counters, stats, medals, notification)', 'create endorsement', 10],
    ] as const) {
      const t = timing(engine, prefix)
      budgets.push({
        what: `${engine?.engine ?? '(not run)'}: database time p99, ${label}, heaviest member, one call at a time`,
        budget: `${prefix === 'create endorsement' ? '<' : '≤'} ${max} ms`,
        measured: t ? `${t.p99} ms (p50 ${t.p50})` : 'not run',
        met: t ? (prefix === 'create endorsement' ? t.p99 < max : t.p99 <= max) : null,
      })
    }
  }
  for (const engine of [pg, lite]) {
    const png = find(engine, 'badge PNG', 10)
    budgets.push({
      what: `${engine?.engine ?? '(not run)'}: badge PNG p50 at 10 connections`,
      budget: '< 30 ms',
      measured: png ? `${png.p50} ms` : 'not run',
      met: png ? png.p50 < 30 : null,
    })
  }
  return budgets
}

export function budgetTable(budgets: Budget[]) {
  return [
    '| budget | target | measured | met |',
    '|---|---|---|---|',
    ...budgets.map(
      (b) =>
        `| ${b.what} | ${b.budget} | ${b.measured} | ${b.met === null ? 'not run' : b.met ? 'yes' : '**no**'} |`,
    ),
  ].join('\n')
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** Horizontal bars: each endpoint's rate as a share of hello-world, one bar per engine and level. */
export function chartSvg(runs: ApiBenchResult[]) {
  const series = runs.flatMap((r) =>
    [...new Set(r.results.map((x) => x.connections))].map((c) => ({
      label: `${r.engine}, ${c} connections`,
      engine: r,
      c,
    })),
  )
  const names = [
    ...new Set(runs.flatMap((r) => r.results.filter((x) => !x.name.startsWith('hello')).map((x) => x.name))),
  ]
  const colors = ['#2563eb', '#93c5fd', '#059669', '#6ee7b7', '#d97706', '#fcd34d']
  const rowHeight = 12 * series.length + 14
  const left = 300
  const width = 960
  // Room right of the longest bar for its label.
  const plot = width - left - 170
  const top = 60
  const height = top + names.length * rowHeight + 40
  const values = names.flatMap((n) => series.map((s) => find(s.engine, n, s.c)?.ratio ?? 0))
  const max = Math.max(0.12, ...values)
  const x = (v: number) => (v / max) * plot
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="${BADGE_FONT_FAMILY}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="16" y="26" font-size="16" font-weight="700" fill="#111827">Requests/s as a share of a bare Fastify hello-world (same run, same machine)</text>`,
    ...series.map(
      (s, i) =>
        `<rect x="${16 + i * 210}" y="38" width="10" height="10" fill="${colors[i % colors.length]}"/>` +
        `<text x="${30 + i * 210}" y="47" font-size="11" fill="#374151">${escapeXml(s.label)}</text>`,
    ),
  ]
  for (const pctLine of [0.04, 0.1]) {
    if (pctLine > max) continue
    parts.push(
      `<line x1="${left + x(pctLine)}" y1="${top - 4}" x2="${left + x(pctLine)}" y2="${height - 30}" stroke="#dc2626" stroke-dasharray="4 3"/>`,
      `<text x="${left + x(pctLine) + 3}" y="${height - 18}" font-size="10" fill="#dc2626">${pct(pctLine)} budget</text>`,
    )
  }
  names.forEach((name, i) => {
    const y = top + i * rowHeight
    parts.push(
      `<text x="${left - 8}" y="${y + rowHeight / 2 + 3}" font-size="11" text-anchor="end" fill="#111827">${escapeXml(name)}</text>`,
    )
    series.forEach((s, j) => {
      const row = find(s.engine, name, s.c)
      if (!row) return
      const w = Math.max(1, x(row.ratio))
      parts.push(
        `<rect x="${left}" y="${y + 6 + j * 12}" width="${w}" height="10" fill="${colors[j % colors.length]}"/>`,
        `<text x="${left + w + 4}" y="${y + 15 + j * 12}" font-size="9" fill="#374151">${pct(row.ratio)} · ${row.requestsPerSecond}/s · p99 ${row.p99} ms</text>`,
      )
    })
  })
  parts.push('</svg>')
  return parts.join('\n')
}

export function chartPng(svg: string) {
  return new Resvg(svg, { font: { fontFiles, loadSystemFonts: false, defaultFontFamily: BADGE_FONT_FAMILY } })
    .render()
    .asPng()
}

/** The API part of docs/performance.md. */
export function apiMarkdown(runs: ApiBenchResult[], { chart, notes }: { chart: string; notes: string }) {
  const all: (ScenarioResult & { engine: string })[] = runs.flatMap((r) =>
    r.results.map((x) => ({ ...x, engine: r.engine })),
  )
  const lines = [
    notes,
    '',
    `![Requests/s as a share of hello-world](${chart})`,
    '',
    '### Budgets',
    '',
    budgetTable(evaluateBudgets(runs)),
    '',
    '### Endpoints under load (autocannon)',
    '',
    markdownTable(all),
    '',
    '### Database time of the hot calls (heaviest member, one at a time)',
    '',
    'Each call is made through the service function the route uses (driver round trips included, no HTTP), ' +
      'warmed 20 times then timed serially.',
    '',
    '| engine | call | runs | p50 ms | p99 ms | max ms | budget (p99) |',
    '|---|---|---:|---:|---:|---:|---|',
    ...runs.flatMap((r) =>
      r.timings.map(
        (t) =>
          `| ${r.engine} | ${t.name} | ${t.runs} | ${t.p50} | ${t.p99} | ${t.max} | ${t.budget ? `${t.budget} ms` : ''} |`,
      ),
    ),
  ]
  return lines.join('\n')
}

export function plansMarkdown(run: ApiBenchResult) {
  return run.plans
    .map(
      (p) =>
        `#### ${p.name} (${run.engine})\n\n` +
        p.statements.map((s) => `\`\`\`sql\n${s.sql}\n\`\`\`\n\n\`\`\`\n${s.plan}\n\`\`\``).join('\n\n'),
    )
    .join('\n\n')
}

/**
 * Renders bench/out/api-*.json (and growth.json) into bench/out/api-report.md and docs/performance.png;
 * `npx tsx bench/report.ts --write-docs` also puts it into docs/performance.md.
 */
export async function renderReport({ notes = '', growth }: { notes?: string; growth?: string } = {}) {
  const out = path.join(import.meta.dirname, 'out')
  const runs: ApiBenchResult[] = []
  for (const engine of ['postgres', 'pglite']) {
    const file = path.join(out, `api-${engine}.json`)
    if (existsSync(file)) runs.push(JSON.parse(await readFile(file, 'utf8')) as ApiBenchResult)
  }
  const svg = chartSvg(runs)
  await writeFile(path.join(out, 'api-chart.svg'), svg)
  await writeFile(path.join(import.meta.dirname, '..', 'docs', 'performance.png'), chartPng(svg))
  const sections = [
    apiMarkdown(runs, { chart: 'performance.png', notes }),
    ...(growth ? ['### Cost growth (PostgreSQL, members = endorsements / 10)', growth] : []),
    '### Query plans of the hot calls (heaviest member)',
    ...runs.map(plansMarkdown),
  ]
  const markdown = `${sections.join('\n\n')}\n`
  await writeFile(path.join(out, 'api-report.md'), markdown)
  return { runs, markdown, budgets: budgetTable(evaluateBudgets(runs)) }
}

/** Replaces the text between `<!-- bench:NAME:start -->` and its end marker, or appends the section. */
export async function writeDocsSection(file: string, name: string, markdown: string) {
  const start = `<!-- bench:${name}:start -->`
  const end = `<!-- bench:${name}:end -->`
  const current = existsSync(file) ? await readFile(file, 'utf8') : ''
  const block = `${start}\n${markdown}\n${end}`
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`
  // Formatted as `npm run lint` expects (prettier --check covers docs/).
  const options = (await prettier.resolveConfig(file)) ?? {}
  await writeFile(file, await prettier.format(next, { ...options, filepath: file }))
}

if (import.meta.filename === process.argv[1]) {
  const growthFile = path.join(import.meta.dirname, 'out', 'growth.json')
  const growth = existsSync(growthFile)
    ? growthMarkdown(JSON.parse(await readFile(growthFile, 'utf8')) as ApiBenchResult[])
    : undefined
  const { markdown, budgets } = await renderReport({ growth })
  console.log(budgets)
  if (process.argv.includes('--write-docs')) {
    await writeDocsSection(path.join(import.meta.dirname, '..', 'docs', 'performance.md'), 'api', markdown)
    console.log('docs/performance.md updated')
  }
}
