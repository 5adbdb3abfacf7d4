import { sql } from 'drizzle-orm'
import type { Db } from '../../src/db/client'
import { rowsOf } from '../../src/db/client'
import {
  recomputeHashtagCounts,
  recomputeMemberStats,
} from '../../src/features/endorsements/endorsements.recompute.service'

/** Writes the server acknowledged with a 2xx, by the ids it answered with. */
export type Acknowledged = {
  members: number[]
  endorsements: number[]
  likes: { vouchId: number; userId: number }[]
  comments: number[]
  connectionRequests: number[]
  acceptedRequests: number[]
  messages: number[]
}

export const emptyAcknowledged = (): Acknowledged => ({
  members: [],
  endorsements: [],
  likes: [],
  comments: [],
  connectionRequests: [],
  acceptedRequests: [],
  messages: [],
})

export const acknowledgedCount = (ack: Acknowledged) =>
  Object.values(ack).reduce((sum, list: unknown[]) => sum + list.length, 0)

export type IntegrityReport = {
  writesAcknowledged: number
  writesFound: number
  lost: string[]
  countersChecked: number
  mismatches: string[]
}

const ids = (list: number[]) => sql`(select unnest(${`{${list.join(',')}}`}::int[]))`

async function countPresent(db: Db, table: string, list: number[], extra = sql``) {
  if (list.length === 0) return 0
  const result = await db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where id in ${ids(list)} ${extra}`,
  )
  return rowsOf<{ n: number }>(result)[0]!.n
}

/** Every denormalised counter, keyed so two snapshots compare row by row. */
async function snapshot(db: Db): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const put = (key: string, value: unknown) => out.set(key, JSON.stringify(value))
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))
  for (const r of await q<{ id: number; r: number; v: number }>(
    sql`select id, reputation_score::float8 as r, vouch_count as v from users`,
  )) {
    put(`users.reputation_score#${r.id}`, Math.round(r.r * 100) / 100)
    put(`users.vouch_count#${r.id}`, r.v)
  }
  for (const r of await q<{ u: number; c: string; s: number; n: number }>(
    sql`select user_id as u, category as c, score::float8 as s, count as n from member_category_stats`,
  )) {
    put(`member_category_stats#${r.u}/${r.c}`, [Math.round(r.s * 100) / 100, r.n])
  }
  for (const r of await q<{ u: number; h: number; n: number }>(
    sql`select user_id as u, hashtag_id as h, count as n from member_hashtags`,
  )) {
    put(`member_hashtags#${r.u}/${r.h}`, r.n)
  }
  for (const r of await q<{ u: number; c: string; h: number; n: number }>(
    sql`select user_id as u, category as c, hashtag_id as h, count as n from member_category_hashtags`,
  )) {
    put(`member_category_hashtags#${r.u}/${r.c}/${r.h}`, r.n)
  }
  for (const r of await q<{ id: number; count: number }>(sql`select id, count from hashtags`)) {
    put(`hashtags.count#${r.id}`, r.count)
  }
  for (const r of await q<{ id: number; l: number; c: number }>(
    sql`select id, like_count as l, comment_count as c from vouches`,
  )) {
    put(`vouches.like_count#${r.id}`, r.l)
    put(`vouches.comment_count#${r.id}`, r.c)
  }
  for (const r of await q<{ u: number; s: string; t: string; n: number; at: string }>(
    sql`select user_id as u, skill_name as s, tier as t, endorsement_count as n, last_endorsed_at::text as at from medals`,
  )) {
    put(`medals#${r.u}/${r.s}`, [r.t, r.n, r.at])
  }
  for (const r of await q<{ u: number; d: string; n: number }>(
    sql`select user_id as u, day::text as d, count as n from member_daily_activity`,
  )) {
    put(`member_daily_activity#${r.u}/${r.d}`, r.n)
  }
  return out
}

/**
 * After a run: every acknowledged write must be in the database, and every counter kept on the write
 * path must equal what the recompute functions derive from the source rows. Recomputing rewrites the
 * counters, so this is the last thing done with a database.
 */
export async function checkIntegrity(db: Db, ack: Acknowledged): Promise<IntegrityReport> {
  const lost: string[] = []
  const expectPresent = async (what: string, table: string, list: number[], extra = sql``) => {
    const found = await countPresent(db, table, list, extra)
    if (found !== list.length) lost.push(`${what}: ${list.length - found} of ${list.length} missing`)
    return found
  }
  let found = 0
  found += await expectPresent('members', 'users', ack.members)
  found += await expectPresent('endorsements', 'vouches', ack.endorsements)
  found += await expectPresent('comments', 'vouch_comments', ack.comments)
  found += await expectPresent('connection requests', 'connection_requests', ack.connectionRequests)
  found += await expectPresent(
    'accepted requests',
    'connection_requests',
    ack.acceptedRequests,
    sql`and status = 'accepted'`,
  )
  found += await expectPresent('messages', 'messages', ack.messages)
  if (ack.likes.length > 0) {
    const pairs = ack.likes.map((l) => `(${l.vouchId},${l.userId})`).join(',')
    const result = await db.execute(
      sql`select count(*)::int as n from vouch_likes where (vouch_id, user_id) in (${sql.raw(pairs)})`,
    )
    const n = rowsOf<{ n: number }>(result)[0]!.n
    if (n !== ack.likes.length) lost.push(`likes: ${ack.likes.length - n} of ${ack.likes.length} missing`)
    found += n
  }

  const before = await snapshot(db)
  const users = rowsOf<{ id: number }>(await db.execute(sql`select id from users order by id`))
  for (const { id } of users) await recomputeMemberStats(db, id)
  await recomputeHashtagCounts(db)
  const after = await snapshot(db)
  const mismatches: string[] = []
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const kept = before.get(key)
    const recomputed = after.get(key)
    if (kept !== recomputed)
      mismatches.push(`${key}: kept ${kept ?? 'none'}, recomputed ${recomputed ?? 'none'}`)
  }
  // Unread notification counts are kept by triggers; there is no recompute function, so a recount.
  const unread = rowsOf<{ u: number; kept: number; actual: number }>(
    await db.execute(sql`
      select coalesce(c.user_id, n.user_id) as u, coalesce(c.unread, 0) as kept, coalesce(n.unread, 0) as actual
      from member_notification_counts c
      full join (select user_id, count(*)::int as unread from notifications where not is_read group by 1) n
        on n.user_id = c.user_id`),
  )
  for (const r of unread) {
    if (r.kept !== r.actual)
      mismatches.push(`member_notification_counts#${r.u}: kept ${r.kept}, recounted ${r.actual}`)
  }
  return {
    writesAcknowledged: acknowledgedCount(ack),
    writesFound: found,
    lost,
    countersChecked: after.size + unread.length,
    mismatches,
  }
}
