import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { federationDirty, federationFollowers, federationPublished, users } from '../../db/schema/index'

export type ActorMember = {
  id: number
  username: string
  fullName: string | null
  title: string | null
  bio: string | null
  profilePicture: string | null
  createdAt: Date
  approveFollowers: boolean
}

/** A member who publishes to the fediverse, by username in any case; null otherwise (suspended too). */
export async function findActorMember(db: Db, username: string): Promise<ActorMember | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      title: users.title,
      bio: users.bio,
      profilePicture: users.profilePicture,
      createdAt: users.createdAt,
      approveFollowers: users.approveFollowers,
    })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        eq(users.federated, true),
        isNull(users.suspendedAt),
      ),
    )
  return row ?? null
}

export async function countActorMembers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.federated, true), isNull(users.suspendedAt)))
  return row?.n ?? 0
}

export async function countPublished(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(federationPublished)
  return row?.n ?? 0
}

export type Follower = {
  id: number
  actorUri: string
  inboxUri: string
  sharedInboxUri: string | null
}

export async function listFollowers(
  db: Db,
  userId: number,
  { after, limit }: { after?: number; limit: number },
): Promise<Follower[]> {
  return db
    .select({
      id: federationFollowers.id,
      actorUri: federationFollowers.actorUri,
      inboxUri: federationFollowers.inboxUri,
      sharedInboxUri: federationFollowers.sharedInboxUri,
    })
    .from(federationFollowers)
    .where(
      and(
        eq(federationFollowers.userId, userId),
        // Requests waiting for approval hear nothing and are not in the collection (decision 154).
        eq(federationFollowers.state, 'accepted'),
        after ? gt(federationFollowers.id, after) : undefined,
      ),
    )
    .orderBy(asc(federationFollowers.id))
    .limit(limit)
}

export async function countFollowers(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(federationFollowers)
    .where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.state, 'accepted')))
  return row?.n ?? 0
}

export async function deleteFollower(db: Db, userId: number, actorUri: string) {
  await db
    .delete(federationFollowers)
    .where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.actorUri, actorUri)))
}

/**
 * A vouch as its Note tells it. Only vouches that may leave the server are read (docs/federation.md):
 * named (never anonymous), shown (neither hidden by its receiver nor by a block), between two members
 * who both publish to the fediverse, neither of whom is suspended and neither of whom blocked the other.
 */
export type PublishableVouch = {
  id: number
  fromUserId: number
  toUserId: number
  fromUsername: string
  fromFullName: string | null
  toUsername: string
  toFullName: string | null
  category: string
  note: string | null
  hashtags: string[]
  createdAt: string
  fingerprint: string
}

const publishableSelect = sql`select v.id, v.from_user_id as "fromUserId", v.to_user_id as "toUserId",
    fu.username as "fromUsername", fu.full_name as "fromFullName",
    tu.username as "toUsername", tu.full_name as "toFullName", v.category, v.note,
    (select coalesce(json_agg(h.tag order by lower(h.tag)), '[]'::json)
      from vouch_hashtags vh join hashtags h on h.id = vh.hashtag_id where vh.vouch_id = v.id) as hashtags,
    v.created_at as "createdAt",
    md5(concat_ws(chr(31), v.category, coalesce(v.note, ''), fu.username, coalesce(fu.full_name, ''),
      tu.username, coalesce(tu.full_name, ''),
      (select coalesce(string_agg(h.tag, ',' order by lower(h.tag)), '')
        from vouch_hashtags vh join hashtags h on h.id = vh.hashtag_id where vh.vouch_id = v.id))) as fingerprint
  from vouches v
  join users fu on fu.id = v.from_user_id
  join users tu on tu.id = v.to_user_id
  where not v.is_anonymous and not v.is_hidden and not v.hidden_by_block
    and fu.federated and tu.federated and fu.suspended_at is null and tu.suspended_at is null
    and not exists (select 1 from blocks b
      where (b.blocker_id = v.from_user_id and b.blocked_id = v.to_user_id)
         or (b.blocker_id = v.to_user_id and b.blocked_id = v.from_user_id))`

const asPublishable = (row: PublishableVouch): PublishableVouch => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
})

/** The vouches a member's followers are to know of: given and received. */
export async function listPublishableVouches(db: Db, userId: number): Promise<PublishableVouch[]> {
  const rows = await queryRows<PublishableVouch>(
    db,
    sql`${publishableSelect} and (v.from_user_id = ${userId} or v.to_user_id = ${userId}) order by v.id`,
  )
  return rows.map(asPublishable)
}

export async function findPublishableVouch(db: Db, vouchId: number): Promise<PublishableVouch | null> {
  const [row] = await queryRows<PublishableVouch>(db, sql`${publishableSelect} and v.id = ${vouchId}`)
  return row ? asPublishable(row) : null
}

export async function listPublished(db: Db, userId: number) {
  return db
    .select({ vouchId: federationPublished.vouchId, fingerprint: federationPublished.fingerprint })
    .from(federationPublished)
    .where(eq(federationPublished.userId, userId))
}

export async function upsertPublished(db: Db, userId: number, vouchId: number, fingerprint: string) {
  await db
    .insert(federationPublished)
    .values({ userId, vouchId, fingerprint })
    .onConflictDoUpdate({
      target: [federationPublished.userId, federationPublished.vouchId],
      set: { fingerprint, publishedAt: sql`now()` },
    })
}

export async function deletePublished(db: Db, userId: number, vouchId: number) {
  await db
    .delete(federationPublished)
    .where(and(eq(federationPublished.userId, userId), eq(federationPublished.vouchId, vouchId)))
}

/** Takes up to `limit` marked members off the list: a member marked again meanwhile is marked anew. */
export async function takeDirtyMembers(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`delete from federation_dirty where user_id in (
        select user_id from federation_dirty order by marked_at limit ${limit} for update skip locked)
      returning user_id`,
  )
  return rows.map((row) => row.user_id)
}

export async function markDirty(db: Db, userIds: number[]) {
  if (userIds.length === 0) return
  await db
    .insert(federationDirty)
    .values(userIds.map((userId) => ({ userId })))
    .onConflictDoNothing()
}

/** At start: every member who publishes or published, in case a change was taken but not handled. */
export async function markEveryPublisher(db: Db) {
  await db.execute(sql`insert into federation_dirty (user_id)
    select id from users where federated union select distinct user_id from federation_published
    on conflict (user_id) do nothing`)
}

export async function findUsernameById(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId))
  return row?.username ?? null
}

export async function findMemberIdByUsername(db: Db, username: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
  return row?.id ?? null
}
