import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './users'

/** A member blocking another: neither reaches the other, and the blocked one's endorsements are hidden. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
)

export const REPORT_TARGET_TYPES = ['profile', 'endorsement', 'comment', 'message'] as const
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const

/**
 * A member's report of a profile, endorsement, comment or message. The reported member and a copy of
 * the content are kept so the queue still reads once the content is deleted.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: integer('target_id').notNull(),
    /** Whose content it is (the profile's member, the endorser, the comment's or message's author). */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'cascade' }),
    snapshot: text('snapshot'),
    reason: text('reason').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    action: text('action'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_target_user_idx').on(t.targetUserId),
    // One open report per member and target: reporting twice is a conflict, not a second row.
    uniqueIndex('reports_open_reporter_target_uq')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
)

/** A member's choice per notification type; no row means in-app on and email off. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
)

/**
 * Notification mails waiting to be sent: written in the transaction of their cause (so a rolled back
 * action mails nobody), sent and deleted after commit by whichever server instance claims them first.
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'notification': `body` is one sentence the mail wraps; 'digest': `body` is the whole text. */
    kind: text('kind', { enum: ['notification', 'digest'] })
      .notNull()
      .default('notification'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_mails_created_idx').on(t.createdAt)],
)
