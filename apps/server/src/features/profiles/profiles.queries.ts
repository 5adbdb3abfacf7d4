import { CATEGORIES, MEDAL_TIERS, type TCategory, type TMedal } from '@vouched/shared/endorsements'
import { CATEGORY_TAGS_MAX, TOP_HASHTAGS_MAX, type TCategoryScore } from '@vouched/shared/profiles'
import { asc, desc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberHashtags,
  users,
} from '../../db/schema/index'

export async function findUserByUsername(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1)
  return row ?? null
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

const round2 = (value: number) => Math.round(value * 100) / 100

/**
 * The member's categories with their score, count and most received tags, read from the counters
 * (one row per category, at most 10 tags each): no endorsement is aggregated on this path.
 */
export async function listCategoryScores(db: Db, userId: number): Promise<TCategoryScore[]> {
  const [stats, tags] = await Promise.all([
    db
      .select({
        category: memberCategoryStats.category,
        score: memberCategoryStats.score,
        count: memberCategoryStats.count,
      })
      .from(memberCategoryStats)
      .where(eq(memberCategoryStats.userId, userId)),
    // Per category, the first tags of member_category_hashtags_top_idx: a member with thousands of
    // endorsements costs the same as one with ten.
    db.execute(sql`
      select s.category, h.tag
      from ${memberCategoryStats} s
      cross join lateral (
        select mch.hashtag_id, mch.count from ${memberCategoryHashtags} mch
        where mch.user_id = s.user_id and mch.category = s.category and mch.count > 0
        order by mch.count desc, mch.hashtag_id limit ${CATEGORY_TAGS_MAX}
      ) top
      join ${hashtags} h on h.id = top.hashtag_id
      where s.user_id = ${userId}
      order by s.category, top.count desc, top.hashtag_id`),
  ])
  const tagsByCategory = new Map<string, string[]>()
  for (const row of (tags as unknown as { rows: { category: string; tag: string }[] }).rows) {
    const list = tagsByCategory.get(row.category) ?? []
    list.push(row.tag)
    tagsByCategory.set(row.category, list)
  }
  const order = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]))
  return stats
    .filter((s) => s.count > 0 && order.has(s.category))
    .sort((a, b) => order.get(a.category)! - order.get(b.category)!)
    .map((s) => ({
      category: s.category as TCategory,
      score: round2(s.score),
      count: s.count,
      tags: tagsByCategory.get(s.category) ?? [],
    }))
}

/** The member's most received tags, most first (ties: the older tag first). */
export async function listTopHashtags(db: Db, userId: number, limit = TOP_HASHTAGS_MAX): Promise<string[]> {
  const rows = await db
    .select({ tag: hashtags.tag })
    .from(memberHashtags)
    .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
    .where(sql`${memberHashtags.userId} = ${userId} and ${gt(memberHashtags.count, 0)}`)
    .orderBy(desc(memberHashtags.count), asc(hashtags.id))
    .limit(limit)
  return rows.map((r) => r.tag)
}

const tierRank = sql`array_position(array[${sql.join(
  [...MEDAL_TIERS].reverse().map((t) => sql`${t}`),
  sql`, `,
)}]::text[], ${medals.tier})`

/** Medals, highest tier first, then the most endorsed skill. */
export async function listMedals(db: Db, userId: number): Promise<TMedal[]> {
  const rows = await db
    .select()
    .from(medals)
    .where(eq(medals.userId, userId))
    .orderBy(tierRank, desc(medals.endorsementCount), asc(medals.skillName))
  return rows.map((m) => ({
    id: m.id,
    userId: m.userId,
    skillName: m.skillName,
    tier: m.tier,
    lastEndorsedAt: m.lastEndorsedAt.toISOString(),
    endorsementCount: m.endorsementCount,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  }))
}
