import { DEFAULT_PREFERENCE } from '@vouched/shared/account'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/client'
import {
  blocks,
  notificationMails,
  notificationPreferences,
  notifications,
  users,
} from '../../db/schema/index'
import { publishEventSql } from '../../core/events'
import type { Mailer } from '../../core/mail'

export type NotificationType = (typeof notifications.$inferInsert)['type']

export type NewNotification = {
  userId: number
  type: NotificationType
  entityId?: number | null
  fromUserId?: number | null
  message: string
}

/** The member's choice for one type: in-app on and email off unless they changed it in Settings. */
export async function findPreference(db: Db, userId: number, type: string) {
  const [row] = await db
    .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
    .limit(1)
  return row ?? DEFAULT_PREFERENCE
}

/**
 * Writes a notification and announces it live; call it inside the transaction of its cause.
 * Nobody is notified of their own action, nor by a member they blocked or who blocked them.
 * The member's preferences decide: in-app off writes no row; email on queues a mail in the same
 * transaction (sent after commit by `sendNotificationMails`, so a rolled back action mails nobody).
 */
export async function createNotification(db: Db, notification: NewNotification) {
  if (notification.fromUserId != null && notification.fromUserId === notification.userId) return null
  // One round trip: the member's preference for this type, and whether a block stands between the two.
  const [standing] = await queryRows<{ in_app: boolean | null; email: boolean | null; blocked: boolean }>(
    db,
    sql`select p.in_app, p.email, ${
      notification.fromUserId == null
        ? sql`false`
        : sql`exists (select 1 from ${blocks} b
            where (b.blocker_id = ${notification.userId} and b.blocked_id = ${notification.fromUserId})
               or (b.blocker_id = ${notification.fromUserId} and b.blocked_id = ${notification.userId}))`
    } as blocked
    from (select 1) one
    left join ${notificationPreferences} p on p.user_id = ${notification.userId} and p.type = ${notification.type}`,
  )
  if (standing?.blocked) return null
  const preference = {
    inApp: standing?.in_app ?? DEFAULT_PREFERENCE.inApp,
    email: standing?.email ?? DEFAULT_PREFERENCE.email,
  }
  if (preference.email) {
    await db.insert(notificationMails).values({
      userId: notification.userId,
      subject: `Vouched: ${notification.message}`,
      body: notification.message,
    })
  }
  if (!preference.inApp) return null
  // The row and its live event in one round trip.
  const [row] = await queryRows<{ id: number; created_at: Date }>(
    db,
    sql`with created as (
      insert into ${notifications} (user_id, type, entity_id, from_user_id, message)
      values (${notification.userId}, ${notification.type}, ${notification.entityId ?? null},
        ${notification.fromUserId ?? null}, ${notification.message})
      returning id, created_at
    )
    select id, created_at, ${publishEventSql(notification.userId, 'notification', sql`id`)} from created`,
  )
  return { id: row!.id, createdAt: new Date(row!.created_at) }
}

const MAIL_BATCH = 20
const MAIL_ATTEMPTS = 3

/**
 * Sends the queued notification mails. Each batch is claimed by deleting it (skipping rows another
 * instance holds), so two instances never send one mail twice and no transaction stays open during
 * SMTP; a failed mail goes back to the queue, up to 3 attempts. Returns how many were sent.
 */
export async function sendNotificationMails(db: Db, mailer: Mailer, config: Config) {
  let sent = 0
  for (;;) {
    const claimed = await db.execute(sql`
      delete from ${notificationMails} where id in (
        select id from ${notificationMails} order by id limit ${MAIL_BATCH} for update skip locked)
      returning id, user_id as "userId", subject, body, attempts`)
    const batch = (claimed as unknown as { rows: (typeof notificationMails.$inferSelect)[] }).rows
    if (batch.length === 0) return sent
    const recipients = await db
      .select({ id: users.id, email: users.email, fullName: users.fullName, username: users.username })
      .from(users)
      .where(
        inArray(
          users.id,
          batch.map((mail) => mail.userId),
        ),
      )
      .orderBy(asc(users.id))
    const byId = new Map(recipients.map((user) => [user.id, user]))
    for (const mail of batch.sort((a, b) => a.id - b.id)) {
      const user = byId.get(mail.userId)
      if (!user) continue
      try {
        await mailer.send({
          to: user.email,
          subject: mail.subject,
          text: [
            `Hi ${user.fullName || user.username},`,
            '',
            `${mail.body}.`,
            '',
            `Open Vouched: ${config.publicUrl}/`,
            `You receive this email because you turned it on. Change it in Settings: ${config.publicUrl}/settings`,
          ].join('\n'),
        })
        sent++
      } catch {
        if (mail.attempts + 1 < MAIL_ATTEMPTS) {
          await db.insert(notificationMails).values({
            userId: mail.userId,
            subject: mail.subject,
            body: mail.body,
            attempts: mail.attempts + 1,
          })
        }
        return sent
      }
    }
  }
}
