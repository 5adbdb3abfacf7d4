import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users'

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: [
        'endorsement',
        'like',
        'comment',
        'connection',
        'message',
        'announcement',
        'endorsement-request',
        'follow-request',
        'remote-vouch',
      ],
    }).notNull(),
    entityId: integer('entity_id'),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    index('notifications_from_user_idx').on(t.fromUserId),
  ],
)

/**
 * Each member's unread notifications, kept by statement triggers on notifications (migration 0010) so
 * the bell's count reads one row instead of every unread notification (thousands for a popular member
 * who never opens the list). No row means none.
 */
export const memberNotificationCounts = pgTable('member_notification_counts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unread: integer('unread').notNull().default(0),
})
