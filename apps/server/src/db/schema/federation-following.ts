import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users'

/**
 * Remote accounts a member follows (issue 30): `pending` from the Follow we sent until the remote server
 * answers with Accept (then `accepted`); a Reject or an unfollow deletes the row. What is shown of the
 * account (name, picture) is what its actor said when the member followed it.
 */
export const federationFollowing = pgTable(
  'federation_following',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorUri: text('actor_uri').notNull(),
    inboxUri: text('inbox_uri').notNull(),
    sharedInboxUri: text('shared_inbox_uri'),
    handle: text('handle').notNull(),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    url: text('url'),
    /** The remote server's software (NodeInfo), `vouched` for another Vouched instance. */
    software: text('software'),
    /** Our Follow activity's id: the Accept or Reject names it. */
    followId: text('follow_id').notNull(),
    state: text('state', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('federation_following_user_actor_uq').on(t.userId, t.actorUri),
    uniqueIndex('federation_following_follow_id_uq').on(t.followId),
    index('federation_following_actor_idx').on(t.actorUri),
  ],
)

/**
 * Posts (Notes, Articles) of remote accounts someone here follows, as plain text: kept while at least one
 * member follows their author, changed by Update and removed by Delete from that author.
 */
export const federationRemotePosts = pgTable(
  'federation_remote_posts',
  {
    id: serial('id').primaryKey(),
    objectUri: text('object_uri').notNull(),
    actorUri: text('actor_uri').notNull(),
    text: text('text').notNull(),
    url: text('url'),
    /** A vouch published by another Vouched instance (its Note links a verifiable credential). */
    isVouch: boolean('is_vouch').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federation_remote_posts_object_uq').on(t.objectUri),
    index('federation_remote_posts_actor_published_idx').on(t.actorUri, t.publishedAt, t.id),
  ],
)
