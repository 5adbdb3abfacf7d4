import { randomUUID } from 'node:crypto'
import type { Context } from '@fedify/fedify'
import {
  Accept,
  Article,
  Create,
  type Delete,
  Follow,
  isActor,
  Link,
  Note,
  type Reject,
  Undo,
  type Update,
  type Actor,
  type Object as APObject,
} from '@fedify/vocab'
import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { TFediverseFeed, TFollowing, TFollowState } from '@vouched/shared/fediverse-following'
import type { Db } from '../../db/client'
import {
  federationFollowers,
  federationFollowing,
  federationRemotePosts,
  remoteVouchesReceived,
  users,
} from '../../db/schema/index'
import type { RemoteActor } from './federation.lookup'
import { htmlToText, httpUrl } from './federation.text'

/*
 * Members following remote accounts (issue 30): the Follow sent, its Accept or Reject, the Undo of an
 * unfollow, and the posts of followed accounts kept for the member's "From the fediverse" list.
 */

const toFollowing = (row: typeof federationFollowing.$inferSelect): TFollowing => ({
  id: row.id,
  handle: row.handle,
  actorUri: row.actorUri,
  name: row.name,
  avatarUrl: row.avatarUrl,
  url: row.url,
  vouched: row.software === 'vouched',
  state: row.state,
  createdAt: row.createdAt.toISOString(),
})

export async function listFollowing(db: Db, userId: number): Promise<TFollowing[]> {
  const rows = await db
    .select()
    .from(federationFollowing)
    .where(eq(federationFollowing.userId, userId))
    .orderBy(desc(federationFollowing.id))
  return rows.map(toFollowing)
}

export async function followStateOf(db: Db, userId: number, actorUri: string): Promise<TFollowState> {
  const [row] = await db
    .select({ state: federationFollowing.state })
    .from(federationFollowing)
    .where(and(eq(federationFollowing.userId, userId), eq(federationFollowing.actorUri, actorUri)))
  return row?.state ?? 'none'
}

/** The Follow a member sends, signed as their actor; its id is what the remote server's answer names. */
const followOf = (ctx: Context<void>, username: string, actorUri: string, followId: string) =>
  new Follow({ id: new URL(followId), actor: ctx.getActorUri(username), object: new URL(actorUri) })

/**
 * The member follows a remote account: kept as pending, and a Follow delivered to it. Following again
 * an account already followed (or asked) sends nothing and answers the row as it is.
 */
export async function followRemote(
  db: Db,
  ctx: Context<void>,
  member: { id: number; username: string },
  actor: RemoteActor,
): Promise<{ following: TFollowing; created: boolean }> {
  const followId = new URL(`#follows/${randomUUID()}`, ctx.getActorUri(member.username)).href
  const [inserted] = await db
    .insert(federationFollowing)
    .values({
      userId: member.id,
      actorUri: actor.actorUri,
      inboxUri: actor.inboxUri,
      sharedInboxUri: actor.sharedInboxUri,
      handle: actor.handle,
      name: actor.name,
      avatarUrl: actor.avatarUrl,
      url: actor.url,
      software: actor.software,
      followId,
    })
    .onConflictDoNothing()
    .returning()
  if (!inserted) {
    const [existing] = await db
      .select()
      .from(federationFollowing)
      .where(and(eq(federationFollowing.userId, member.id), eq(federationFollowing.actorUri, actor.actorUri)))
    return { following: toFollowing(existing!), created: false }
  }
  await ctx.sendActivity(
    { identifier: member.username },
    recipientOf(inserted),
    followOf(ctx, member.username, actor.actorUri, followId),
  )
  return { following: toFollowing(inserted), created: true }
}

const recipientOf = (row: { actorUri: string; inboxUri: string; sharedInboxUri: string | null }) => ({
  id: new URL(row.actorUri),
  inboxId: new URL(row.inboxUri),
  endpoints: row.sharedInboxUri ? { sharedInbox: new URL(row.sharedInboxUri) } : null,
})

/** Unfollows: Undo(Follow) to the account, then the row and the posts no one here follows any longer go. */
export async function unfollowRemote(
  db: Db,
  ctx: Context<void>,
  member: { id: number; username: string },
  id: number,
): Promise<boolean> {
  const [row] = await db
    .delete(federationFollowing)
    .where(and(eq(federationFollowing.id, id), eq(federationFollowing.userId, member.id)))
    .returning()
  if (!row) return false
  await ctx.sendActivity(
    { identifier: member.username },
    recipientOf(row),
    new Undo({
      id: new URL(`#undo/${randomUUID()}`, ctx.getActorUri(member.username)),
      actor: ctx.getActorUri(member.username),
      object: followOf(ctx, member.username, row.actorUri, row.followId),
    }),
  )
  await forgetUnfollowedPosts(db, row.actorUri)
  return true
}

