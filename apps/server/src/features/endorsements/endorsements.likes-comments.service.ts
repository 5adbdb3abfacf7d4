import { NOTIFICATION_TEXTS } from '@vouched/shared/notifications.constants'
import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import type { TComment, TLikeState } from '@vouched/shared/endorsements'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users, vouchComments, vouches, vouchLikes } from '../../db/schema/index'
import { addActivity } from '../../core/activity'
import { forbidden, notFound } from '../../core/errors'
import { displayName, type Member } from '../../core/user-shapes'
import { assertNoBlockWithAny } from '../blocks/blocks.queries'
import { createNotification } from '../notifications/notifications.service'
import { findComment, findReachableVouchRow, type Viewer } from './endorsements.queries'

/**
 * Likes and comments on an endorsement: each moves the endorsement's count and its author's activity,
 * and notifies the endorsement's receiver and giver, in one transaction.
 */

/** Notifies the endorsement's receiver and giver of someone's like or comment (never the actor). */
async function notifyAround(
  tx: Db,
  vouch: typeof vouches.$inferSelect,
  actor: Member,
  type: 'like' | 'comment',
) {
  const [receiver] = await tx
    .select({ fullName: users.fullName, username: users.username })
    .from(users)
    .where(eq(users.id, vouch.toUserId))
  const actorName = displayName(actor)
  const receiverName = receiver ? displayName(receiver) : NOTIFICATION_TEXTS.aMember
  const notices = [
    {
      userId: vouch.toUserId,
      message: (type === 'like' ? NOTIFICATION_TEXTS.likedReceived : NOTIFICATION_TEXTS.commentedReceived)(
        actorName,
      ),
    },
    {
      userId: vouch.fromUserId,
      message: (type === 'like' ? NOTIFICATION_TEXTS.likedGiven : NOTIFICATION_TEXTS.commentedGiven)(
        actorName,
        receiverName,
      ),
    },
  ]
  // In member order: each notification locks its member's unread count until the commit, and a like of
  // A's endorsement of B must not wait for B's count while a like of B's endorsement of A holds it and
  // waits for A's (a deadlock the soak run met).
  for (const notice of notices.sort((a, b) => a.userId - b.userId)) {
    await createNotification(tx, { ...notice, type, entityId: vouch.id, fromUserId: actor.id })
  }
}

/**
 * A like or comment racing the endorsement's withdrawal: the endorsement was there when checked and
 * gone when the row that points at it was written. The answer is the 404 the check would give now.
 */
async function unlessWithdrawn<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } }
    if ((e.cause ?? e).code === '23503') throw notFound('Endorsement')
    throw error
  }
}

/** The endorsement the actor likes or comments on; a hidden one is a 404 as it is in the lists. */
async function requireVouch(db: Db, id: number, actor: Viewer) {
  const vouch = await findReachableVouchRow(db, id, actor)
  if (!vouch) throw notFound('Endorsement')
  return vouch
}

/**
 * Likes and comments reach the endorsement's receiver and giver: refused when either blocked the
 * actor or was blocked by them. An anonymous giver is left out, so a refusal never reveals who it is.
 */
async function assertCanReach(db: Db, actor: Member, vouch: typeof vouches.$inferSelect) {
  await assertNoBlockWithAny(
    db,
    actor.id,
    vouch.isAnonymous ? [vouch.toUserId] : [vouch.toUserId, vouch.fromUserId],
  )
}

/** The endorsement's like count as it stands: the answer to a like or unlike that changed nothing. */
async function likeCountOf(tx: Db, vouchId: number) {
  const [vouch] = await tx
    .select({ likeCount: vouches.likeCount })
    .from(vouches)
    .where(eq(vouches.id, vouchId))
  return vouch?.likeCount ?? 0
}

/** Idempotent: liking twice changes nothing (DECISIONS.md §5). */
export async function likeEndorsement(db: Db, actor: Member, vouchId: number): Promise<TLikeState> {
  await assertCanReach(db, actor, await requireVouch(db, vouchId, actor))
  return unlessWithdrawn(
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(vouchLikes)
        .values({ vouchId, userId: actor.id })
        .onConflictDoNothing()
        .returning({ id: vouchLikes.id })
      if (inserted.length === 0) {
        return { hasLiked: true, likeCount: await likeCountOf(tx, vouchId) }
      }
      const [vouch] = await tx
        .update(vouches)
        .set({ likeCount: sql`${vouches.likeCount} + 1` })
        .where(eq(vouches.id, vouchId))
        .returning()
      await addActivity(tx, actor.id, 1)
      await notifyAround(tx, vouch!, actor, 'like')
      return { hasLiked: true, likeCount: vouch!.likeCount }
    }),
  )
}

/** Idempotent: unliking what one does not like changes nothing. */
export async function unlikeEndorsement(db: Db, actor: Member, vouchId: number): Promise<TLikeState> {
  await requireVouch(db, vouchId, actor)
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(vouchLikes)
      .where(and(eq(vouchLikes.vouchId, vouchId), eq(vouchLikes.userId, actor.id)))
      .returning({ createdAt: vouchLikes.createdAt })
    if (!removed) {
      return { hasLiked: false, likeCount: await likeCountOf(tx, vouchId) }
    }
    const [vouch] = await tx
      .update(vouches)
      .set({ likeCount: sql`${vouches.likeCount} - 1` })
      .where(eq(vouches.id, vouchId))
      .returning({ likeCount: vouches.likeCount })
    await addActivity(tx, actor.id, -1, removed.createdAt)
    return { hasLiked: false, likeCount: vouch!.likeCount }
  })
}

export async function addComment(db: Db, actor: Member, vouchId: number, comment: string): Promise<TComment> {
  await assertCanReach(db, actor, await requireVouch(db, vouchId, actor))
  const id = await unlessWithdrawn(
    db.transaction(async (tx) => {
      const [row] = await tx.insert(vouchComments).values({ vouchId, userId: actor.id, comment }).returning()
      const [vouch] = await tx
        .update(vouches)
        .set({ commentCount: sql`${vouches.commentCount} + 1` })
        .where(eq(vouches.id, vouchId))
        .returning()
      await addActivity(tx, actor.id, 1)
      await notifyAround(tx, vouch!, actor, 'comment')
      return row!.id
    }),
  )
  return (await findComment(db, id))!
}

/** Only the comment's author or an admin deletes it. */
export async function removeComment(db: Db, actor: Viewer, commentId: number) {
  const comment = await findComment(db, commentId)
  if (!comment) throw notFound('Comment')
  if (comment.userId !== actor.id && !actor.isAdmin) throw forbidden(SERVER_MESSAGES.onlyCommentAuthor)
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(vouchComments).where(eq(vouchComments.id, commentId)).returning({
      vouchId: vouchComments.vouchId,
      userId: vouchComments.userId,
      createdAt: vouchComments.createdAt,
    })
    if (!removed) return
    await tx
      .update(vouches)
      .set({ commentCount: sql`${vouches.commentCount} - 1` })
      .where(eq(vouches.id, removed.vouchId))
    await addActivity(tx, removed.userId, -1, removed.createdAt)
  })
}
