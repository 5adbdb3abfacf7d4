/**
 * Database time and plans of the hot calls behind the read routes: each call made one at a time as
 * the route makes it (service function, driver round trips, no HTTP) for the heaviest member, and
 * EXPLAIN (ANALYZE, BUFFERS) of every statement it runs. The load figures say how fast; these say why.
 */
import { ZCreateEndorsementBody } from '@vouched/shared/endorsements'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { Config } from '../apps/server/src/config'
import type { Database, Db } from '../apps/server/src/db/client'
import * as schema from '../apps/server/src/db/schema/index'
import { isVisibleMember, listConnections } from '../apps/server/src/features/connections/connections.queries'
import { listPopularMembers } from '../apps/server/src/features/discovery/discovery.queries'
import { searchMembers } from '../apps/server/src/features/discovery/discovery.service'
import { createEndorsement } from '../apps/server/src/features/endorsements/endorsements.create.service'
import {
  countUnread,
  listNotifications,
} from '../apps/server/src/features/notifications/notifications.queries'
import { findProfileRow } from '../apps/server/src/features/profiles/profiles.queries'
import type { Fixtures, Session } from './fixtures'

export type QueryTiming = {
  name: string
  runs: number
  p50: number
  p99: number
  max: number
  budget?: number
}
export type QueryPlan = { name: string; statements: { sql: string; plan: string }[] }

/**
 * The hot calls behind the endpoints, as the routes make them, for the heaviest member; for the
 * profile, its database read, which a request makes when the profile is not held in memory.
 */
function hotCalls(f: Fixtures) {
  const viewer = { id: f.viewer.id, isAdmin: false }
  const search = (q: string, type: 'user' | 'hashtag') => (db: Db) =>
    searchMembers(db, { viewerId: f.viewer.id, q, type, sort: 'reputation' })
  return [
    {
      name: 'profile (heaviest member)',
      budget: 5,
      run: (db: Db) => findProfileRow(db, f.heavy.username, viewer),
    },
    {
      name: 'profile (median member)',
      budget: 5,
      run: (db: Db) => findProfileRow(db, f.median.username, viewer),
    },
    { name: 'popular members (top 12)', budget: 2, run: (db: Db) => listPopularMembers(db, f.viewer.id, 12) },
    { name: 'name search "john"', budget: 15, run: search('john', 'user') },
    { name: 'typo search "jonh smiht"', budget: 15, run: search('jonh smiht', 'user') },
    {
      name: `3-hashtag search (${f.tags.slice(0, 3).join(',')})`,
      budget: 50,
      run: search(f.tags.slice(0, 3).join(','), 'hashtag'),
    },
    {
      name: 'notifications list + unread count',
      run: (db: Db) =>
        Promise.all([listNotifications(db, viewer, { limit: 20 }), countUnread(db, f.viewer.id)]),
    },
    {
      name: 'connections list (most connected)',
      run: async (db: Db) => [
        await isVisibleMember(db, f.connected.id, viewer),
        await listConnections(db, f.connected.id, viewer),
      ],
    },
  ]
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const round2 = (n: number) => Math.round(n * 100) / 100

async function time(
  name: string,
  runs: number,
  run: (i: number) => Promise<unknown>,
  budget?: number,
): Promise<QueryTiming> {
  for (let i = 0; i < Math.min(20, runs); i++) await run(i) // warm the caches and the planner
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await run(i + 20)
    samples.push(performance.now() - t0)
  }
  samples.sort((a, b) => a - b)
  return {
    name,
    runs,
    p50: round2(percentile(samples, 50)),
    p99: round2(percentile(samples, 99)),
    max: round2(samples.at(-1)!),
    budget,
  }
}

/** Serial timings: what one request costs in the database when nothing else runs. */
export async function timeHotQueries(
  database: Database,
  f: Fixtures,
  writers: Session[],
  config: Config,
  runs: number,
) {
  const { db } = database
  const timings: QueryTiming[] = []
  for (const call of hotCalls(f)) timings.push(await time(call.name, runs, () => call.run(db), call.budget))
  // Creation with every counter, stat, medal and the notification, as POST /api/vouches makes it;
  // each writer gives its daily allowance of 20, to 20 different members.
  const rows = await db
    .select()
    .from(schema.users)
    .where(sql`${schema.users.id} in ${writers.map((w) => w.id)}`)
  const byId = new Map(rows.map((r) => [r.id, r]))
  timings.push(
    await time(
      'create endorsement (3 tags, counters, medals, notification)',
      Math.min(runs, writers.length * 20 - 20),
      (i) =>
        createEndorsement(db, config, {
          ...ZCreateEndorsementBody.parse({
            toUserId: 1 + ((i * 13) % (f.members - 1)),
            category: 'Leadership',
            note: 'Timed.',
            hashtags: ['JavaScript', 'ReactJS', 'CloudTesting'],
          }),
          from: byId.get(writers[Math.floor(i / 20)]!.id)!,
        }),
      10,
    ),
  )
  return timings
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every read statement a hot call runs: the call is made once through
 * a Drizzle instance that logs its statements, then each is replayed in one transaction with the
 * settings (set_config) the call made.
 */
export async function explainHotQueries(database: Database, f: Fixtures): Promise<QueryPlan[]> {
  const plans: QueryPlan[] = []
  for (const call of hotCalls(f)) {
    const captured: { sql: string; params: unknown[] }[] = []
    const logger = {
      logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }),
    }
    const logged = (database.pool
      ? drizzlePg(database.pool, { schema, logger })
      : drizzlePglite(database.pglite!, { schema, logger })) as unknown as Db
    await call.run(logged)
    const statements: QueryPlan['statements'] = []
    const replay = async (
      query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
    ) => {
      for (const statement of captured) {
        const text = statement.sql.trim()
        if (text.includes('set_config(')) await query(text, statement.params)
        else if (/^(select|with)\b/i.test(text)) {
          const { rows } = await query(`explain (analyze, buffers, costs off) ${text}`, statement.params)
          statements.push({
            sql: `${text}\n-- parameters: ${JSON.stringify(statement.params)}`,
            plan: rows.map((row) => String(Object.values(row)[0])).join('\n'),
          })
        }
      }
    }
    if (database.pool) {
      const client = await database.pool.connect()
      try {
        await client.query('begin')
        await replay((text, params) => client.query(text, params))
      } finally {
        await client.query('rollback')
        client.release()
      }
    } else {
      await database.pglite!.transaction(async (tx) => {
        await replay((text, params) => tx.query(text, params))
        await tx.rollback()
      })
    }
    plans.push({ name: call.name, statements })
  }
  return plans
}