/**
 * A member who stopped publishing (or was suspended) has no actor any more: the accounts they follow
 * are sent Undo(Follow), signed with the keys they still have, and the follows are forgotten.
 */
export async function undoFollowsOfSilenced(db: Db, ctx: Context<void>, userId: number, username: string) {
  const [member] = await db
    .select({ federated: users.federated, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
  if (member?.federated && !member.suspendedAt) return
  const rows = await db
    .select({ id: federationFollowing.id })
    .from(federationFollowing)
    .where(eq(federationFollowing.userId, userId))
  for (const row of rows) await unfollowRemote(db, ctx, { id: userId, username }, row.id)
}

async function forgetUnfollowedPosts(db: Db, actorUri: string) {
  await db
    .delete(federationRemotePosts)
    .where(
      and(
        eq(federationRemotePosts.actorUri, actorUri),
        sql`not exists (select 1 from federation_following f where f.actor_uri = ${actorUri})`,
      ),
    )
}

/**
 * An Accept or Reject of a Follow one of our members sent: true when it was one (and is now applied),
 * false for anything else, which the caller may handle otherwise. Only the followed account itself may
 * answer, and only the Follow it was sent (matched by its id).
 */
export async function answerFollow(db: Db, answer: Accept | Reject): Promise<boolean> {
  if (!answer.actorId || !answer.objectId) return false
  const match = and(
    eq(federationFollowing.followId, answer.objectId.href),
    eq(federationFollowing.actorUri, answer.actorId.href),
  )
  const [row] = await db.select({ id: federationFollowing.id }).from(federationFollowing).where(match)
  if (!row) return false
  if (answer instanceof Accept) {
    await db
      .update(federationFollowing)
      .set({ state: 'accepted', acceptedAt: sql`coalesce(${federationFollowing.acceptedAt}, now())` })
      .where(eq(federationFollowing.id, row.id))
  } else {
    await db.delete(federationFollowing).where(eq(federationFollowing.id, row.id))
    await forgetUnfollowedPosts(db, answer.actorId.href)
  }
  return true
}

const CREDENTIAL_TYPE = 'application/vc+ld+json'

/**
 * A Create or Update of a Note or Article by an account a member here follows (accepted): kept as plain
 * text, or its text replaced. An Update of the sender's own actor refreshes what members see of it.
 * Anything else, and posts attributed to someone other than the sender, are ignored.
 */
export async function receivePost(db: Db, ctx: Context<void>, activity: Create | Update): Promise<void> {
  const actorUri = activity.actorId?.href
  if (!actorUri) return
  let object: APObject | null
  try {
    object = await activity.getObject(ctx)
  } catch {
    return
  }
  if (!(activity instanceof Create) && isActor(object)) return refreshActor(db, actorUri, object)
  if (!(object instanceof Note || object instanceof Article) || !object.id) return
  if (object.attributionId?.href !== actorUri || object.id.origin !== activity.actorId!.origin) return
  const [followed] = await db
    .select({ software: federationFollowing.software })
    .from(federationFollowing)
    .where(and(eq(federationFollowing.actorUri, actorUri), eq(federationFollowing.state, 'accepted')))
    .limit(1)
  if (!followed) return

  const title = object instanceof Article ? htmlToText(object.name?.toString(), 300) : ''
  const body = htmlToText(object.content?.toString())
  const text = [title, body].filter(Boolean).join('\n\n')
  if (!text) return
  const url = object.url instanceof Link ? object.url.href : object.url
  // Another Vouched instance's vouch Note links its verifiable credential (federation.ts, noteOf).
  let isVouch = false
  if (followed.software === 'vouched') {
    try {
      for await (const item of object.getAttachments({ crossOrigin: 'ignore' })) {
        if (item instanceof Link && item.mediaType === CREDENTIAL_TYPE) isVouch = true
      }
    } catch {
      isVouch = false
    }
  }
  const published = object.published ? new Date(object.published.epochMilliseconds) : new Date()
  const values = {
    objectUri: object.id.href,
    actorUri,
    text,
    url: url && /^https?:$/.test(url.protocol) ? url.href : null,
    isVouch,
    // A date from the future would stay on top of every list.
    publishedAt: published.getTime() > Date.now() ? new Date() : published,
  }
  if (activity instanceof Create) {
    await db.insert(federationRemotePosts).values(values).onConflictDoNothing()
    return
  }
  await db
    .update(federationRemotePosts)
    .set({ text: values.text, url: values.url, isVouch: values.isVouch, updatedAt: new Date() })
    .where(
      and(
        eq(federationRemotePosts.objectUri, values.objectUri),
        eq(federationRemotePosts.actorUri, actorUri),
      ),
    )
}

/**
 * A remote account changed its profile (Mastodon sends `Update(Person)` on each edit): its new name,
 * picture and profile page replace what was kept of it as a followed account, a follower and the giver
 * of received vouches. Only the account itself may say so; its handle and inbox stay as first found.
 */
async function refreshActor(db: Db, actorUri: string, actor: Actor): Promise<void> {
  if (actor.id?.href !== actorUri) return
  const name = htmlToText(actor.name?.toString(), 200) || null
  const link = (url: URL | Link | null | undefined) => (url instanceof Link ? url.href : url)?.href ?? null
  const profileUrl = httpUrl(link(actor.url))
  let avatarUrl: string | null = null
  try {
    avatarUrl = httpUrl(link((await actor.getIcon())?.url))
  } catch {
    // A picture that cannot be fetched leaves the one kept.
  }
  await db.transaction(async (tx) => {
    await tx
      .update(federationFollowing)
      .set({ name, url: profileUrl, ...(avatarUrl ? { avatarUrl } : {}) })
      .where(eq(federationFollowing.actorUri, actorUri))
    await tx
      .update(federationFollowers)
      .set({ name, url: profileUrl })
      .where(eq(federationFollowers.actorUri, actorUri))
    await tx
      .update(remoteVouchesReceived)
      .set({ name, ...(profileUrl ? { profileUrl } : {}) })
      .where(eq(remoteVouchesReceived.actorUri, actorUri))
  })
}

/**
 * A Delete from a remote account: of one of its posts (kept here), or of the account itself, when the
 * follows of it and its posts go too.
 */
export async function receiveDelete(db: Db, activity: Delete): Promise<void> {
  const actorUri = activity.actorId?.href
  const objectUri = activity.objectId?.href
  if (!actorUri || !objectUri) return
  if (objectUri === actorUri) {
    await db.delete(federationFollowing).where(eq(federationFollowing.actorUri, actorUri))
    await db.delete(federationRemotePosts).where(eq(federationRemotePosts.actorUri, actorUri))
    return
  }
  await db
    .delete(federationRemotePosts)
    .where(and(eq(federationRemotePosts.objectUri, objectUri), eq(federationRemotePosts.actorUri, actorUri)))
}

const FEED_PAGE = 20

/** Cursor: the last item's published time and id, so that posts published at the same instant page in order. */
const encodeCursor = (publishedAt: Date, id: number) =>
  Buffer.from(`${publishedAt.toISOString()}|${id}`).toString('base64url')

export function decodeFeedCursor(cursor: string): { publishedAt: Date; id: number } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const publishedAt = new Date(at ?? '')
  const n = Number(id)
  if (Number.isNaN(publishedAt.getTime()) || !Number.isSafeInteger(n) || n <= 0) return null
  return { publishedAt, id: n }
}

/** The member's "From the fediverse": posts of the accounts they follow (accepted), newest first. */
export async function listFeed(
  db: Db,
  userId: number,
  cursor: { publishedAt: Date; id: number } | null,
  limit = FEED_PAGE,
): Promise<TFediverseFeed> {
  const p = federationRemotePosts
  const f = federationFollowing
  const rows = await db
    .select({
      id: p.id,
      text: p.text,
      url: p.url,
      isVouch: p.isVouch,
      publishedAt: p.publishedAt,
      handle: f.handle,
      name: f.name,
      avatarUrl: f.avatarUrl,
      authorUrl: f.url,
    })
    .from(p)
    .innerJoin(f, and(eq(f.actorUri, p.actorUri), eq(f.userId, userId), eq(f.state, 'accepted')))
    .where(
      cursor
        ? or(
            lt(p.publishedAt, cursor.publishedAt),
            and(eq(p.publishedAt, cursor.publishedAt), lt(p.id, cursor.id)),
          )
        : undefined,
    )
    .orderBy(desc(p.publishedAt), desc(p.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => ({
      id: row.id,
      author: { handle: row.handle, name: row.name, avatarUrl: row.avatarUrl, url: row.authorUrl },
      text: row.text,
      url: row.url,
      published: row.publishedAt.toISOString(),
      isVouch: row.isVouch,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.publishedAt, last.id) : null,
  }
}
