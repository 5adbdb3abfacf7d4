import { MEDAL_THRESHOLDS } from '@vouched/shared/endorsements'
import { REMOTE_VOUCH_POINTS, REMOTE_VOUCH_POINTS_MAX } from '@vouched/shared/remote-vouches'
import { WEIGHT_RECIPROCAL } from '@vouched/shared/reputation'
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  remoteVouchesReceived,
  users,
  vouchComments,
  vouches,
  vouchHashtags,
  vouchLikes,
} from '../../db/schema/index'
import { utcDay } from '../../core/activity'
import { refreshMedals } from './endorsements.counters'
import { countedSql, reciprocalSql } from './endorsements.queries'

/**
 * The counters every endorsement write keeps (endorsements.counters.ts), rebuilt from the source rows:
 * the proof they are exact (tests compare the two) and the repair should they ever drift (admin).
 */

/** 10 × weight to the cent, halved when reciprocal: `countedPoints` of the shared package, in SQL. */
const pointsSql = sql`round(10 * v.engagement_weight::numeric, 2)
  * (case when ${reciprocalSql('v')} then ${WEIGHT_RECIPROCAL}::numeric else 1 end)`

/**
 * Recomputes every counter about one member from the source rows (received endorsements, their tags,
 * likes and comments; the member's own acts), in one transaction. The counters kept on each write must
 * always equal what this computes; tests compare the two.
 */
export async function recomputeMemberStats(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${users} set
        reputation_score = (coalesce((select sum(${pointsSql}) from ${vouches} v
          where v.to_user_id = ${userId} and ${countedSql('v')}), 0)
          -- Accepted vouches from other Vouched instances: a small capped sum (docs/decisions/156).
          + least(${REMOTE_VOUCH_POINTS_MAX}, ${REMOTE_VOUCH_POINTS} * (select count(distinct r.instance)
            from ${remoteVouchesReceived} r where r.to_user_id = ${userId} and r.status = 'accepted')))::real,
        vouch_count = (select count(*) from ${vouches} v where v.to_user_id = ${userId} and ${countedSql('v')})::int
      where id = ${userId}`)

    await tx.delete(memberCategoryStats).where(eq(memberCategoryStats.userId, userId))
    await tx.execute(sql`
      insert into ${memberCategoryStats} (user_id, category, score, count)
      select v.to_user_id, v.category, sum(${pointsSql})::real, count(*)::int
      from ${vouches} v where v.to_user_id = ${userId} and ${countedSql('v')} group by 1, 2`)

    await tx.delete(memberHashtags).where(eq(memberHashtags.userId, userId))
    await tx.execute(sql`
      insert into ${memberHashtags} (user_id, hashtag_id, count)
      select v.to_user_id, vh.hashtag_id, count(*)::int
      from ${vouches} v join ${vouchHashtags} vh on vh.vouch_id = v.id
      where v.to_user_id = ${userId} and ${countedSql('v')} group by 1, 2`)

    await tx.delete(memberCategoryHashtags).where(eq(memberCategoryHashtags.userId, userId))
    await tx.execute(sql`
      insert into ${memberCategoryHashtags} (user_id, category, hashtag_id, count)
      select v.to_user_id, v.category, vh.hashtag_id, count(*)::int
      from ${vouches} v join ${vouchHashtags} vh on vh.vouch_id = v.id
      where v.to_user_id = ${userId} and ${countedSql('v')} group by 1, 2, 3`)

    await tx.execute(sql`
      update ${vouches} v set
        like_count = (select count(*) from ${vouchLikes} l where l.vouch_id = v.id)::int,
        comment_count = (select count(*) from ${vouchComments} c where c.vouch_id = v.id)::int
      where v.to_user_id = ${userId}`)

    // Medals: every skill now at 10 or more gets its tier; the others lose theirs.
    await tx.execute(sql`
      delete from ${medals} m where m.user_id = ${userId} and not exists (
        select 1 from ${memberHashtags} mh join ${hashtags} h on h.id = mh.hashtag_id
        where mh.user_id = m.user_id and h.tag = m.skill_name and mh.count >= ${MEDAL_THRESHOLDS.bronze})`)
    const skills = await tx
      .select({ tag: hashtags.tag })
      .from(memberHashtags)
      .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
      .where(
        and(eq(memberHashtags.userId, userId), sql`${memberHashtags.count} >= ${MEDAL_THRESHOLDS.bronze}`),
      )
    await refreshMedals(
      tx,
      userId,
      skills.map((s) => s.tag),
    )

    await tx.delete(memberDailyActivity).where(eq(memberDailyActivity.userId, userId))
    await tx.execute(sql`
      insert into ${memberDailyActivity} (user_id, day, count)
      select ${userId}, ${utcDay(sql`created_at`)}, count(*)::int from (
        select created_at from ${vouches} where ${vouches.fromUserId} = ${userId} and not ${vouches.isAnonymous}
        union all select created_at from ${vouchLikes} where user_id = ${userId}
        union all select created_at from ${vouchComments} where user_id = ${userId}
      ) acts group by 2`)
  })
}

/** Recomputes every tag's count from the endorsements carrying it; tags nobody carries are dropped. */
export async function recomputeHashtagCounts(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${hashtags} h set count = sub.n
      from (select h2.id, (select count(*) from ${vouchHashtags} vh where vh.hashtag_id = h2.id)::int as n
            from ${hashtags} h2) sub
      where sub.id = h.id and h.count <> sub.n`)
    await tx.delete(hashtags).where(lte(hashtags.count, 0))
  })
}
