import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Vouches members gave to members of other Vouched instances (docs/decisions/156): sent as an `Offer`
 * of a `Note`; withdrawing sends `Undo(Offer)` and deletes the row.
 */
export const remoteVouchesGiven = pgTable(
  'remote_vouches_given',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The receiver's actor on the other instance. */
    actorUri: text('actor_uri').notNull(),
    /** `@name@host`, as the giver's list shows it. */
    handle: text('handle').notNull(),
    category: text('category').notNull(),
    note: text('note'),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The Offer's id: its Undo names it. */
    offerId: text('offer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_vouches_given_from_actor_category_uq').on(t.fromUserId, t.actorUri, t.category),
  ],
)

/**
 * Vouches from members of other Vouched instances: pending until the receiver accepts (then they show
 * with their origin and count by decision 156's capped rule); declining or an `Undo(Offer)` deletes them.
 */
export const remoteVouchesReceived = pgTable(
  'remote_vouches_received',
  {
    id: serial('id').primaryKey(),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The giver's actor, the Offer's signer. */
    actorUri: text('actor_uri').notNull(),
    /** `@name@host` of the giver. */
    handle: text('handle').notNull(),
    /** The giver's instance (the actor's host): the unit decision 156 counts. */
    instance: text('instance').notNull(),
    /** The giver's display name and profile page, as their actor gave them. */
    name: text('name'),
    profileUrl: text('profile_url').notNull(),
    category: text('category').notNull(),
    note: text('note'),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    offerId: text('offer_id').notNull(),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('remote_vouches_received_to_actor_category_uq').on(t.toUserId, t.actorUri, t.category),
    index('remote_vouches_received_to_status_idx').on(t.toUserId, t.status, t.createdAt),
    index('remote_vouches_received_actor_idx').on(t.actorUri),
  ],
)
