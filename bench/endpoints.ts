/**
 * The endpoint benchmark shared by `npm run bench:smoke` (small data, in-process) and the API part of
 * `npm run bench` (generated data, server in a child process): fixtures (the heaviest members, fresh
 * writer accounts with sessions), the scenario list, the autocannon driver and the result table.
 */
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import type { Config } from '../apps/server/src/config'
import { hashToken, SESSION_COOKIE } from '../apps/server/src/core/session'
import { queryRows, type Db } from '../apps/server/src/db/client'

/** Every member may give this many endorsements a day (ENDORSEMENTS_PER_DAY): writers take turns. */
const ENDORSEMENTS_PER_WRITER = 20

export type Fixtures = {
  members: number
  endorsements: number
  /** Received the most endorsements: the most expensive profile and badge. */
  heavy: { id: number; username: string }
  /** A member with the median number of endorsements received: the profile most visits open. */
  median: { id: number; username: string }
  /** Has the most notifications and connections of all: every signed-in read is made as them. */
  viewer: { id: number; cookie: string }
  /** Has the most accepted connections: the connection list read. */
  connected: { id: number }
  /** The three most used tags: the most expensive multi-hashtag search. */
  topTags: string[]
  /** Fresh members (no endorsement, like or request given yet), each with a session cookie. */
  writers: { id: number; cookie: string }[]
}

export type Scenario = {
  name: string
  /** 'hello' runs against the bare Fastify server, everything else against the app. */
  target?: 'hello'
  method?: 'GET' | 'POST'
  /** Fixed path, or one built per request from a counter for writes that must not repeat. */
  path: string | ((k: number) => string)
  body?: (k: number) => unknown
  /** Per-request cookie for writes (each writer has its own daily allowance). */
  cookie?: (k: number) => string
  anonymous?: boolean
}

export type ScenarioResult = {
  name: string
  connections: number
  requestsPerSecond: number
  p50: number
  p99: number
  /** requests/s divided by the hello-world rate measured in the same run. */
  ratio: number
  non2xx: number
  errors: number
  total: number
}

export function benchConfig(dataDir: string, databaseUrl?: string): Config {
  return {
    env: 'production',
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir,
    publicUrl: 'http://127.0.0.1',
    sessionSecret: 'bench-session-secret-long-enough-to-sign-cookies',
    smtpUrl: undefined,
    mailFrom: 'Vouched <bench@vouched.test>',
    adminPassword: undefined,
    adminEmail: undefined,
    seedDemo: false,
    // Load comes from one IP and a few accounts: the limits would answer 429 within a second.
    rateLimit: false,
    redisUrl: undefined,
    redisPrefix: 'vouched:',
    trustProxy: false,
    logLevel: 'silent',
    sessionCacheSize: 10_000,
    profileCacheSize: 2_000,
    searchCacheSize: 500,
    webDist: undefined,
  }
}

/** A bare Fastify route: the ceiling every endpoint is compared with. */
export async function startHelloWorld() {
  const app = Fastify({ logger: false })
  app.get('/hello', async () => ({ hello: 'world' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() }
}

/**
 * Picks the heaviest members and creates `writerCount` fresh members with sessions (plain SQL: the
 * sign-up path is not what is measured). Names carry a run stamp so reruns on one database work.
 * The database is vacuumed first: a run's writes (hundreds of likes a second on the same few
 * endorsements) leave dead row versions that would slow the next run's reads until autovacuum came.
 */
export async function prepareFixtures(
  db: Db,
  signCookie: (value: string) => string,
  { writerCount }: { writerCount: number },
): Promise<Fixtures> {
  await db.execute(sql`vacuum`)
  // Written out now rather than by a checkpoint in the middle of the measurements.
  await db.execute(sql`checkpoint`)
  const [counts] = await queryRows<{ members: number; endorsements: number }>(
    db,
    sql`select (select count(*) from users)::int as members, (select count(*) from vouches)::int as endorsements`,
  )
  const [heavy] = await queryRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users order by vouch_count desc, id limit 1`,
  )
  const [median] = await queryRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users
        where vouch_count = (select percentile_disc(0.5) within group (order by vouch_count) from users)
        order by id limit 1`,
  )
  const [viewer] = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from notifications group by 1 order by count(*) desc, 1 limit 1`,
  )
  const [connected] = await queryRows<{ id: number }>(
    db,
    sql`select id from (select from_user_id as id from connection_requests where status = 'accepted'
          union all select to_user_id from connection_requests where status = 'accepted') c
        group by 1 order by count(*) desc, 1 limit 1`,
  )
  const tags = await queryRows<{ tag: string }>(
    db,
    sql`select tag from hashtags order by count desc, id limit 3`,
  )
  if (!heavy || !median || !viewer || !connected || tags.length < 3) {
    throw new Error('The benchmark database lacks members, notifications, connections or hashtags')
  }
  const stamp = Date.now().toString(36)
  const writers = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, password, email, full_name, is_email_verified)
        select 'w' || ${stamp} || '_' || i, 'not-a-password-hash', 'w' || ${stamp} || '_' || i || '@bench.vouched.test',
          'Bench Writer ' || i, true
        from generate_series(1, ${writerCount}) i
        returning id`,
  )
  const sessionFor = async (userIds: number[]) => {
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'))
    const expires = new Date(Date.now() + 86_400_000).toISOString()
    for (let i = 0; i < userIds.length; i += 500) {
      const rows = userIds
        .slice(i, i + 500)
        .map((id, j) => sql`(${hashToken(tokens[i + j]!)}, ${id}, ${expires}::timestamptz)`)
      await db.execute(sql`insert into sessions (id, user_id, expires_at) values ${sql.join(rows, sql`, `)}`)
    }
    return tokens.map((token) => `${SESSION_COOKIE}=${signCookie(token)}`)
  }
  const writerIds = writers.map((w) => w.id).sort((a, b) => a - b)
  const [viewerCookie] = await sessionFor([viewer.id])
  const writerCookies = await sessionFor(writerIds)
  return {
    members: counts!.members,
    endorsements: counts!.endorsements,
    heavy,
    median,
    viewer: { id: viewer.id, cookie: viewerCookie! },
    connected,
    topTags: tags.map((t) => t.tag),
    writers: writerIds.map((id, i) => ({ id, cookie: writerCookies[i]! })),
  }
}

