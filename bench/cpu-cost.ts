/**
 * Where the CPU of one request goes, per read scenario (issue 22: "each miss named with the profile that
 * explains it"). For every read of scenarios.ts and hello-world, one connection level, it measures the
 * CPU time spent per request by
 *   - the app's process (the bench server child of api.ts),
 *   - the PostgreSQL backends serving the app's pool (found in pg_stat_activity, read from /proc),
 *   - the load generator (this process),
 * and, with --profile, takes a V8 CPU profile of the app's process during the same load and prints where
 * its time goes (by library and by function). CPU per request barely moves with other load on the
 * machine, unlike a rate: it is the figure that says how far two cores can carry a scenario.
 *
 *   npx tsx bench/cpu-cost.ts [--engine postgres|pglite] [--connections 10] [--duration 5]
 *                             [--only profile,search] [--profile] [--write bench/out/cpu-cost.md]
 */
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { startServer } from './api'
import { BENCH_DATABASE_URL, type Engine } from './generate-data'
import { load, probe } from './load'
import { HELLO, readScenarios, type Scenario } from './scenarios'
import { summariseProfile, type CpuProfile, type ProfileSummary } from './cpu-profile-summary'

/** Clock ticks a second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

/** CPU milliseconds a process has used (user + system), or 0 when it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

const selfCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

type Sample = { app: number; database: Map<number, number>; generator: number }

async function databasePids(client: pg.Client | undefined): Promise<number[]> {
  if (!client) return []
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  return rows.map((r) => r.pid)
}

async function sample(appPid: number, client: pg.Client | undefined): Promise<Sample> {
  const database = new Map<number, number>()
  for (const pid of await databasePids(client)) database.set(pid, cpuMsOf(pid))
  return { app: cpuMsOf(appPid), database, generator: selfCpuMs() }
}

export type CpuCost = {
  name: string
  requests: number
  requestsPerSecond: number
  /** CPU milliseconds per request. */
  app: number
  database: number
  generator: number
  profile?: ProfileSummary
}

function costBetween(name: string, before: Sample, after: Sample, requests: number, seconds: number) {
  let database = 0
  // A backend the pool opened during the run counts from zero: its start-up is part of the load.
  for (const [pid, ms] of after.database) database += ms - (before.database.get(pid) ?? 0)
  const per = (ms: number) => Math.round((ms / Math.max(requests, 1)) * 1000) / 1000
  return {
    name,
    requests,
    requestsPerSecond: Math.round(requests / seconds),
    app: per(after.app - before.app),
    database: per(database),
    generator: per(after.generator - before.generator),
  }
}

async function waitForFile(file: string) {
  for (let i = 0; i < 100; i++) {
    try {
      return await readFile(file, 'utf8')
    } catch {
      await sleep(100)
    }
  }
  throw new Error(`No CPU profile at ${file}`)
}

export type CpuCostOptions = {
  engine: Engine
  connections?: number
  duration?: number
  /** Only the scenarios whose name contains one of these texts. */
  only?: string[]
  /** Take a V8 CPU profile of the app's process during each read. */
  profile?: boolean
  log?: (line: string) => void
}

/** One trivial statement per request: the cost of any read that reaches the database at all. */
const ONE_STATEMENT: Scenario = {
  name: 'one trivial statement (GET /api/health: select 1)',
  kind: 'reference',
  request: { path: '/api/health' },
}

