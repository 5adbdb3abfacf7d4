import type { Db } from '../../db/client'
import { notifications } from '../../db/schema/index'
import { publishEvent } from '../../core/events'

export type NotificationType = (typeof notifications.$inferInsert)['type']

export type NewNotification = {
  userId: number
  type: NotificationType
  entityId?: number | null
  fromUserId?: number | null
  message: string
}

/**
 * Writes a notification and announces it live; call it inside the transaction of its cause.
 * Nobody is notified of their own action.
 */
export async function createNotification(db: Db, notification: NewNotification) {
  if (notification.fromUserId != null && notification.fromUserId === notification.userId) return null
  const [row] = await db.insert(notifications).values(notification).returning()
  await publishEvent(db, notification.userId, { type: 'notification', entityId: row!.id })
  return row!
}
