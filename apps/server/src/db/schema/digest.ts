import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Where each member's digest stands (docs/decisions/148): the last period it was taken for ('2026-01-15'
 * for a daily digest, '2026-W03' for a weekly one), and the time up to which unread notifications were
 * covered. A run claims a member by moving `period` in the transaction that queues their mail, so a
 * member gets one digest per period however many instances run the job.
 */
export const memberDigests = pgTable('member_digests', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  period: text('period').notNull(),
  coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
})
