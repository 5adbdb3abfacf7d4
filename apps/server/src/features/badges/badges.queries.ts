import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { hashtags, medals, memberHashtags, users } from '../../db/schema/index'

export async function findBadgeMember(db: Db, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      isEmailVerified: users.isEmailVerified,
      reputationScore: users.reputationScore,
      vouchCount: users.vouchCount,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1)
  return row ?? null
}

export type ReceivedSkill = { tag: string; count: number }

const skillColumns = { tag: hashtags.tag, count: memberHashtags.count }

/** The skills (hashtags) a member received, most endorsed first. */
export function listReceivedSkills(db: Db, userId: number, limit: number): Promise<ReceivedSkill[]> {
  return db
    .select(skillColumns)
    .from(memberHashtags)
    .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
    .where(and(eq(memberHashtags.userId, userId), gt(memberHashtags.count, 0)))
    .orderBy(desc(memberHashtags.count), sql`lower(${hashtags.tag})`)
    .limit(limit)
}

/** Of `tags` (any case), those the member received, in their stored spelling. */
export function findReceivedSkills(
  db: Db,
  userId: number,
  tags: readonly string[],
): Promise<ReceivedSkill[]> {
  if (tags.length === 0) return Promise.resolve([])
  return db
    .select(skillColumns)
    .from(memberHashtags)
    .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
    .where(
      and(
        eq(memberHashtags.userId, userId),
        gt(memberHashtags.count, 0),
        inArray(
          sql`lower(${hashtags.tag})`,
          tags.map((tag) => tag.toLowerCase()),
        ),
      ),
    )
}

/** The member's medals on `skills` (matched ignoring case). */
export function listMedalsForSkills(db: Db, userId: number, skills: readonly string[]) {
  if (skills.length === 0) return Promise.resolve([])
  return db
    .select({ skillName: medals.skillName, tier: medals.tier })
    .from(medals)
    .where(
      and(
        eq(medals.userId, userId),
        inArray(
          sql`lower(${medals.skillName})`,
          skills.map((skill) => skill.toLowerCase()),
        ),
      ),
    )
}
