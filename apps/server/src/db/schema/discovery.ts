import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Every word of every member's username, full name and title, lower-cased: the dictionary that
 * typo-tolerant search corrects a query against ('jonh' → 'john') before looking members up.
 * Kept by a trigger on users (migration 0002); words are never removed, a stale one finds nobody.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx')
    .using('gin', sql`${t.term} gin_trgm_ops`)
    .with({ fastupdate: false }),
])

/**
 * A member's activityScore: endorsements given, comments and likes made since the window start
 * (member_daily_activity rows with day >= member_activity_window.window_start). A trigger on
 * member_daily_activity keeps it current and one on users gives every member a row; the discovery
 * feature slides the window every day. Indexed so "Recently Active" walks members in order.
 */
export const memberActivityScores = pgTable(
  'member_activity_scores',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
  },
  (t) => [
    index('member_activity_scores_score_idx').on(t.score.desc().nullsFirst(), t.userId.desc().nullsFirst()),
  ],
)

/** One row: the first day member_activity_scores counts (today minus 29 once the window slid). */
export const memberActivityWindow = pgTable(
  'member_activity_window',
  {
    id: integer('id').primaryKey().default(1),
    windowStart: date('window_start').notNull(),
  },
  (t) => [check('member_activity_window_single_row', sql`${t.id} = 1`)],
)
