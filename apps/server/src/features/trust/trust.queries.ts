import { asc, eq, inArray, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { trustScores, trustSeeds, users, type StoredTrustSource } from '../../db/schema/index'
import { NO_SOURCE, SEED_SOURCE, TRUST_TOP_SOURCES, type TrustGraph, type TrustResult } from './trust.rank'

/** How old an account with a verified work email must be to be a seed on its own. */
export const SEED_ACCOUNT_AGE = '30 days'

/**
 * The endorsements that carry trust, as (endorser, member) pairs: named ones (an anonymous one says
 * nothing about its giver, docs/decisions/076-078), counted (not hidden by the receiver or a block),
 * from members not suspended. The one place that decides it: a status filter (pending vouches)
 * belongs here.
 */
export function trustEdgesSql() {
  return sql`select distinct v.from_user_id as f, v.to_user_id as t
    from vouches v join users giver on giver.id = v.from_user_id
    where v.is_anonymous = false and v.is_hidden = false and v.hidden_by_block = false
      and giver.suspended_at is null and v.from_user_id <> v.to_user_id`
}

/**
 * Seeds: a verified work email (`is_email_verified` is only ever set by verifying one) on an account
 * older than SEED_ACCOUNT_AGE, or an admin's choice; never a suspended member.
 */
const isSeedSql = sql`(u.suspended_at is null and (
    (u.is_email_verified and u.created_at < now() - ${SEED_ACCOUNT_AGE}::interval)
    or exists (select 1 from trust_seeds s where s.user_id = u.id)))`

export type LoadedGraph = { userIds: Int32Array; graph: TrustGraph; endorsements: number }

/** Every member and every trust-carrying endorsement, numbered for computeTrust. */
export async function readTrustGraph(db: Db): Promise<LoadedGraph> {
  // Two arrays in one row: a million endorsements as one value each side, not a million row objects.
  const [members] = await queryRows<{ ids: number[] | null; seeds: number[] | null }>(
    db,
    sql`select array_agg(u.id order by u.id) as ids,
          array_agg(u.id order by u.id) filter (where ${isSeedSql}) as seeds
        from users u`,
  )
  const [edges] = await queryRows<{ f: number[] | null; t: number[] | null }>(
    db,
    sql`select array_agg(e.f) as f, array_agg(e.t) as t from (${trustEdgesSql()}) e`,
  )
  const userIds = Int32Array.from(members?.ids ?? [])
  const maxId = userIds.length > 0 ? userIds[userIds.length - 1]! : 0
  // Ids are a serial: an array indexed by id is the cheapest map to member numbers.
  const indexOf = new Int32Array(maxId + 1).fill(-1)
  userIds.forEach((id, index) => (indexOf[id] = index))
  const f = edges?.f ?? []
  const t = edges?.t ?? []
  const from = new Int32Array(f.length)
  const to = new Int32Array(f.length)
  let kept = 0
  for (let e = 0; e < f.length; e++) {
    // A member deleted between the two reads has no number: their endorsements are gone too.
    const a = f[e]! <= maxId ? indexOf[f[e]!]! : -1
    const b = t[e]! <= maxId ? indexOf[t[e]!]! : -1
    if (a < 0 || b < 0) continue
    from[kept] = a
    to[kept] = b
    kept++
  }
  const seeds = Int32Array.from(members?.seeds ?? [], (id) => indexOf[id]!)
  return {
    userIds,
    graph: { nodeCount: userIds.length, from: from.subarray(0, kept), to: to.subarray(0, kept), seeds },
    endorsements: kept,
  }
}

const WRITE_CHUNK = 5_000

/** Replaces every stored score with these (in the caller's transaction, so readers see old or new). */
export async function writeTrustScores(
  db: Db,
  { userIds, graph }: LoadedGraph,
  result: TrustResult,
  computedAt: Date,
) {
  const n = userIds.length
  const sorted = Float64Array.from(result.trust).sort()
  const lowerThan = (value: number) => {
    let lo = 0
    let hi = n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (sorted[mid]! < value) lo = mid + 1
      else hi = mid
    }
    return lo
  }
  const isSeed = new Uint8Array(n)
  for (const s of graph.seeds) isSeed[s] = 1
  const K = TRUST_TOP_SOURCES
  await db.execute(sql`delete from trust_scores`)
  for (let first = 0; first < n; first += WRITE_CHUNK) {
    const rows = []
    for (let i = first; i < Math.min(n, first + WRITE_CHUNK); i++) {
      const sources: StoredTrustSource[] = []
      for (let p = 0; p < K; p++) {
        const source = result.sources[i * K + p]!
        if (source === NO_SOURCE) break
        const share = Math.round(result.sourceShares[i * K + p]! * 10_000) / 10_000
        sources.push({ f: source === SEED_SOURCE ? null : userIds[source]!, s: share })
      }
      const trust = result.trust[i]!
      rows.push({
        u: userIds[i],
        t: trust,
        sc: Math.round(trust * n * 100) / 100,
        p: n > 0 ? Math.round((1000 * lowerThan(trust)) / n) / 10 : 0,
        sd: isSeed[i] === 1,
        src: sources,
      })
    }
    // Only members still there: one deleted meanwhile would fail the whole write on its foreign key.
    await db.execute(sql`insert into trust_scores (user_id, trust, score, percentile, is_seed, sources, computed_at)
      select r.u, r.t, r.sc, r.p, r.sd, r.src, ${computedAt.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(u int, t double precision, sc real, p real, sd boolean, src jsonb)
      join users on users.id = r.u`)
  }
}

export async function findTrustScore(db: Db, userId: number) {
  const [row] = await db.select().from(trustScores).where(eq(trustScores.userId, userId))
  return row ?? null
}

export const findNamesByIds = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: users.id, username: users.username, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, ids))

export const listChosenSeeds = (db: Db, limit: number) =>
  db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      addedAt: trustSeeds.createdAt,
    })
    .from(trustSeeds)
    .innerJoin(users, eq(users.id, trustSeeds.userId))
    .orderBy(asc(users.username))
    .limit(limit)

export async function insertTrustSeed(db: Db, userId: number, addedBy: number) {
  const inserted = await db
    .insert(trustSeeds)
    .values({ userId, addedBy })
    .onConflictDoNothing()
    .returning({ createdAt: trustSeeds.createdAt })
  return inserted[0]?.createdAt ?? null
}

export async function deleteTrustSeed(db: Db, userId: number) {
  const deleted = await db
    .delete(trustSeeds)
    .where(eq(trustSeeds.userId, userId))
    .returning({ userId: trustSeeds.userId })
  return deleted.length > 0
}
