import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Personal API tokens (docs/decisions/133): a member's scripts act as them with
 * `Authorization: Bearer vch_…`. Only the token's SHA-256 is kept, so a leaked table cannot be replayed;
 * revoking deletes the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 (hex) of the whole token, prefix included; requests are looked up by it. */
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    /** 'read' (GET and HEAD only) or 'read-write'. */
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: the token never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_uq').on(t.tokenHash),
    index('api_tokens_user_created_idx').on(t.userId, t.createdAt),
  ],
)
