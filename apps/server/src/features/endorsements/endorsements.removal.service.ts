import { and, eq, inArray, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { memberDailyActivity, notifications, vouchComments, vouches, vouchLikes } from '../../db/schema/index'
import { pruneEmptyDays, utcDay } from '../../core/activity'
import { releaseAttachment } from './endorsements.attachments'
import {
  applyPointsDelta,
  applyEndorsementCounters,
  findReverse,
  halfOf,
  isCounted,
  lockPairAndMembers,
  pairsUp,
  refreshMedals,
} from './endorsements.counters'
import { countDownHashtags, dropUnusedHashtags, findEndorsementTags } from './endorsements.hashtags'

/** Removing endorsements (withdrawn, deleted by an admin or a report, or with their member's account). */

/**
 * Deletes an endorsement and takes back everything it moved (the receiver's counters and medals, tag
 * counts, the activity of its endorser, likers and commenters, its notifications) in one transaction.
 * Returns the deleted row, or null when there was none. `releasedFile` names its attachment's file when
 * that went with it: the caller deletes it with `deleteUploadFiles` once its transaction committed.
 */
export async function removeEndorsement(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [pair] = await tx
      .select({ fromUserId: vouches.fromUserId, toUserId: vouches.toUserId })
      .from(vouches)
      .where(eq(vouches.id, id))
    if (!pair) return null
    await lockPairAndMembers(tx, pair.fromUserId, pair.toUserId)
    const [vouch] = await tx.select().from(vouches).where(eq(vouches.id, id)).for('update')
    if (!vouch) return null
    const reverse = await findReverse(tx, vouch)
    const tags = await findEndorsementTags(tx, id)

    // Every act that disappears with it, on the day it was counted (an anonymous one counted none).
    const acts = await queryRows<{ user_id: number; day: string; n: number }>(
      tx,
      sql`
      select user_id, ${utcDay(sql`created_at`)}::text as day, count(*)::int as n from (
        select ${vouches.fromUserId} as user_id, ${vouches.createdAt} as created_at from ${vouches}
          where ${vouches.id} = ${id} and not ${vouches.isAnonymous}
        union all select user_id, created_at from ${vouchLikes} where vouch_id = ${id}
        union all select user_id, created_at from ${vouchComments} where vouch_id = ${id}
      ) acts group by 1, 2`,
    )

    // Likes, comments and tag links go with it (foreign keys cascade).
    await tx.delete(vouches).where(eq(vouches.id, id))
    // So does its attachment, unless the member reused it on another endorsement.
    const releasedFile = vouch.contentUrl ? await releaseAttachment(tx, vouch.contentUrl) : null

    await countDownHashtags(tx, tags)
    // The acts after the tags, as an arriving endorsement writes its endorser's act after its tags (a
    // liker endorsing while their liked endorsement goes deadlocked the soak run otherwise), and in
    // (member, day) order, so two removals sharing likers or commenters never deadlock.
    acts.sort((a, b) => a.user_id - b.user_id || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    for (const act of acts) {
      await tx
        .update(memberDailyActivity)
        .set({ count: sql`${memberDailyActivity.count} - ${act.n}::int` })
        .where(and(eq(memberDailyActivity.userId, act.user_id), eq(memberDailyActivity.day, act.day)))
    }
    for (const userId of new Set(acts.map((act) => act.user_id))) await pruneEmptyDays(tx, userId)
    // A hidden endorsement counted for nothing, so there is nothing to take back from its receiver.
    if (isCounted(vouch)) {
      await applyEndorsementCounters(tx, vouch, reverse, tags, -1)
    }
    // The reverse endorsement is no longer reciprocal: its receiver gets its full worth back.
    if (reverse && pairsUp(vouch, reverse) && isCounted(reverse)) {
      await applyPointsDelta(tx, vouch.fromUserId, vouch.category, halfOf(reverse.engagementWeight))
    }
    await dropUnusedHashtags(tx, tags)
    await refreshMedals(
      tx,
      vouch.toUserId,
      tags.map((tag) => tag.tag),
    )
    // Last, as in every transaction: the members' unread counts stay locked until the commit.
    await tx
      .delete(notifications)
      .where(
        and(inArray(notifications.type, ['endorsement', 'like', 'comment']), eq(notifications.entityId, id)),
      )
    return { ...vouch, releasedFile }
  })
}

/**
 * Takes back everything a member did to others before their account goes: endorsements given and
 * received (with all their counters), likes and comments on other endorsements. The admin and account
 * deletion flows call it in the transaction that then deletes the member. Returns the attachment files
 * released with those endorsements (others' uploads on endorsements the member received included), for
 * the caller to delete after commit.
 */
export async function removeMemberContributions(db: Db, userId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: vouches.id })
      .from(vouches)
      .where(sql`${vouches.fromUserId} = ${userId} or ${vouches.toUserId} = ${userId}`)
    const releasedFiles: string[] = []
    for (const { id } of own) {
      const removed = await removeEndorsement(tx, id)
      if (removed?.releasedFile) releasedFiles.push(removed.releasedFile)
    }
    const likes = await tx
      .delete(vouchLikes)
      .where(eq(vouchLikes.userId, userId))
      .returning({ vouchId: vouchLikes.vouchId })
    for (const { vouchId } of likes) {
      await tx
        .update(vouches)
        .set({ likeCount: sql`${vouches.likeCount} - 1` })
        .where(eq(vouches.id, vouchId))
    }
    const comments = await tx
      .delete(vouchComments)
      .where(eq(vouchComments.userId, userId))
      .returning({ vouchId: vouchComments.vouchId })
    for (const { vouchId } of comments) {
      await tx
        .update(vouches)
        .set({ commentCount: sql`${vouches.commentCount} - 1` })
        .where(eq(vouches.id, vouchId))
    }
    await tx.delete(memberDailyActivity).where(eq(memberDailyActivity.userId, userId))
    return releasedFiles
  })
}
