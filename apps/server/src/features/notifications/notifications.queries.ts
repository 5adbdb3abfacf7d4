import type { TNotification } from '@vouched/shared/notifications'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { memberNotificationCounts, notifications, users, vouches } from '../../db/schema/index'

type Viewer = { id: number; isAdmin: boolean }

/**
 * The member's newest notifications with their sender. The sender of an anonymous endorsement stays
 * hidden from everyone but admins (DECISIONS.md §4), whatever the row recorded.
 */
export async function listNotifications(db: Db, viewer: Viewer, limit: number): Promise<TNotification[]> {
  const rows = await db
    .select({
      notification: notifications,
      fromUsername: users.username,
      fromFullName: users.fullName,
      fromProfilePicture: users.profilePicture,
      anonymous: vouches.isAnonymous,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromUserId))
    .leftJoin(vouches, and(eq(notifications.type, 'endorsement'), eq(vouches.id, notifications.entityId)))
    .where(eq(notifications.userId, viewer.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
  return rows.map(({ notification: n, anonymous, ...from }) => {
    const hidden = anonymous === true && !viewer.isAdmin
    return {
      id: n.id,
      userId: n.userId,
      type: n.type,
      entityId: n.entityId,
      fromUserId: hidden ? null : n.fromUserId,
      message: n.message,
      isRead: n.isRead,
      createdAt: n.createdAt.toISOString(),
      fromUsername: hidden ? null : from.fromUsername,
      fromFullName: hidden ? null : from.fromFullName,
      fromProfilePicture: hidden ? null : from.fromProfilePicture,
    }
  })
}

/** The member's unread count, kept by triggers on notifications (no row: none). */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: memberNotificationCounts.unread })
    .from(memberNotificationCounts)
    .where(eq(memberNotificationCounts.userId, userId))
  return row?.unread ?? 0
}

/** Marks one of the member's notifications read; false when it is not theirs or does not exist. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  return rows.length > 0
}

export async function markAllNotificationsRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id })
  return rows.length
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  return rows.length > 0
}
