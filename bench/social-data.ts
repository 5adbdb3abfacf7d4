/**
 * Adds the social half of the benchmark data set to a database generate-data.ts filled: connection
 * requests (mostly accepted, some pending or rejected) and notifications, with the same skew as the
 * endorsements (a few members have thousands, most a handful). Set-based SQL, indexes built once at
 * the end, as generate-data.ts does.
 */
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../apps/server/src/db/client'

export type SocialOptions = {
  /** Members already in the database (ids 1..members). */
  members: number
  connections: number
  notifications: number
  log?: (line: string) => void
}

const TABLES = ['connection_requests', 'notifications', 'member_notification_counts']

const MESSAGES = [
  ['endorsement', 'endorsed you for Technical Skills'],
  ['like', 'liked your endorsement'],
  ['comment', 'commented on your endorsement'],
  ['connection', 'sent you a connection request'],
  ['message', 'sent you a message'],
] as const

export async function addSocialData(
  db: Db,
  { members: N, connections: C, notifications: M, log = console.log }: SocialOptions,
) {
  const step = async (label: string, ...queries: SQL[]) => {
    const t0 = Date.now()
    for (const query of queries) await db.execute(query)
    log(`  ${label.padEnd(42)} ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  }
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes i
        where schemaname = 'public' and tablename in (${sql.join(
          TABLES.map((t) => sql`${t}`),
          sql`, `,
        )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  )
  await db.execute(sql`set session_replication_role = replica`)
  await db.execute(sql`set work_mem = '256MB'`)
  await db.execute(sql`set maintenance_work_mem = '512MB'`)
  // push_deliveries references notifications: truncated with them (the generated members have no devices).
  await db.execute(sql.raw(`truncate ${[...TABLES, 'push_deliveries'].join(', ')} restart identity`))
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`))
  await db.execute(sql`select setseed(0.17)`)

  // One live request per pair: candidates (sender by round robin, receiver skewed towards popular
  // members), deduplicated on the unordered pair; 80% accepted, 15% pending, 5% rejected.
  await step(
    'connection_requests',
    sql`insert into connection_requests (from_user_id, to_user_id, status, message, created_at, updated_at)
        select a, b,
          case when h < 80 then 'accepted' when h < 95 then 'pending' else 'rejected' end,
          case when h % 4 = 0 then 'Great working with you!' end,
          created_at, created_at + interval '2 days'
        from (
          select distinct on (least(a, b), greatest(a, b)) a, b, (a * 31 + b) % 100 as h, created_at
          from (
            select ((i - 1) % ${N} + 1)::int as a,
              ((floor(${N} * power(random(), 2))::bigint * 7919) % ${N} + 1)::int as b,
              now() - random() * interval '365 days' as created_at
            from generate_series(1, ${Math.round(C * 1.05)}) i) c
          where a <> b
          order by least(a, b), greatest(a, b)) d
        limit ${C}`,
  )
  await step(
    'notifications',
    sql`insert into notifications (user_id, type, entity_id, from_user_id, message, is_read, created_at)
        select u, (array[${sql.join(
          MESSAGES.map(([type]) => sql`${type}`),
          sql`, `,
        )}])[1 + i % ${MESSAGES.length}]::text,
          1 + i % 1000000, f,
          (array[${sql.join(
            MESSAGES.map(([, message]) => sql`${message}`),
            sql`, `,
          )}])[1 + i % ${MESSAGES.length}]::text,
          i % 10 < 7, now() - random() * interval '365 days'
        from (
          select i, ((floor(${N} * power(random(), 2))::bigint * 7919) % ${N} + 1)::int as u,
            (1 + floor(random() * ${N}))::int as f
          from generate_series(1, ${M}) i) g`,
  )
  // What the notification triggers (disabled while loading) would have counted.
  await step(
    'member_notification_counts',
    sql`insert into member_notification_counts (user_id, unread)
        select user_id, count(*) from notifications where not is_read group by user_id`,
  )
  await db.execute(sql`set session_replication_role = origin`)
  const t0 = Date.now()
  for (const index of indexes) await db.execute(sql.raw(index.definition))
  log(`  ${`${indexes.length} indexes (social)`.padEnd(42)} ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  // Vacuum too: the visibility map lets counts over the partial indexes skip the heap, as on a live system.
  await step('vacuum analyze (social)', sql.raw(`vacuum analyze ${TABLES.join(', ')}`))
}
