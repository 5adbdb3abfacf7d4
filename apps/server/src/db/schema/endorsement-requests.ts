import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { vouches } from './endorsements'
import { users } from './users'

/**
 * A member asking a connection to vouch for skills. Rows stay after they are answered or cancelled:
 * the daily limit counts every request sent, and a cancelled one must not free a place in it.
 */
export const endorsementRequests = pgTable(
  'endorsement_requests',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hashtags: text('hashtags').array().notNull(),
    category: text('category'),
    message: text('message'),
    status: text('status', { enum: ['open', 'fulfilled', 'declined', 'cancelled'] })
      .notNull()
      .default('open'),
    /** The endorsement that fulfilled it; the request stays fulfilled if that endorsement goes. */
    vouchId: integer('vouch_id').references(() => vouches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('endorsement_requests_to_created_idx').on(t.toUserId, t.createdAt.desc().nullsFirst()),
    // The sent list and the daily count both read a sender's newest requests.
    index('endorsement_requests_from_created_idx').on(t.fromUserId, t.createdAt.desc().nullsFirst()),
    // One open request per asker and asked member; a racing second insert fails here (409).
    uniqueIndex('endorsement_requests_open_pair_uq')
      .on(t.fromUserId, t.toUserId)
      .where(sql`${t.status} = 'open'`),
    index('endorsement_requests_vouch_idx').on(t.vouchId),
  ],
)
