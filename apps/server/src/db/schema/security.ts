import {
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

/**
 * A member's TOTP second factor (docs/decisions/141). The secrets are AES-256-GCM ciphertexts under a
 * key derived from SESSION_SECRET: a copy of the table alone signs nobody in.
 */
export const twoFactorSettings = pgTable('two_factor_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The secret in use; null while two-factor is off. */
  secret: text('secret'),
  /** A secret handed out by setup and waiting for its confirming code. */
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The 30-second step of the last code accepted: a code of that step or earlier is refused (replay). */
  lastStep: integer('last_step'),
})

/** Ten single-use codes made when two-factor is turned on; stored as sha256, shown once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
)

/**
 * A sign-in whose password was right and which waits for its second factor: keyed by the sha256 of
 * the token in the member's short-lived cookie, gone when completed, after a few wrong codes, or at
 * `expiresAt`.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
)

/**
 * The browsers a member has signed in with (sha256 of the User-Agent), kept after their sessions end:
 * a sign-in from one not listed mails the member (docs/decisions/142).
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgentHash: text('user_agent_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.userAgentHash] })],
)
