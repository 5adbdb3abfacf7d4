import {
  NOTIFICATION_MESSAGES,
  type TNotification,
  type TNotificationType,
} from '@vouched/shared/notifications'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { AppError } from '../../core/errors'
import type { Db } from '../../db/client'
import {
  memberNotificationCounts,
  notificationMails,
  notifications,
  users,
  vouches,
} from '../../db/schema/index'

type Viewer = { id: number; isAdmin: boolean }

export type NotificationsPageOptions = {
  limit: number
  cursor?: string | undefined
  type?: TNotificationType | undefined
}

/** The (created_at, id) position of a row to the microsecond, so keyset pages never skip or repeat. */
const position = sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const encodeCursor = (at: string, id: number) => Buffer.from(`${at}|${id}`).toString('base64url')

function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (
    !at ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) ||
    Number.isNaN(Date.parse(at)) ||
    !id ||
    !/^\d{1,10}$/.test(id)
  ) {
    throw new AppError('INVALID_CURSOR', NOTIFICATION_MESSAGES.invalidCursor, 400, 'cursor')
  }
  return { at, id: Number(id) }
}

/**
 * One page of the member's notifications, newest first, with their sender, keyset-paginated on
 * (created_at, id) along notifications_user_created_idx. The sender of an anonymous endorsement stays
 * hidden from everyone but admins (DECISIONS.md §4), whatever the row recorded.
 */
export async function listNotifications(
  db: Db,
  viewer: Viewer,
  options: NotificationsPageOptions,
): Promise<{ notifications: TNotification[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(notifications.userId, viewer.id)]
  if (options.type) conditions.push(eq(notifications.type, options.type))
  if (options.cursor) {
    const { at, id } = decodeCursor(options.cursor)
    conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${at}::timestamptz, ${id})`)
  }
  const rows = await db
    .select({
      notification: notifications,
      position,
      fromUsername: users.username,
      fromFullName: users.fullName,
      fromProfilePicture: users.profilePicture,
      anonymous: vouches.isAnonymous,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromUserId))
    .leftJoin(vouches, and(eq(notifications.type, 'endorsement'), eq(vouches.id, notifications.entityId)))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit + 1)
  const page = rows.slice(0, options.limit)
  const last = page[page.length - 1]
  return {
    notifications: page.map((row) => toNotification(row, viewer)),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor(last.position, last.notification.id) : null,
  }
}

function toNotification(
  row: {
    notification: typeof notifications.$inferSelect
    anonymous: boolean | null
    fromUsername: string | null
    fromFullName: string | null
    fromProfilePicture: string | null
  },
  viewer: Viewer,
): TNotification {
  const { notification: n, anonymous } = row
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
    fromUsername: hidden ? null : row.fromUsername,
    fromFullName: hidden ? null : row.fromFullName,
    fromProfilePicture: hidden ? null : row.fromProfilePicture,
  }
}

/** The member's unread count, kept by triggers on notifications (no row: none). */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: memberNotificationCounts.unread })
    .from(memberNotificationCounts)
    .where(eq(memberNotificationCounts.userId, userId))
  return row?.unread ?? 0
}

/** Notification mails waiting to be sent, for the metrics (a scrape every few seconds, a small table). */
export async function countQueuedMails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notificationMails)
  return row?.n ?? 0
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
