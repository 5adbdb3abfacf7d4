import { asc, sql } from 'drizzle-orm'
import type { Db } from '../src/db/client'
import {
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  users,
  vouches,
} from '../src/db/schema/index'
import {
  recomputeHashtagCounts,
  recomputeMemberStats,
} from '../src/features/endorsements/endorsements.recompute.service'

/**
 * The counters-equal-recomputation check the endorsement tests share: every denormalised counter, and
 * a recomputation of all of them from the source rows.
 */
/** Every denormalised counter in the database, in a stable order. */
export async function counters(db: Db) {
  const [u, stats, mh, mch, md, act, v, h] = await Promise.all([
    db
      .select({ id: users.id, reputationScore: users.reputationScore, vouchCount: users.vouchCount })
      .from(users)
      .orderBy(asc(users.id)),
    db
      .select()
      .from(memberCategoryStats)
      .orderBy(asc(memberCategoryStats.userId), asc(memberCategoryStats.category)),
    db.select().from(memberHashtags).orderBy(asc(memberHashtags.userId), asc(memberHashtags.hashtagId)),
    db
      .select()
      .from(memberCategoryHashtags)
      .orderBy(
        asc(memberCategoryHashtags.userId),
        asc(memberCategoryHashtags.category),
        asc(memberCategoryHashtags.hashtagId),
      ),
    db
      .select({
        userId: medals.userId,
        skillName: medals.skillName,
        tier: medals.tier,
        endorsementCount: medals.endorsementCount,
        lastEndorsedAt: sql<string>`${medals.lastEndorsedAt}::text`,
      })
      .from(medals)
      .orderBy(asc(medals.userId), asc(medals.skillName)),
    db
      .select()
      .from(memberDailyActivity)
      .orderBy(asc(memberDailyActivity.userId), asc(memberDailyActivity.day)),
    db
      .select({ id: vouches.id, likeCount: vouches.likeCount, commentCount: vouches.commentCount })
      .from(vouches)
      .orderBy(asc(vouches.id)),
    db.select().from(hashtags).orderBy(asc(hashtags.id)),
  ])
  return {
    users: u,
    stats,
    memberHashtags: mh,
    memberCategoryHashtags: mch,
    medals: md,
    activity: act,
    vouches: v,
    hashtags: h,
  }
}

export async function recomputeEverything(db: Db) {
  const all = await db.select({ id: users.id }).from(users)
  for (const { id } of all) await recomputeMemberStats(db, id)
  await recomputeHashtagCounts(db)
}
