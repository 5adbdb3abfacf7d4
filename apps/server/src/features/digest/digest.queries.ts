import type { TLocale } from '@vouched/shared/locale'
import type { TNotificationType } from '@vouched/shared/notifications'
import { sql } from 'drizzle-orm'
import { queryRows, sqlInteger, type Db } from '../../db/client'
import { blocks, memberDigests, notificationMails, notifications, users } from '../../db/schema/index'
import type { DigestFrequency } from './digest.periods'

/**
 * One digest run at a time across every server instance: a transaction-level advisory lock, released
 * by the commit or by the connection's end, so a crashed instance never leaves it held.
 */
export async function takeDigestLock(tx: Db): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(hashtext('digest.run')) as locked`,
  )
  return row?.locked === true
}

export type DueMember = { userId: number; digest: DigestFrequency; locale: TLocale | null }

/**
 * Members whose digest of the current period was not taken yet: digest on, not suspended (a deleted
 * member's rows are gone). Through users_digest_idx, in id order, `limit` at a time.
 */
export async function listDueMembers(
  tx: Db,
  periods: Record<DigestFrequency, string>,
  limit: number,
): Promise<DueMember[]> {
  return queryRows<DueMember>(
    tx,
    sql`select u.id as "userId", u.digest, u.locale
      from ${users} u
      left join ${memberDigests} d on d.user_id = u.id
      where u.digest <> 'off' and u.suspended_at is null
        and d.period is distinct from (case u.digest when 'daily' then ${periods.daily}::text else ${periods.weekly}::text end)
      order by u.id
      limit ${sqlInteger(limit)}`,
  )
}

/** A Postgres array literal of ids, one parameter whatever their number (one statement text, one plan). */
const idArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`

/**
 * The unread notifications a digest is about: created after the member's last digest covered, and none
 * between two members of whom one blocks the other (blocking deletes those already; this keeps it so).
 */
const newUnread = (ids: number[]) => sql`
  from ${notifications} n
  left join ${memberDigests} d on d.user_id = n.user_id
  where n.user_id = any(${idArray(ids)}::int[])
    and n.is_read = false
    and (d.covered_until is null or n.created_at > d.covered_until)
    and not exists (select 1 from ${blocks} b
      where (b.blocker_id = n.user_id and b.blocked_id = n.from_user_id)
         or (b.blocker_id = n.from_user_id and b.blocked_id = n.user_id))`

export async function countNewUnread(tx: Db, ids: number[]) {
  return queryRows<{ userId: number; type: TNotificationType; count: number }>(
    tx,
    sql`select n.user_id as "userId", n.type, count(*)::int as count ${newUnread(ids)} group by n.user_id, n.type`,
  )
}

export async function listLatestNewUnread(tx: Db, ids: number[], perMember: number) {
  const rows = await queryRows<{
    userId: number
    type: TNotificationType
    entityId: number | null
    createdAt: string | Date
  }>(
    tx,
    sql`select "userId", type, "entityId", "createdAt" from (
        select n.user_id as "userId", n.type, n.entity_id as "entityId", n.created_at as "createdAt",
          row_number() over (partition by n.user_id order by n.created_at desc, n.id desc) as rank
        ${newUnread(ids)}
      ) latest
      where rank <= ${sqlInteger(perMember)}
      order by "userId", rank`,
  )
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }))
}

export type DigestClaim = {
  userId: number
  period: string
  mail: { subject: string; text: string } | null
}

/**
 * Takes each member's period and queues their mail, in one statement: the period moves only where it
 * was another one, and a mail is queued only for a member whose period moved here. So even two runs at
 * once (the lock keeps them apart; this holds without it) queue one digest per member per period.
 * Every claim moves `covered_until` to now: the next digest tells of what came after this one.
 * Returns how many mails were queued.
 */
export async function claimDigests(tx: Db, claims: DigestClaim[]): Promise<number> {
  if (claims.length === 0) return 0
  const input = claims.map((claim) => ({
    user_id: claim.userId,
    period: claim.period,
    subject: claim.mail?.subject ?? null,
    body: claim.mail?.text ?? null,
  }))
  const [row] = await queryRows<{ queued: number }>(
    tx,
    sql`with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as i(user_id int, period text, subject text, body text)
      ), claimed as (
        insert into ${memberDigests} as d (user_id, period, covered_until)
        select user_id, period, now() from input
        on conflict (user_id) do update set period = excluded.period, covered_until = excluded.covered_until
        where d.period is distinct from excluded.period
        returning d.user_id
      ), queued as (
        insert into ${notificationMails} (user_id, kind, subject, body)
        select i.user_id, 'digest', i.subject, i.body
        from input i join claimed c on c.user_id = i.user_id
        where i.body is not null
        returning 1
      )
      select count(*)::int as queued from queued`,
  )
  return row?.queued ?? 0
}

/**
 * A member turned the digest on or changed how often it comes: the current period counts as taken,
 * so the first digest comes at the start of the next one. Turned on from off, it covers what comes
 * from now (what is unread already, the member just saw in the app); between daily and weekly it
 * keeps covering from the last digest.
 */
export async function startDigestPeriod(
  tx: Db,
  userId: number,
  period: string,
  wasOff: boolean,
): Promise<void> {
  await tx.execute(sql`
    insert into ${memberDigests} as d (user_id, period, covered_until) values (${userId}::int, ${period}::text, now())
    on conflict (user_id) do update set period = excluded.period,
      covered_until = case when ${wasOff}::boolean then excluded.covered_until else d.covered_until end`)
}
