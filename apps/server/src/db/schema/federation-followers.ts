import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Remote accounts a member blocked (decision 154): their follows are refused with a Reject, and a
 * follower blocked is removed. Keyed by the actor's URI, as remote servers name it.
 */
export const federationBlockedAccounts = pgTable(
  'federation_blocked_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorUri: text('actor_uri').notNull(),
    /** `@name@host` when it was known, for the member's list. */
    handle: text('handle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('federation_blocked_accounts_user_actor_uq').on(t.userId, t.actorUri)],
)
