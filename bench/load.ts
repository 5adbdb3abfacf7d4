/**
 * Drives the scenarios with autocannon: each request built by the scenario from a counter that carries
 * on across runs (so a never-repeating stream never repeats), each read scenario once alone and once
 * beside the write stream, hello-world first and last as the reference of the same run.
 */
import autocannon from 'autocannon'
import { HELLO, type Request, type Scenario } from './scenarios'

export type Urls = { app: string; hello: string }
export type Phase = 'alone' | 'with writes'

export type Row = {
  name: string
  kind: Scenario['kind']
  budget?: Scenario['budget']
  phase: Phase
  connections: number
  requestsPerSecond: number
  p50: number
  p99: number
  /** requests/s divided by the hello-world rate measured in the same run. */
  ratio: number
  non2xx: number
  errors: number
  total: number
  /** The write stream beside a read ('with writes'): its rate and failures. */
  writes?: { requestsPerSecond: number; non2xx: number; errors: number }
}

type Counters = Map<string, { k: number }>

const counterOf = (counters: Counters, name: string) => {
  const counter = counters.get(name) ?? { k: 0 }
  counters.set(name, counter)
  return counter
}

function headersOf(request: Request) {
  const headers: Record<string, string> = {}
  if (request.cookie) headers.cookie = request.cookie
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  return headers
}

/** One autocannon run; a scenario built per request gets its next request from the shared counter. */
export function load(
  scenario: Scenario,
  urls: Urls,
  connections: number,
  duration: number,
  counter: { k: number },
) {
  const base = scenario.target === 'hello' ? urls.hello : urls.app
  const { request } = scenario
  if (typeof request !== 'function') {
    return autocannon({
      url: base + request.path,
      connections,
      duration,
      method: request.method ?? 'GET',
      headers: headersOf(request),
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    })
  }
  const first = request(counter.k)
  return autocannon({
    url: base + first.path,
    connections,
    duration,
    requests: [
      {
        setupRequest: (previous) => {
          const next = request(counter.k++)
          return {
            ...previous,
            method: next.method ?? 'GET',
            path: next.path,
            headers: headersOf(next),
            ...(next.body !== undefined ? { body: JSON.stringify(next.body) } : { body: undefined }),
          }
        },
      },
    ],
  })
}

/** One request made by hand, so a failing scenario shows its answer rather than only a count. */
export async function probe(scenario: Scenario, urls: Urls, counter: { k: number }) {
  const request = typeof scenario.request === 'function' ? scenario.request(counter.k++) : scenario.request
  const response = await fetch((scenario.target === 'hello' ? urls.hello : urls.app) + request.path, {
    method: request.method ?? 'GET',
    headers: headersOf(request),
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  })
  const text = await response.text()
  return response.ok
    ? null
    : `${request.method ?? 'GET'} ${request.path}: ${response.status} ${text.slice(0, 300)}`
}

type Result = Awaited<ReturnType<typeof autocannon>>
const toRow = (scenario: Scenario, phase: Phase, connections: number, run: Result): Row => ({
  name: scenario.name,
  kind: scenario.kind,
  budget: scenario.budget,
  phase,
  connections,
  requestsPerSecond: Math.round(run.requests.average),
  p50: run.latency.p50,
  p99: run.latency.p99,
  ratio: 0,
  non2xx: run.non2xx,
  errors: run.errors + run.timeouts,
  total: run.requests.total,
})

export type LevelOptions = {
  connections: number
  duration: number
  warmup: number
  /** Connections of the write stream beside each read (issue 22: two). */
  writeConnections?: number
  counters: Counters
  log?: (line: string) => void
}

/**
 * Every scenario at one connection level: hello-world, the reads alone, the repeated requests, the
 * write stream alone, the reads beside the write stream, hello-world again (the reference is the
 * better of the two, so a burst of other load on the machine during one cannot inflate every ratio).
 */
export async function runLevel(
  { reads, cacheHits, writes }: { reads: Scenario[]; cacheHits: Scenario[]; writes?: Scenario },
  urls: Urls,
  options: LevelOptions,
): Promise<Row[]> {
  const { connections, duration, warmup, counters, writeConnections = 2, log = console.log } = options
  const rows: Row[] = []
  const measure = async (scenario: Scenario, phase: Phase, level = connections) => {
    const counter = counterOf(counters, scenario.name)
    const problem = await probe(scenario, urls, counter)
    if (problem) log(`  ${scenario.name}: ${problem}`)
    if (warmup > 0) await load(scenario, urls, level, warmup, counter)
    const row = toRow(scenario, phase, level, await load(scenario, urls, level, duration, counter))
    rows.push(row)
    return row
  }
  const hello = await measure(HELLO, 'alone')
  log(formatRow(hello))
  for (const scenario of [...reads, ...cacheHits]) log(formatRow(await measure(scenario, 'alone')))
  if (writes) {
    log(formatRow(await measure(writes, 'alone', writeConnections)))
    for (const scenario of reads) {
      const counter = counterOf(counters, writes.name)
      // The writes start first and end last, so every measured read has them beside it.
      const writing = load(writes, urls, writeConnections, warmup + duration + 0.5, counter)
      const row = await measure(scenario, 'with writes')
      const written = await writing
      row.writes = {
        requestsPerSecond: Math.round(written.requests.average),
        non2xx: written.non2xx,
        errors: written.errors + written.timeouts,
      }
      log(formatRow(row))
    }
  }
  const again = await load(HELLO, urls, connections, duration, { k: 0 })
  const rps = Math.round(again.requests.average)
  if (rps > hello.requestsPerSecond) {
    Object.assign(hello, { requestsPerSecond: rps, p50: again.latency.p50, p99: again.latency.p99 })
  }
  for (const row of rows) row.ratio = row.requestsPerSecond / hello.requestsPerSecond
  log(`  hello-world again: ${rps} req/s; the reference is ${hello.requestsPerSecond} req/s`)
  return rows
}

export const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`

export function formatRow(r: Row) {
  const label = `${r.name}${r.phase === 'with writes' ? ', with writes' : ''}`
  const failed = r.non2xx + r.errors + (r.writes ? r.writes.non2xx + r.writes.errors : 0)
  return (
    `  ${label.padEnd(72)} c=${String(r.connections).padStart(2)} ${String(r.requestsPerSecond).padStart(6)} req/s` +
    `  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms` +
    `${r.writes ? `  (writes ${r.writes.requestsPerSecond}/s)` : ''}${failed ? `  ${failed} failed` : ''}`
  )
}

/** Rows that failed a request (or completed none): the smoke test fails on them. */
export const failedRows = (rows: Row[]) =>
  rows.filter(
    (r) =>
      r.non2xx > 0 || r.errors > 0 || r.total === 0 || (r.writes && r.writes.non2xx + r.writes.errors > 0),
  )
