import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { LEVELS, RELATIONSHIPS } from '@vouched/shared/endorsements'
import { users } from './users'

export const vouches = pgTable(
  'vouches',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    note: text('note'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    contentType: text('content_type'),
    contentUrl: text('content_url'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    engagementWeight: real('engagement_weight').notNull().default(1),
    /** The receiver hid it: it counts for nothing and only the receiver (and admins) see it. */
    isHidden: boolean('is_hidden').notNull().default(false),
    /** The receiver blocked its endorser: hidden the same way until the block is lifted. */
    hiddenByBlock: boolean('hidden_by_block').notNull().default(false),
    /** How the endorser knows the member and how good they say they are (RELATIONSHIPS, LEVELS). */
    relationship: text('relationship', { enum: RELATIONSHIPS }),
    level: text('level', { enum: LEVELS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('vouches_from_to_category_uq').on(t.fromUserId, t.toUserId, t.category),
    index('vouches_to_created_idx').on(t.toUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('vouches_from_created_idx').on(t.fromUserId, t.createdAt.desc().nullsFirst()),
    // Whether an upload is still attached (deleting an endorsement, the unused-attachments sweep).
    index('vouches_content_url_idx')
      .on(t.contentUrl)
      .where(sql`${t.contentUrl} is not null`),
  ],
)

export const vouchLikes = pgTable(
  'vouch_likes',
  {
    id: serial('id').primaryKey(),
    vouchId: integer('vouch_id')
      .notNull()
      .references(() => vouches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('vouch_likes_vouch_user_uq').on(t.vouchId, t.userId),
    index('vouch_likes_user_idx').on(t.userId),
  ],
)

export const vouchComments = pgTable(
  'vouch_comments',
  {
    id: serial('id').primaryKey(),
    vouchId: integer('vouch_id')
      .notNull()
      .references(() => vouches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vouch_comments_vouch_idx').on(t.vouchId, t.createdAt),
    index('vouch_comments_user_idx').on(t.userId),
  ],
)

export const hashtags = pgTable(
  'hashtags',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull(),
    /** Denormalised: endorsements carrying the tag. */
    count: integer('count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('hashtags_tag_lower_idx').on(sql`lower(${t.tag})`),
    index('hashtags_count_idx').on(t.count.desc().nullsFirst(), t.id),
  ],
)

export const vouchHashtags = pgTable(
  'vouch_hashtags',
  {
    id: serial('id').primaryKey(),
    vouchId: integer('vouch_id')
      .notNull()
      .references(() => vouches.id, { onDelete: 'cascade' }),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('vouch_hashtags_vouch_hashtag_uq').on(t.vouchId, t.hashtagId),
    index('vouch_hashtags_hashtag_idx').on(t.hashtagId, t.vouchId),
  ],
)

/** Per (member, category) score and count, kept in the endorsement transaction: profiles read it, never aggregate. */
export const memberCategoryStats = pgTable(
  'member_category_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    score: real('score').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
)

/** Per (member, hashtag received) count: backs topHashtags, medals and multi-hashtag search. */
export const memberHashtags = pgTable(
  'member_hashtags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hashtagId] }),
    index('member_hashtags_hashtag_idx').on(t.hashtagId, t.userId, t.count),
    index('member_hashtags_user_count_idx').on(t.userId, t.count.desc().nullsFirst(), t.hashtagId),
  ],
)

/** Per (member, category, hashtag) count: the tag chips of a profile's category cards. */
export const memberCategoryHashtags = pgTable(
  'member_category_hashtags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    hashtagId: integer('hashtag_id')
      .notNull()
      .references(() => hashtags.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category, t.hashtagId] }),
    // The profile reads each category's most received tags from the top of this index.
    index('member_category_hashtags_top_idx').on(
      t.userId,
      t.category,
      t.count.desc().nullsFirst(),
      t.hashtagId,
    ),
  ],
)

export const medals = pgTable(
  'medals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillName: text('skill_name').notNull(),
    tier: text('tier', { enum: ['bronze', 'silver', 'gold', 'platinum'] }).notNull(),
    lastEndorsedAt: timestamp('last_endorsed_at', { withTimezone: true }).notNull(),
    endorsementCount: integer('endorsement_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('medals_user_skill_uq').on(t.userId, t.skillName)],
)

/**
 * Endorsements waiting for their receiver's approval (the receiver reviews endorsements). Kept apart
 * from `vouches` so that nothing that reads or counts endorsements can see one by mistake: accepting
 * moves it into `vouches` under the same id (both take ids from the vouches sequence), declining or
 * withdrawing deletes it. docs/decisions/119.
 */
export const pendingVouches = pgTable(
  'pending_vouches',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('vouches_id_seq')`),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    note: text('note'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    contentType: text('content_type'),
    contentUrl: text('content_url'),
    engagementWeight: real('engagement_weight').notNull().default(1),
    /** The skills as given (normalised, deduplicated): they become tags only when it is accepted. */
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    relationship: text('relationship', { enum: RELATIONSHIPS }),
    level: text('level', { enum: LEVELS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('pending_vouches_from_to_category_uq').on(t.fromUserId, t.toUserId, t.category),
    index('pending_vouches_to_created_idx').on(t.toUserId, t.createdAt),
    index('pending_vouches_from_created_idx').on(t.fromUserId, t.createdAt),
    index('pending_vouches_content_url_idx')
      .on(t.contentUrl)
      .where(sql`${t.contentUrl} is not null`),
  ],
)
