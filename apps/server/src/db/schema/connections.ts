import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/** A request; an accepted one is the connection itself, so removing a connection deletes its row. */
export const connectionRequests = pgTable(
  'connection_requests',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connection_requests_to_status_idx').on(t.toUserId, t.status, t.createdAt.desc().nullsFirst()),
    index('connection_requests_from_status_idx').on(t.fromUserId, t.status, t.createdAt.desc().nullsFirst()),
    // One live (pending or accepted) link per pair, whichever direction it was asked in.
    uniqueIndex('connection_requests_live_pair_uq')
      .on(sql`least(${t.fromUserId}, ${t.toUserId})`, sql`greatest(${t.fromUserId}, ${t.toUserId})`)
      .where(sql`${t.status} in ('pending', 'accepted')`),
  ],
)
