import { DEFAULT_PREFERENCE } from '@vouched/shared/account'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
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
import { pushWrites } from '../push/push.service'
import { mailTexts } from '../../core/mail-texts'

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
 * What a notification mail says, queued in English (the words of `mailTexts('en')`) and written in
 * the recipient's language when it is sent: the kind of event, never who caused it or what they
 * wrote. The account email was never proven to be the member's, so nothing another member typed
 * (a name included) goes to it.
 */
const MAIL_WHAT = mailTexts('en').notification.what

/** A queued mail's type, from its English words (rows queued before decision 153 hold the same). */
const TYPE_OF_MAIL = new Map(
  Object.entries(MAIL_WHAT).map(([type, what]) => [what, type as NotificationType] as const),
)

/**
 * A notification's writes, for a statement that may also write its cause: CTEs named `standing`, `mail`,
 * `created` (returning id, created_at) and `pushed` (its Web Push deliveries, push.service.ts) to follow
 * a `with`, and `announce`, the live event, to select from `created`. The member's preference for the
 * type decides which rows are written (the mail, the row with its live event and pushes); a block
 * between the two, either way, writes none. Null when nobody is to be notified: nobody is notified of
 * their own action.
 */
export function notificationWrites(
  notification: Omit<NewNotification, 'entityId'> & { entityId?: number | SQL | null },
) {
  const { userId, type, fromUserId = null, message } = notification
  if (fromUserId != null && fromUserId === userId) return null
  const blocked =
    fromUserId == null
      ? sql`false`
      : sql`exists (select 1 from ${blocks} b
          where (b.blocker_id = ${userId} and b.blocked_id = ${fromUserId})
             or (b.blocker_id = ${fromUserId} and b.blocked_id = ${userId}))`
  return {
    ctes: sql`standing as (
      select coalesce(p.in_app, ${DEFAULT_PREFERENCE.inApp}::boolean) as in_app,
        coalesce(p.email, ${DEFAULT_PREFERENCE.email}::boolean) as email
      from (select 1) one
      left join ${notificationPreferences} p on p.user_id = ${userId}::int and p.type = ${type}::text
      where not ${blocked}
    ), mail as (
      insert into ${notificationMails} (user_id, subject, body)
      select ${userId}::int, ${mailTexts('en').notification.subject(MAIL_WHAT[type])}::text, ${MAIL_WHAT[type]}::text
      from standing where email
      returning 1
    ), created as (
      insert into ${notifications} (user_id, type, entity_id, from_user_id, message)
      select ${userId}::int, ${type}::text, ${notification.entityId ?? null}::int, ${fromUserId}::int, ${message}::text
      from standing where in_app
      returning id, created_at
    ), ${pushWrites(userId, type)}`,
    announce: publishEventSql(userId, 'notification', sql`created.id`),
  }
}

export type NotificationWrites = NonNullable<ReturnType<typeof notificationWrites>>

/**
 * Writes a notification and announces it live, in one round trip; call it inside the transaction of
 * its cause. A member's email preference queues a mail in the same transaction (sent after commit by
 * `sendNotificationMails`, so a rolled back action mails nobody).
 */
export async function createNotification(db: Db, notification: NewNotification) {
  const writes = notificationWrites(notification)
  if (!writes) return null
  const [row] = await queryRows<{ id: number; created_at: Date }>(
    db,
    sql`with ${writes.ctes} select id, created_at, ${writes.announce} from created`,
  )
  return row ? { id: row.id, createdAt: new Date(row.created_at) } : null
}

/**
 * Takes back the notifications that announced something now gone (a cancelled request, a declined
 * vouch): call it in the transaction that removes it. The unread count follows by its trigger.
 */
export async function removeNotificationsAbout(
  db: Db,
  about: { userId: number; type: NotificationType; entityId: number },
) {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, about.userId),
        eq(notifications.type, about.type),
        eq(notifications.entityId, about.entityId),
      ),
    )
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
      returning id, user_id as "userId", kind, subject, body, attempts`)
    const batch = (claimed as unknown as { rows: (typeof notificationMails.$inferSelect)[] }).rows
    if (batch.length === 0) return sent
    const recipients = await db
      .select({ id: users.id, email: users.email, locale: users.locale })
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
        const texts = mailTexts(user.locale)
        const type = TYPE_OF_MAIL.get(mail.body)
        const what = type ? texts.notification.what[type] : mail.body
        await mailer.send({
          to: user.email,
          subject: type ? texts.notification.subject(what) : mail.subject,
          // A digest is written whole, in the member's language, when it is queued (features/digest);
          // the others are one sentence, written here.
          text:
            mail.kind === 'digest'
              ? mail.body
              : [
                  texts.greeting,
                  '',
                  `${what}.`,
                  '',
                  ...texts.notification.footer(`${config.publicUrl}/`, `${config.publicUrl}/settings`),
                ].join('\n'),
        })
        sent++
      } catch {
        if (mail.attempts + 1 < MAIL_ATTEMPTS) {
          await db.insert(notificationMails).values({
            userId: mail.userId,
            kind: mail.kind,
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
