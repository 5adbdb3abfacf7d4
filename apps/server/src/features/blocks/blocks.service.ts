import { BLOCK_MESSAGES, type TBlock } from '@vouched/shared/blocks'
import { and, desc, eq, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { blocks, connectionRequests, notifications, users } from '../../db/schema/index'
import { AppError } from '../../core/errors'
import { publishEvent } from '../../core/events'
import type { Member } from '../../core/user-shapes'
import { setBlockHidden } from '../endorsements/endorsements.hiding.service'

const between = (a: number, b: number) =>
  or(
    and(eq(connectionRequests.fromUserId, a), eq(connectionRequests.toUserId, b)),
    and(eq(connectionRequests.fromUserId, b), eq(connectionRequests.toUserId, a)),
  )

/**
 * Blocks a member, in one transaction: the connection and any pending request between the two go,
 * their notifications to each other go, and the endorsements the blocked member gave stop counting
 * and disappear from the blocker's profile. Blocking twice changes nothing (`created` false).
 */
export async function blockMember(db: Db, me: Member, targetId: number) {
  if (targetId === me.id) throw new AppError('SELF_BLOCK', BLOCK_MESSAGES.self, 400)
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId)).limit(1)
  if (!target) throw new AppError('NOT_FOUND', BLOCK_MESSAGES.userNotFound, 404)
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(blocks)
      .values({ blockerId: me.id, blockedId: targetId })
      .onConflictDoNothing()
      .returning({ blockerId: blocks.blockerId })
    if (inserted.length === 0) return { created: false }
    // Rejected requests stay: they only keep the 30-day wait after a refusal.
    const removed = await tx
      .delete(connectionRequests)
      .where(
        and(
          between(me.id, targetId),
          or(eq(connectionRequests.status, 'pending'), eq(connectionRequests.status, 'accepted')),
        ),
      )
      .returning({ id: connectionRequests.id })
    await setBlockHidden(tx, me.id, targetId, true)
    // Last, as in every transaction: the members' unread counts stay locked until the commit.
    await tx
      .delete(notifications)
      .where(
        or(
          and(eq(notifications.userId, me.id), eq(notifications.fromUserId, targetId)),
          and(eq(notifications.userId, targetId), eq(notifications.fromUserId, me.id)),
        ),
      )
    for (const { id } of removed) {
      for (const userId of [me.id, targetId]) {
        await publishEvent(tx, userId, { type: 'connection-removed', entityId: id })
      }
    }
    return { created: true }
  })
}

/** Lifts a block; the endorsements it hid count again unless their receiver hid them by hand. */
export async function unblockMember(db: Db, me: Member, targetId: number) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(blocks)
      .where(and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, targetId)))
      .returning({ blockerId: blocks.blockerId })
    if (removed.length > 0) await setBlockHidden(tx, me.id, targetId, false)
  })
}

/** The members I blocked, most recent first. */
export async function listBlocks(db: Db, blockerId: number): Promise<TBlock[]> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profilePicture: users.profilePicture,
      createdAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt))
  return rows.map(({ createdAt, ...user }) => ({ user, createdAt: createdAt.toISOString() }))
}
