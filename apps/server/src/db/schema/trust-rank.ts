import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  timestamp,
} from 'drizzle-orm/pg-core'
import { users } from './users'

/** One largest source of a member's trust: the endorser (`f`, null for being a seed) and its share. */
export type StoredTrustSource = { f: number | null; s: number }

/** Each member's trust as of the last recompute (features/trust): rewritten whole by each one. */
export const trustScores = pgTable(
  'trust_scores',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member's share of all trust (all members add up to 1). */
    trust: doublePrecision('trust').notNull(),
    /** Trust relative to the average member (trust × members). */
    score: real('score').notNull(),
    percentile: real('percentile').notNull(),
    isSeed: boolean('is_seed').notNull(),
    sources: jsonb('sources').$type<StoredTrustSource[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  // The discovery sort walks it in order.
  (t) => [index('trust_scores_trust_idx').on(t.trust.desc().nullsFirst(), t.userId.desc().nullsFirst())],
)

/** Seed members chosen by admins, besides those with a verified work email on an older account. */
export const trustSeeds = pgTable('trust_seeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
