import { medalTier } from '@vouched/shared/endorsements.constants'
import {
  MEDAL_PROGRESS_SKILLS,
  nextMedal,
  type TOnboarding,
  type TSkillProgress,
} from '@vouched/shared/onboarding'
import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { connectionRequests, hashtags, memberHashtags, vouches } from '../../db/schema/index'
import type { Member } from '../../core/user-shapes'

/**
 * The checklist of a member: the profile fields come from the session's row, the first connection and
 * the first endorsement given from one statement of two index probes.
 */
export async function getOnboarding(db: Db, me: Member): Promise<TOnboarding> {
  const [row] = await db
    .select({
      connection: sql<boolean>`exists(select 1 from ${connectionRequests}
        where ${and(
          eq(connectionRequests.status, 'accepted'),
          or(eq(connectionRequests.fromUserId, me.id), eq(connectionRequests.toUserId, me.id)),
        )})`,
      endorsementGiven: sql<boolean>`exists(select 1 from ${vouches} where ${eq(vouches.fromUserId, me.id)})`,
    })
    .from(sql`(select 1) one`)
  const done = {
    picture: Boolean(me.profilePicture),
    title: Boolean(me.title),
    bio: Boolean(me.bio),
    location: Boolean(me.location),
    workEmail: me.isEmailVerified,
    connection: row?.connection === true,
    endorsementGiven: row?.endorsementGiven === true,
  }
  const steps = (Object.keys(done) as (keyof typeof done)[]).map((id) => ({ id, done: done[id] }))
  return { steps, complete: steps.every((step) => step.done) }
}

/** The member's most received skills (ties: the older tag first, as topHashtags) and their next medal. */
export async function getMedalProgress(db: Db, userId: number): Promise<TSkillProgress[]> {
  const rows = await db
    .select({ skillName: hashtags.tag, count: memberHashtags.count })
    .from(memberHashtags)
    .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
    .where(eq(memberHashtags.userId, userId))
    .orderBy(desc(memberHashtags.count), asc(memberHashtags.hashtagId))
    .limit(MEDAL_PROGRESS_SKILLS)
  return rows.map(({ skillName, count }) => {
    const next = nextMedal(count)
    return {
      skillName,
      count,
      tier: medalTier(count),
      nextTier: next?.tier ?? null,
      nextThreshold: next?.threshold ?? null,
    }
  })
}