export async function measureCpuCost({
  engine,
  connections = 10,
  duration = 5,
  only,
  profile = false,
  log = console.log,
}: CpuCostOptions): Promise<{ costs: CpuCost[]; markdown: string }> {
  const profileDir = await mkdtemp(path.join(tmpdir(), 'vouched-cpu-'))
  if (profile) process.env.BENCH_CPU_PROFILE_DIR = profileDir
  log(`CPU per request on ${engine}, ${connections} connections, ${duration} s per scenario`)
  const server = await startServer(engine, 1, 5)
  delete process.env.BENCH_CPU_PROFILE_DIR
  const client = engine === 'postgres' ? new pg.Client({ connectionString: BENCH_DATABASE_URL }) : undefined
  await client?.connect()
  const urls = { app: server.appUrl, hello: server.helloUrl }
  const chosen = (s: Scenario) => !only?.length || only.some((t) => s.name.includes(t))
  const scenarios = [HELLO, ONE_STATEMENT, ...readScenarios(server.fixtures).filter(chosen)]
  const costs: CpuCost[] = []
  let profiles = 0
  try {
    for (const scenario of scenarios) {
      const counter = { k: 0 }
      const problem = await probe(scenario, urls, counter)
      if (problem) log(`  ${scenario.name}: ${problem}`)
      await load(scenario, urls, connections, 1, counter)
      const before = await sample(server.pid, client)
      const run = await load(scenario, urls, connections, duration, counter)
      const after = await sample(server.pid, client)
      const cost: CpuCost = costBetween(scenario.name, before, after, run.requests.total, duration)
      // The profile is taken in a run of its own: sampling costs the app CPU the costs must not include.
      if (profile && scenario.target !== 'hello') {
        process.kill(server.pid, 'SIGUSR2')
        await load(scenario, urls, connections, duration, counter)
        process.kill(server.pid, 'SIGUSR2')
        const file = path.join(profileDir, `${++profiles}.cpuprofile`)
        cost.profile = summariseProfile(JSON.parse(await waitForFile(file)) as CpuProfile)
      }
      costs.push(cost)
      log(
        `  ${scenario.name.padEnd(60)} ${String(cost.requestsPerSecond).padStart(6)} req/s  CPU per request: ` +
          `app ${cost.app.toFixed(3)} ms, PostgreSQL ${cost.database.toFixed(3)} ms, load generator ${cost.generator.toFixed(3)} ms`,
      )
    }
  } finally {
    await client?.end()
    await server.stop()
  }
  return { costs, markdown: cpuCostMarkdown(costs, { engine, connections, duration }) }
}

function formatProfile(p: ProfileSummary, indent: string) {
  const row = (label: string, share: number) => `${indent}${(share * 100).toFixed(1).padStart(5)}%  ${label}`
  return [
    `${indent}app process, busy time by where the code comes from:`,
    ...p.byGroup.slice(0, 10).map((g) => row(g.name, g.share)),
    `${indent}heaviest functions (self time):`,
    ...p.byFunction.slice(0, 12).map((f) => row(f.name, f.share)),
  ].join('\n')
}

/**
 * The rate CPU alone allows: each Node process runs its JavaScript on one core, and the two cores are
 * shared by the app, PostgreSQL and the load generator.
 */
const cpuBoundRate = (c: CpuCost) =>
  Math.min(1000 / c.app, 1000 / c.generator, 2000 / (c.app + c.database + c.generator))
export function cpuCostMarkdown(
  costs: CpuCost[],
  { engine, connections, duration }: { engine: Engine; connections: number; duration: number },
) {
  const hello = costs[0]!
  return [
    `CPU per request (ms), ${engine}, ${connections} connections, ${duration} s per scenario, load average ` +
      `${os.loadavg()[0]!.toFixed(1)} at the end (other work on the machine inflates every figure). "CPU-bound rate"`,
    'is what the CPU alone allows: each Node process on at most one core, two cores shared by everything;',
    '"ceiling" is that rate as a share of hello-world\'s CPU-bound rate.',
    '',
    '| read | req/s | app | PostgreSQL | load generator | CPU-bound rate | ceiling |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...costs.map(
      (c) =>
        `| ${c.name} | ${c.requestsPerSecond} | ${c.app.toFixed(3)} | ${c.database.toFixed(3)} | ` +
        `${c.generator.toFixed(3)} | ${Math.round(cpuBoundRate(c))} | ${((cpuBoundRate(c) / cpuBoundRate(hello)) * 100).toFixed(1)}% |`,
    ),
    '',
    ...costs
      .filter((c) => c.profile)
      .flatMap((c) => [`${c.name}:`, '', '```', formatProfile(c.profile!, ''), '```', '']),
  ].join('\n')
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'postgres' },
      connections: { type: 'string', default: '10' },
      duration: { type: 'string', default: '5' },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      write: { type: 'string' },
    },
  })
  const { markdown } = await measureCpuCost({
    engine: values.engine as Engine,
    connections: Number(values.connections),
    duration: Number(values.duration),
    only: values.only?.split(','),
    profile: values.profile,
  })
  console.log(`\n${markdown}`)
  if (values.write) {
    await mkdir(path.dirname(values.write), { recursive: true })
    await writeFile(values.write, `${markdown}\n`)
    console.log(`Written to ${values.write}`)
  }
}
