import { randomUUID } from 'node:crypto'
import type { Context } from '@fedify/fedify'
import { Accept, Follow, Reject, type Actor, type Recipient } from '@fedify/vocab'
import {
  FOLLOWER_MESSAGES,
  type TBlockedAccountList,
  type TFollowerList,
} from '@vouched/shared/federation-followers'
import { NOTIFICATION_TEXTS } from '@vouched/shared/notifications.constants'
import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { federationBlockedAccounts, federationFollowers } from '../../db/schema/index'
import { AppError } from '../../core/errors'
import { createNotification } from '../notifications/notifications.service'

/**
 * Followers a member approves, removes or blocks (issue 30, decision 154): the rows of
 * federation_followers with their state, the remote accounts a member blocked, and the Accept and
 * Reject activities that tell the follower's server.
 */

export type FollowerRow = typeof federationFollowers.$inferSelect

const followerFields = {
  id: federationFollowers.id,
  handle: federationFollowers.handle,
  actorUri: federationFollowers.actorUri,
  url: federationFollowers.url,
  name: federationFollowers.name,
  state: federationFollowers.state,
  createdAt: federationFollowers.createdAt,
}

const invalidCursor = () => new AppError('INVALID_CURSOR', SERVER_MESSAGES.invalidCursor, 400, 'cursor')

/** `p123` (a pending request) or `a123` (an accepted follower): the last row of the page before. */
function parseFollowerCursor(cursor: string | undefined) {
  if (cursor === undefined) return undefined
  const match = /^([pa])(\d{1,10})$/.exec(cursor)
  if (!match) throw invalidCursor()
  return { pending: match[1] === 'p', id: Number(match[2]) }
}

/** Pending requests first, then followers; newest first in each. */
export async function listMemberFollowers(
  db: Db,
  userId: number,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<TFollowerList> {
  const after = parseFollowerCursor(cursor)
  const pendingFirst = sql`case when ${federationFollowers.state} = 'pending' then 0 else 1 end`
  const position = !after
    ? undefined
    : after.pending
      ? or(
          and(eq(federationFollowers.state, 'pending'), lt(federationFollowers.id, after.id)),
          eq(federationFollowers.state, 'accepted'),
        )
      : and(eq(federationFollowers.state, 'accepted'), lt(federationFollowers.id, after.id))
  const rows = await db
    .select(followerFields)
    .from(federationFollowers)
    .where(and(eq(federationFollowers.userId, userId), position))
    .orderBy(pendingFirst, desc(federationFollowers.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    followers: page.map(({ createdAt, ...row }) => ({ ...row, since: createdAt.toISOString() })),
    nextCursor: rows.length > limit && last ? `${last.state === 'pending' ? 'p' : 'a'}${last.id}` : null,
  }
}

/** The member's follower (or request) by id; someone else's is not found, as an unknown one. */
export async function findOwnFollower(db: Db, userId: number, id: number): Promise<FollowerRow> {
  const [row] = await db
    .select()
    .from(federationFollowers)
    .where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.id, id)))
  if (!row) throw new AppError('NOT_FOUND', FOLLOWER_MESSAGES.followerNotFound, 404)
  return row
}

export async function findFollowerByActor(db: Db, userId: number, actorUri: string) {
  const [row] = await db
    .select()
    .from(federationFollowers)
    .where(and(eq(federationFollowers.userId, userId), eq(federationFollowers.actorUri, actorUri)))
  return row ?? null
}

export async function markFollowerAccepted(db: Db, id: number) {
  await db.update(federationFollowers).set({ state: 'accepted' }).where(eq(federationFollowers.id, id))
}

export async function deleteFollowerRow(db: Db, id: number) {
  await db.delete(federationFollowers).where(eq(federationFollowers.id, id))
}

const nameOf = (actor: Actor) => actor.name?.toString().trim() || null
const urlOf = (actor: Actor) => {
  const url = actor.url
  if (!url) return null
  return url instanceof URL ? url.href : (url.href?.href ?? null)
}
export const handleOf = (actor: Actor) =>
  actor.id && actor.preferredUsername ? `@${actor.preferredUsername.toString()}@${actor.id.host}` : null

/**
 * Keeps a follow that was not refused: accepted at once, or pending while the member approves
 * followers (then they are notified, once per request). A follower already accepted stays accepted
 * (a server sending its Follow again is answered with an Accept again). Returns the follow's state.
 */
