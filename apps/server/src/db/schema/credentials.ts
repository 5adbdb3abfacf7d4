import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * The instance's Ed25519 signing keys (docs/decisions/135). One is active (no `retiredAt`); retired ones
 * stay so that the DID document keeps listing them and credentials they signed keep verifying. The
 * secret half never leaves the server: no response schema names it and no cache holds it.
 */
export const issuerKeys = pgTable(
  'issuer_keys',
  {
    id: serial('id').primaryKey(),
    publicKeyMultibase: text('public_key_multibase').notNull(),
    secretKeyMultibase: text('secret_key_multibase').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  // Instances starting together race to create the first key: at most one is active.
  (t) => [
    uniqueIndex('issuer_keys_one_active_idx')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
)

/**
 * One row per credential ever issued: its id is the credential's place in the status lists, allocated
 * once and never reused (docs/decisions/137). No foreign keys: the row outlives the endorsement, medal
 * or member it names, so that their disappearance reads as a revoked bit.
 * - `vouch`: `vouchId`, the receiver `userId`, and `fingerprint`, the version of the endorsement's
 *   content it states (an edit makes a new version and revokes the old one);
 * - `medal`: the holder `userId`, the skill (lower case) and the tier.
 */
export const credentialStatuses = pgTable(
  'credential_statuses',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['vouch', 'medal'] }).notNull(),
    credentialId: uuid('credential_id').notNull().defaultRandom(),
    userId: integer('user_id').notNull(),
    vouchId: integer('vouch_id'),
    fingerprint: text('fingerprint'),
    skill: text('skill'),
    tier: text('tier', { enum: ['bronze', 'silver', 'gold', 'platinum'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credential_statuses_vouch_idx')
      .on(t.vouchId, t.fingerprint)
      .where(sql`${t.kind} = 'vouch'`),
    uniqueIndex('credential_statuses_medal_idx')
      .on(t.userId, t.skill, t.tier)
      .where(sql`${t.kind} = 'medal'`),
    index('credential_statuses_user_idx').on(t.userId),
  ],
)
