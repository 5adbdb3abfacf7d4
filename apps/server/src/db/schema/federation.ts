import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Each federated member's signing keys (docs/decisions/149): an RSA key for HTTP Signatures and an
 * Ed25519 key for Object Integrity Proofs. The private half is sealed with the server's secret
 * (core/secret-box.ts) and never leaves the server.
 */
export const federationKeys = pgTable(
  'federation_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['rsa', 'ed25519'] }).notNull(),
    publicJwk: jsonb('public_jwk').notNull(),
    sealedPrivateJwk: text('sealed_private_jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('federation_keys_user_kind_uq').on(t.userId, t.kind)],
)

/**
 * Remote actors following a member, or asking to: a follow waits as `pending` while the member approves
 * followers (decision 154); only `accepted` ones are in the followers collection and hear anything.
 */
export const federationFollowers = pgTable(
  'federation_followers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorUri: text('actor_uri').notNull(),
    inboxUri: text('inbox_uri').notNull(),
    sharedInboxUri: text('shared_inbox_uri'),
    /** `@name@host`, for the member's list of followers. */
    handle: text('handle'),
    followId: text('follow_id'),
    state: text('state', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('accepted'),
    /** The actor's display name and profile page as it gave them, for the member's list. */
    name: text('name'),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federation_followers_user_actor_uq').on(t.userId, t.actorUri),
    index('federation_followers_actor_idx').on(t.actorUri),
  ],
)

/** Fedify's key–value store (caches, idempotence): keys are JSON arrays of strings. */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('federation_kv_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
)

/**
 * Fedify's message queue (outgoing deliveries, incoming activities, fan-out): a message is taken for a
 * lease and deleted once handled, so a message in flight when the process stops runs again after its
 * lease runs out (docs/decisions/149).
 */
export const federationQueue = pgTable(
  'federation_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message: jsonb('message').notNull(),
    orderingKey: text('ordering_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('federation_queue_run_at_idx').on(t.runAt, t.id)],
)

/**
 * What each member's followers have been told: one row per vouch published as a Note by that member
 * (given or received), with the fingerprint of the content sent. No foreign keys: the row outlives the
 * vouch so that its disappearance can be sent as a Delete (docs/decisions/150).
 */
export const federationPublished = pgTable(
  'federation_published',
  {
    userId: integer('user_id').notNull(),
    vouchId: integer('vouch_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vouchId] })],
)

/**
 * Members whose published vouches may differ from what their followers were told: written by triggers
 * in the same transaction as the change (migration 0030), drained by the publisher.
 */
export const federationDirty = pgTable('federation_dirty', {
  userId: integer('user_id').primaryKey(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
})
