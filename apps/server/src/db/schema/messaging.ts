import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { users } from './users'

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    /** Always the smaller id of the pair, so a pair has exactly one conversation. */
    user1Id: integer('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: integer('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_pair_uq').on(t.user1Id, t.user2Id),
    check('conversations_ordered_pair', sql`${t.user1Id} < ${t.user2Id}`),
    index('conversations_user1_idx').on(t.user1Id, t.lastMessageAt.desc().nullsFirst()),
    index('conversations_user2_idx').on(t.user2Id, t.lastMessageAt.desc().nullsFirst()),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: text('status', { enum: ['sent', 'delivered', 'read'] })
      .notNull()
      .default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(
      t.conversationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('messages_recipient_status_idx').on(t.recipientId, t.status),
    index('messages_sender_idx').on(t.senderId),
  ],
)
