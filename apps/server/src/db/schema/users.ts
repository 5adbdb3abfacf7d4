import { COLOR_SCHEMES } from '@vouched/shared/appearance'
import { DIGEST_FREQUENCIES } from '@vouched/shared/digest'
import { LOCALES } from '@vouched/shared/locale'
import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** scrypt hash, never the password itself; never leaves the server. */
    password: text('password').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    bio: text('bio'),
    title: text('title'),
    location: text('location'),
    profilePicture: text('profile_picture'),
    workEmail: text('work_email'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** sha256 of the mailed 6-digit code. */
    verificationCode: text('verification_code'),
    verificationCodeExpiry: timestamp('verification_code_expiry', { withTimezone: true }),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    /** sha256 of the mailed reset token. */
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Denormalised: sum of every received endorsement's points, kept in the endorsement transaction. */
    reputationScore: real('reputation_score').notNull().default(0),
    /** Denormalised: endorsements received. */
    vouchCount: integer('vouch_count').notNull().default(0),
    /** Set by an admin acting on a report: the member cannot sign in while it is set. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Received endorsements wait for the member's approval (pending_vouches) before they show or count. */
    reviewEndorsements: boolean('review_endorsements').notNull().default(false),
    /** 'system' | 'light' | 'dark', or null while the member has not picked one (each device keeps its own). */
    colorScheme: text('color_scheme', { enum: COLOR_SCHEMES }),
    /** 'off' | 'daily' | 'weekly': the digest mail of unread notifications (features/digest). */
    digest: text('digest', { enum: DIGEST_FREQUENCIES }).notNull().default('off'),
    /** 'en' | 'de', or null to follow the browser: the language of their answers and mails (decision 153). */
    locale: text('locale', { enum: LOCALES }),
    /** The member publishes their profile and public vouches to the fediverse (docs/federation.md). */
    federated: boolean('federated').notNull().default(false),
    /** Follows wait for the member's approval; the actor says `manuallyApprovesFollowers` (decision 154). */
    approveFollowers: boolean('approve_followers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_reputation_idx').on(
      t.reputationScore.desc().nullsFirst(),
      t.vouchCount.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_username_trgm_idx')
      .using('gin', sql`lower(${t.username}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_full_name_trgm_idx')
      .using('gin', sql`lower(${t.fullName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_title_trgm_idx')
      .using('gin', sql`lower(${t.title}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Exact full-name matches (search ranks them first) without reading every trigram candidate.
    index('users_full_name_lower_idx').on(sql`lower(${t.fullName})`),
    // "Starts with" searches as a range of a btree (text_pattern_ops: the database's collation may not
    // be C, and then a plain btree cannot serve LIKE 'abc%'). A trigram index answers the same in a
    // few milliseconds, reading the long lists of common trigrams (' jo', 'ohn') even when nothing matches.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_full_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    index('users_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    // The digest job reads the few members who turned it on, never every member.
    index('users_digest_idx')
      .on(t.id)
      .where(sql`${t.digest} <> 'off'`),
    index('users_vouch_count_idx').on(
      t.vouchCount.desc().nullsFirst(),
      t.reputationScore.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie's token, so a leaked table cannot be replayed. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What the member's Settings and the API call the session: the id is a secret's hash. */
    publicId: serial('public_id').notNull(),
    /** The browser's User-Agent at sign-in, cut to 512 characters: how Settings names the device. */
    userAgent: text('user_agent'),
    /** Moved forward at most every few minutes by the session plugin (core/session.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_idx').on(t.publicId),
  ],
)

/**
 * Endorsements given, comments and likes made, per member per day: activityScore is the sum over
 * the last 30 days, which a windowed counter answers without scanning the activity tables.
 */
export const memberDailyActivity = pgTable(
  'member_daily_activity',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/** Files members uploaded (pictures, endorsement attachments); the row proves who owns a URL. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['profile-picture', 'attachment'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_file_name_idx').on(t.fileName), index('uploads_user_idx').on(t.userId)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst())],
)