/** How many writers a write scenario needs for `requests` endorsements. */
export const writersFor = (requests: number) => Math.ceil(requests / ENDORSEMENTS_PER_WRITER)

/** The endpoints of issue 8, in report order. Targets of writes cycle over the generated members. */
export function scenarios(f: Fixtures): Scenario[] {
  const W = f.writers.length
  // Member ids run from 1 to f.members (the writers were added after the count).
  const memberId = (n: number) => 1 + (n % f.members)
  const tags = f.topTags.map(encodeURIComponent).join(',')
  return [
    { name: 'hello-world (bare Fastify)', target: 'hello', path: '/hello', anonymous: true },
    // The floor of any route of the app: its hooks (security headers, cookies, session) and one
    // round trip to the database.
    { name: 'app floor: health (select 1, no session)', path: '/api/health', anonymous: true },
    { name: 'profile (heaviest member)', path: `/api/users/${f.heavy.username}` },
    { name: 'profile (median member)', path: `/api/users/${f.median.username}` },
    { name: 'popular members (top 12)', path: '/api/users/discover/popular?limit=12' },
    { name: 'name search "john"', path: '/api/search?q=john&type=user&sort=reputation' },
    {
      name: `3-hashtag search (${f.topTags.join(',')})`,
      path: `/api/search?q=${tags}&type=hashtag&sort=reputation`,
    },
    { name: 'notifications list', path: '/api/notifications' },
    { name: 'connections list (most connected)', path: `/api/connections/${f.connected.id}` },
    { name: 'badge SVG', path: `/api/badge/${f.heavy.username}`, anonymous: true },
    { name: 'badge PNG', path: `/api/badge/${f.heavy.username}?format=png`, anonymous: true },
    {
      // Each writer gives its daily allowance of 20 endorsements, to 20 different members, 3 tags each.
      name: 'create endorsement (3 tags)',
      method: 'POST',
      path: '/api/vouches',
      cookie: (k) => f.writers[Math.floor(k / ENDORSEMENTS_PER_WRITER) % W]!.cookie,
      body: (k) => ({
        toUserId: memberId(k),
        category: 'Technical Skills',
        note: 'Benchmarked, and trusted.',
        hashtags: ['JavaScript', 'ReactJS', 'CloudTesting'],
      }),
    },
    {
      name: 'like an endorsement',
      method: 'POST',
      path: (k) => `/api/vouches/${1 + (Math.floor(k / W) % Math.max(1, f.endorsements))}/likes`,
      cookie: (k) => f.writers[k % W]!.cookie,
    },
    {
      name: 'send connection request',
      method: 'POST',
      path: (k) => `/api/connection-requests/${memberId(Math.floor(k / W) + (k % W) * 17)}`,
      cookie: (k) => f.writers[k % W]!.cookie,
      body: () => ({}),
    },
  ]
}

/** One autocannon run; writes get a fresh path/body/cookie per request from a shared counter. */
export async function runScenario(
  scenario: Scenario,
  urls: { app: string; hello: string },
  {
    connections,
    duration,
    cookie,
    counter,
  }: { connections: number; duration: number; cookie: string; counter: { k: number } },
) {
  const base = scenario.target === 'hello' ? urls.hello : urls.app
  const method = scenario.method ?? 'GET'
  const headers: Record<string, string> = scenario.anonymous ? {} : { cookie }
  if (scenario.body) headers['content-type'] = 'application/json'
  const dynamic = typeof scenario.path === 'function' || scenario.body || scenario.cookie
  const firstPath = typeof scenario.path === 'function' ? scenario.path(0) : scenario.path
  const result = await autocannon({
    url: base + firstPath,
    connections,
    duration,
    method,
    headers,
    ...(dynamic
      ? {
          requests: [
            {
              method,
              setupRequest: (request) => {
                const k = counter.k++
                return {
                  ...request,
                  path: typeof scenario.path === 'function' ? scenario.path(k) : scenario.path,
                  headers: { ...headers, ...(scenario.cookie ? { cookie: scenario.cookie(k) } : {}) },
                  ...(scenario.body ? { body: JSON.stringify(scenario.body(k)) } : {}),
                }
              },
            },
          ],
        }
      : {}),
  })
  return result
}

