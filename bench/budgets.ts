/**
 * The budgets of issue 22, held against each measured row: a share of the hello-world rate of the
 * same run, a p99, or (while two connections write) a share of the same read's rate alone.
 */
import type { Engine } from './generate-data'
import { pct, type Row } from './load'
import type { BudgetKey } from './scenarios'

export type Verdict = { budget: string; met: boolean | null }

/** Share of hello-world each kind of read must reach alone, per engine (PostgreSQL is the reference). */
const SHARE: Record<BudgetKey, Partial<Record<Engine, number>>> = {
  'profile-uniform': { postgres: 0.1, pglite: 0.04 },
  'profile-weighted': { postgres: 0.2 },
  'name-search': { postgres: 0.15 },
  'tag-search': { postgres: 0.1 },
  'never-repeating': { postgres: 0.03 },
  'cache-hit': { postgres: 0.3 },
}
/** p99 at 50 connections, for never-repeating searches and for every read while writes run. */
const P99_AT_50 = 25
/** Share of its rate alone that a read keeps while two connections write. */
const KEPT_WITH_WRITES = 0.7

const failures = (r: Row) => r.non2xx + r.errors + (r.writes ? r.writes.non2xx + r.writes.errors : 0)

/** The budget a row is held to and whether it met it (null: no budget applies to it). */
export function verdict(row: Row, engine: Engine, rows: Row[]): Verdict {
  if (row.kind === 'reference') return { budget: 'reference', met: null }
  const checks: { text: string; ok: boolean }[] = []
  if (row.phase === 'alone' && row.budget) {
    const share = SHARE[row.budget][engine]
    if (share !== undefined) checks.push({ text: `≥ ${pct(share)} of hello-world`, ok: row.ratio >= share })
    if (row.budget === 'never-repeating' && engine === 'postgres' && row.connections === 50) {
      checks.push({ text: `p99 ≤ ${P99_AT_50} ms`, ok: row.p99 <= P99_AT_50 })
    }
  }
  if (row.phase === 'with writes' && engine === 'postgres') {
    const alone = rows.find(
      (r) => r.name === row.name && r.phase === 'alone' && r.connections === row.connections,
    )
    if (alone) {
      checks.push({
        text: `≥ ${pct(KEPT_WITH_WRITES)} of alone (${pct(row.requestsPerSecond / alone.requestsPerSecond)})`,
        ok: row.requestsPerSecond >= KEPT_WITH_WRITES * alone.requestsPerSecond,
      })
    }
    if (row.connections === 50) checks.push({ text: `p99 ≤ ${P99_AT_50} ms`, ok: row.p99 <= P99_AT_50 })
  }
  const failed = failures(row)
  if (failed > 0) checks.push({ text: `${failed} failed requests`, ok: false })
  // Nothing answered within the run: every request stayed queued (PGlite at 50 connections on a busy machine).
  if (row.total === 0) checks.push({ text: 'no request completed', ok: false })
  if (checks.length === 0) return { budget: '—', met: null }
  return { budget: checks.map((c) => c.text).join('; '), met: checks.every((c) => c.ok) }
}

export const metText = (v: Verdict) => (v.met === null ? '' : v.met ? 'met' : '**missed**')
