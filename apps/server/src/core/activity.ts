import { ACTIVITY_WINDOW_DAYS } from '@vouched/shared/discovery.constants'
import { and, eq, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { memberDailyActivity } from '../db/schema/index'

/** The UTC day of a timestamp, the unit of member_daily_activity whichever time zone the session has. */
export const utcDay = (timestamp: SQL | Date) =>
  timestamp instanceof Date
    ? sql`((${timestamp.toISOString()}::timestamptz) at time zone 'UTC')::date`
    : sql`((${timestamp}) at time zone 'UTC')::date`

/**
 * SQL counting `delta` (> 0) acts of a member on the UTC day of `at`: a statement, or a data-modifying
 * CTE of the act's own statement (an endorsement counts its endorser's act as it is inserted).
 */
export const countActsSql = (userId: number, delta: number, at: Date | SQL = sql`now()`) =>
  sql`insert into ${memberDailyActivity} (user_id, day, count)
    values (${userId}::int, ${utcDay(at)}, ${delta}::int)
    on conflict (user_id, day) do update set count = ${memberDailyActivity}.count + excluded.count`

/**
 * Counts one act (endorsement given, like, comment) of a member on the day it happened; a negative
 * delta takes acts back when they are deleted. `at` is the act's creation time, now by default.
 * Call it in the transaction of the act.
 */
export async function addActivity(db: Db, userId: number, delta: number, at: Date | SQL = sql`now()`) {
  if (delta === 0) return
  if (delta > 0) {
    await db.execute(countActsSql(userId, delta, at))
    return
  }
  const day = utcDay(at)
  await db
    .update(memberDailyActivity)
    .set({ count: sql`${memberDailyActivity.count} + ${delta}` })
    .where(and(eq(memberDailyActivity.userId, userId), eq(memberDailyActivity.day, sql`${day}`)))
  await pruneEmptyDays(db, userId)
}

/** Rows that fell to zero carry nothing; dropping them keeps the table to days with activity. */
export async function pruneEmptyDays(db: Db, userId: number) {
  await db
    .delete(memberDailyActivity)
    .where(and(eq(memberDailyActivity.userId, userId), lte(memberDailyActivity.count, 0)))
}

/** SQL for a member's activityScore (bounded: at most 30 rows of the primary key). */
export const activityScoreSql = (userId: SQL | number) => sql<number>`coalesce((
  select sum(${memberDailyActivity.count}) from ${memberDailyActivity}
  where ${memberDailyActivity.userId} = ${userId}
    and ${memberDailyActivity.day} > (now() at time zone 'UTC')::date - ${ACTIVITY_WINDOW_DAYS}::int
), 0)::int`
