import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { notifications } from './notifications'
import { sessions, users } from './users'

/**
 * The instance's VAPID key pair for Web Push (docs/decisions/147), made on first start. One row ever:
 * instances starting together race to insert it, the unique index lets one win and the others read
 * it. The private half never leaves the server: no response schema names it and no cache holds it.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: serial('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [uniqueIndex('push_vapid_keys_one_idx').on(sql`(true)`)],
)

/** Per notification type, whether this device is pushed it; a type not named is pushed. */
export type StoredPushTypes = Record<string, boolean>

/**
 * A browser's push subscription (the PushSubscription JSON), one row per endpoint: the device belongs
 * to the member who registered it last. Gone with the member, and with the session that registered it
 * (signing out, or ending the session from another device, stops the pushes: decision 158); removed when
 * the push service answers 404 or 410 for it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Null for devices registered before decision 158, which stay until turned off. */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    types: jsonb('types').$type<StoredPushTypes>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    // The cascade from sessions looks the session's devices up by it.
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
)

/**
 * Pushes waiting to be sent: one row per notification and subscription that wants its type, written in
 * the notification's own statement (so a rolled back action pushes nothing) and claimed (deleted) after
 * commit by one instance. Gone with the notification (nothing left to announce) or the subscription.
 * A push the service could not take now waits until `sendAfter` for another attempt.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_deliveries_send_after_idx').on(t.sendAfter),
    index('push_deliveries_notification_idx').on(t.notificationId),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
)