/** One request made by hand, so a failing endpoint shows its answer rather than only a count. */
async function probeScenario(
  scenario: Scenario,
  urls: { app: string; hello: string },
  cookie: string,
  counter: { k: number },
) {
  const k = counter.k++
  const path = typeof scenario.path === 'function' ? scenario.path(k) : scenario.path
  const headers: Record<string, string> = scenario.anonymous ? {} : { cookie: scenario.cookie?.(k) ?? cookie }
  if (scenario.body) headers['content-type'] = 'application/json'
  const response = await fetch((scenario.target === 'hello' ? urls.hello : urls.app) + path, {
    method: scenario.method ?? 'GET',
    headers,
    ...(scenario.body ? { body: JSON.stringify(scenario.body(k)) } : {}),
  })
  const text = await response.text()
  return response.ok ? null : `${response.status} ${text.slice(0, 300)}`
}

/** Runs every scenario at one connection level; the hello-world row comes first and sets the ratio. */
export async function runScenarios(
  list: Scenario[],
  urls: { app: string; hello: string },
  options: {
    connections: number
    duration: number
    warmup: number
    cookie: string
    /** Per scenario name: pass the same map to every level so writes never repeat a target. */
    counters?: Map<string, { k: number }>
    log?: (line: string) => void
  },
): Promise<ScenarioResult[]> {
  const { log = console.log, counters = new Map<string, { k: number }>() } = options
  const results: ScenarioResult[] = []
  let hello = 0
  for (const scenario of list) {
    const counter = counters.get(scenario.name) ?? { k: 0 }
    counters.set(scenario.name, counter)
    const probe = await probeScenario(scenario, urls, options.cookie, counter)
    if (probe) log(`  ${scenario.name}: ${probe}`)
    if (options.warmup > 0) {
      await runScenario(scenario, urls, { ...options, duration: options.warmup, counter })
    }
    const run = await runScenario(scenario, urls, { ...options, counter })
    const rps = Math.round(run.requests.average)
    if (scenario.target === 'hello') hello = rps
    const row: ScenarioResult = {
      name: scenario.name,
      connections: options.connections,
      requestsPerSecond: rps,
      p50: run.latency.p50,
      p99: run.latency.p99,
      ratio: hello ? rps / hello : 0,
      non2xx: run.non2xx,
      errors: run.errors + run.timeouts,
      total: run.requests.total,
    }
    results.push(row)
    log(formatRow(row))
  }
  // Hello-world once more at the end: the reference is the better of the two runs, so a burst of other
  // load on the shared machine during the first one cannot inflate every ratio.
  const helloScenario = list.find((s) => s.target === 'hello')
  const helloRow = results.find((r) => r.name === helloScenario?.name)
  if (helloScenario && helloRow) {
    const again = await runScenario(helloScenario, urls, { ...options, counter: { k: 0 } })
    const rps = Math.round(again.requests.average)
    if (rps > helloRow.requestsPerSecond) {
      Object.assign(helloRow, { requestsPerSecond: rps, p50: again.latency.p50, p99: again.latency.p99 })
    }
    for (const row of results) row.ratio = row.requestsPerSecond / helloRow.requestsPerSecond
    log(`  hello-world again: ${rps} req/s; the reference is ${helloRow.requestsPerSecond} req/s`)
  }
  return results
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`

export function formatRow(r: ScenarioResult) {
  return (
    `  ${r.name.padEnd(48)} c=${String(r.connections).padStart(2)} ${String(r.requestsPerSecond).padStart(6)} req/s` +
    `  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${pct(r.ratio).padStart(6)}` +
    `${r.non2xx || r.errors ? `  ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`
  )
}

export function markdownTable(results: (ScenarioResult & { engine?: string })[]) {
  const engine = results.some((r) => r.engine)
  return [
    `|${engine ? ' engine |' : ''} connections | endpoint | req/s | p50 ms | p99 ms | vs hello-world | non-2xx | errors |`,
    `|${engine ? '---|' : ''}---:|---|---:|---:|---:|---:|---:|---:|`,
    ...results.map(
      (r) =>
        `|${engine ? ` ${r.engine} |` : ''} ${r.connections} | ${r.name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ` +
        `${pct(r.ratio)} | ${r.non2xx} | ${r.errors} |`,
    ),
  ].join('\n')
}
