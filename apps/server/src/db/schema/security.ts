import {
  bigint,
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

/**
 * A member's passkey (WebAuthn credential, docs/decisions/146). The public key is COSE, base64url;
 * `userHandle` is the random WebAuthn user id the member's passkeys share (never their id or name).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser names it; unique across the instance. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that keep none, as synced passkeys do). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    /** `multiDevice` (synced) or `singleDevice`, and whether it was backed up, as last reported. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_idx').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
)

/**
 * A WebAuthn challenge handed out and not yet answered: registration ones belong to a member, sign-in
 * ones to nobody yet. Deleted by the answer that uses it (so it works once, on any instance), or at
 * `expiresAt`.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** The challenge itself (base64url of 32 random bytes): it is sent in the clear anyway. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Registration: the WebAuthn user id the options named, kept on the passkey it makes. */
    userHandle: text('user_handle'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
)