export async function receiveFollow(
  db: Db,
  member: { id: number; approveFollowers: boolean },
  follower: Actor,
  followId: URL,
): Promise<'pending' | 'accepted'> {
  if (!follower.id || !follower.inboxId) throw new Error('A follower needs an id and an inbox')
  const before = await findFollowerByActor(db, member.id, follower.id.href)
  const state = before?.state === 'accepted' || !member.approveFollowers ? 'accepted' : 'pending'
  const handle = handleOf(follower)
  await db.transaction(async (tx) => {
    await tx
      .insert(federationFollowers)
      .values({
        userId: member.id,
        actorUri: follower.id!.href,
        inboxUri: follower.inboxId!.href,
        sharedInboxUri: follower.endpoints?.sharedInbox?.href ?? null,
        handle,
        name: nameOf(follower),
        url: urlOf(follower),
        followId: followId.href,
        state,
      })
      .onConflictDoUpdate({
        target: [federationFollowers.userId, federationFollowers.actorUri],
        set: {
          inboxUri: follower.inboxId!.href,
          sharedInboxUri: follower.endpoints?.sharedInbox?.href ?? null,
          handle,
          name: nameOf(follower),
          url: urlOf(follower),
          followId: followId.href,
          state,
        },
      })
    if (state === 'pending' && !before) {
      await createNotification(tx, {
        userId: member.id,
        type: 'follow-request',
        message: NOTIFICATION_TEXTS.followRequested(handle ?? follower.id!.href),
      })
    }
  })
  return state
}

/** Where a follower is reached: its inbox, or its server's shared inbox. */
export const recipientOf = (
  row: Pick<FollowerRow, 'actorUri' | 'inboxUri' | 'sharedInboxUri'>,
): Recipient => ({
  id: new URL(row.actorUri),
  inboxId: new URL(row.inboxUri),
  endpoints: row.sharedInboxUri ? { sharedInbox: new URL(row.sharedInboxUri) } : null,
})

/**
 * The answer to a kept follow: Accept (approved) or Reject (refused, removed, blocked). The Follow is
 * named by the id its server gave it, which is how Mastodon finds the follow to drop or confirm.
 */
export function answerFollow(
  ctx: Context<void>,
  kind: 'accept' | 'reject',
  username: string,
  row: Pick<FollowerRow, 'actorUri' | 'followId'>,
) {
  const actor = ctx.getActorUri(username)
  const follow = new Follow({
    id: row.followId ? new URL(row.followId) : null,
    actor: new URL(row.actorUri),
    object: actor,
  })
  const id = new URL(`#${kind}/${randomUUID()}`, actor)
  return kind === 'accept'
    ? new Accept({ id, actor, object: follow })
    : new Reject({ id, actor, object: follow })
}

export async function isBlockedAccount(db: Db, userId: number, actorUri: string): Promise<boolean> {
  const [row] = await db
    .select({ id: federationBlockedAccounts.id })
    .from(federationBlockedAccounts)
    .where(
      and(eq(federationBlockedAccounts.userId, userId), eq(federationBlockedAccounts.actorUri, actorUri)),
    )
  return Boolean(row)
}

/** Blocks the account (again: the block stays as it was). */
export async function insertBlockedAccount(
  db: Db,
  userId: number,
  account: { actorUri: string; handle: string | null },
) {
  await db
    .insert(federationBlockedAccounts)
    .values({ userId, ...account })
    .onConflictDoNothing()
  const [row] = await db
    .select()
    .from(federationBlockedAccounts)
    .where(
      and(
        eq(federationBlockedAccounts.userId, userId),
        eq(federationBlockedAccounts.actorUri, account.actorUri),
      ),
    )
  if (!row) throw new Error('The block was not kept')
  return { id: row.id, actorUri: row.actorUri, handle: row.handle, since: row.createdAt.toISOString() }
}

export async function listBlockedAccounts(
  db: Db,
  userId: number,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<TBlockedAccountList> {
  if (cursor !== undefined && !/^\d{1,10}$/.test(cursor)) throw invalidCursor()
  const rows = await db
    .select()
    .from(federationBlockedAccounts)
    .where(
      and(
        eq(federationBlockedAccounts.userId, userId),
        cursor === undefined ? undefined : lt(federationBlockedAccounts.id, Number(cursor)),
      ),
    )
    .orderBy(desc(federationBlockedAccounts.id))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  return {
    accounts: page.map((row) => ({
      id: row.id,
      actorUri: row.actorUri,
      handle: row.handle,
      since: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null,
  }
}

export async function deleteBlockedAccount(db: Db, userId: number, id: number) {
  const deleted = await db
    .delete(federationBlockedAccounts)
    .where(and(eq(federationBlockedAccounts.userId, userId), eq(federationBlockedAccounts.id, id)))
    .returning({ id: federationBlockedAccounts.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', FOLLOWER_MESSAGES.blockedAccountNotFound, 404)
}
