import type { TConnection, TConnectionCheck, TConnectionRequest } from '@vouched/shared/connections'
import { CONNECTIONS_LIST_MAX } from '@vouched/shared/connections'
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { blocks, connectionRequests, users } from '../../db/schema/index'

/** Who reads a connection list: admins see everyone, a member not those who blocked them. */
type Reader = { id: number; isAdmin: boolean }

/** SQL: the member in `memberColumn` blocked the reader (never true for an admin reader). */
const blockedReader = (reader: Reader, memberColumn: typeof users.id) =>
  reader.isAdmin
    ? sql`false`
    : sql`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${memberColumn} and ${blocks.blockedId} = ${reader.id})`

/** Pending lists are bounded: nobody answers hundreds of requests from one menu. */
export const REQUEST_LIST_MAX = 200

export type ConnectionRequestRow = typeof connectionRequests.$inferSelect

const fromUsers = alias(users, 'from_users')
const toUsers = alias(users, 'to_users')

const requestColumns = {
  request: connectionRequests,
  from: {
    id: fromUsers.id,
    username: fromUsers.username,
    fullName: fromUsers.fullName,
    profilePicture: fromUsers.profilePicture,
    isVerified: fromUsers.isEmailVerified,
  },
  to: {
    id: toUsers.id,
    username: toUsers.username,
    fullName: toUsers.fullName,
    profilePicture: toUsers.profilePicture,
    isVerified: toUsers.isEmailVerified,
  },
}

type RequestJoinRow = {
  request: ConnectionRequestRow
  from: TConnectionRequest['fromUser']
  to: TConnectionRequest['toUser']
}

function toRequestShape({ request, from, to }: RequestJoinRow): TConnectionRequest {
  return {
    id: request.id,
    fromUserId: request.fromUserId,
    toUserId: request.toUserId,
    status: request.status,
    message: request.message,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    fromUser: from,
    toUser: to,
    fromUsername: from.username,
    fromFullName: from.fullName,
    fromProfilePicture: from.profilePicture,
  }
}

function selectRequests(db: Db) {
  return db
    .select(requestColumns)
    .from(connectionRequests)
    .innerJoin(fromUsers, eq(fromUsers.id, connectionRequests.fromUserId))
    .innerJoin(toUsers, eq(toUsers.id, connectionRequests.toUserId))
}

/** One request in its read shape, or null. */
export async function findRequestShape(db: Db, id: number): Promise<TConnectionRequest | null> {
  const [row] = await selectRequests(db).where(eq(connectionRequests.id, id)).limit(1)
  return row ? toRequestShape(row) : null
}

/** Requests waiting for the member's answer, newest first. */
export async function listPendingRequests(db: Db, userId: number): Promise<TConnectionRequest[]> {
  const rows = await selectRequests(db)
    .where(and(eq(connectionRequests.toUserId, userId), eq(connectionRequests.status, 'pending')))
    .orderBy(desc(connectionRequests.createdAt), desc(connectionRequests.id))
    .limit(REQUEST_LIST_MAX)
  return rows.map(toRequestShape)
}

/** Requests the member sent that are still waiting, newest first. */
export async function listSentRequests(db: Db, userId: number): Promise<TConnectionRequest[]> {
  const rows = await selectRequests(db)
    .where(and(eq(connectionRequests.fromUserId, userId), eq(connectionRequests.status, 'pending')))
    .orderBy(desc(connectionRequests.createdAt), desc(connectionRequests.id))
    .limit(REQUEST_LIST_MAX)
  return rows.map(toRequestShape)
}

export async function findRequest(db: Db, id: number): Promise<ConnectionRequestRow | null> {
  const [row] = await db.select().from(connectionRequests).where(eq(connectionRequests.id, id)).limit(1)
  return row ?? null
}

/** The pending or accepted row between two members, whichever way it was asked (the live-pair index). */
export async function findLiveRequestBetween(
  db: Db,
  a: number,
  b: number,
): Promise<ConnectionRequestRow | null> {
  const [row] = await db
    .select()
    .from(connectionRequests)
    .where(
      and(
        sql`least(${connectionRequests.fromUserId}, ${connectionRequests.toUserId}) = ${Math.min(a, b)}`,
        sql`greatest(${connectionRequests.fromUserId}, ${connectionRequests.toUserId}) = ${Math.max(a, b)}`,
        inArray(connectionRequests.status, ['pending', 'accepted']),
      ),
    )
    .limit(1)
  return row ?? null
}

/** The latest declined request from one member to another, for the retry delay. */
export async function findLatestRejection(db: Db, fromUserId: number, toUserId: number) {
  const [row] = await db
    .select({ id: connectionRequests.id, updatedAt: connectionRequests.updatedAt })
    .from(connectionRequests)
    .where(
      and(
        eq(connectionRequests.fromUserId, fromUserId),
        eq(connectionRequests.toUserId, toUserId),
        eq(connectionRequests.status, 'rejected'),
      ),
    )
    .orderBy(desc(connectionRequests.updatedAt))
    .limit(1)
  return row ?? null
}

/** Where the viewer stands with a member, for the profile's Connect / Pending / Connected button. */
export async function getConnectionCheck(
  db: Db,
  viewerId: number,
  userId: number,
): Promise<TConnectionCheck> {
  if (viewerId === userId) return { isConnected: false, status: 'none', requestId: null }
  const live = await findLiveRequestBetween(db, viewerId, userId)
  if (!live) return { isConnected: false, status: 'none', requestId: null }
  if (live.status === 'accepted') return { isConnected: true, status: 'connected', requestId: live.id }
  return {
    isConnected: false,
    status: live.fromUserId === viewerId ? 'pending-sent' : 'pending-received',
    requestId: live.id,
  }
}

/**
 * A member's connections, most recent first, without those who blocked the reader: a blocked member
 * no longer reads the blocker anywhere, a third member's list included.
 */
export async function listConnections(db: Db, userId: number, reader: Reader): Promise<TConnection[]> {
  const otherId = sql<number>`case when ${connectionRequests.fromUserId} = ${userId}
    then ${connectionRequests.toUserId} else ${connectionRequests.fromUserId} end`
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profilePicture: users.profilePicture,
      isVerified: users.isEmailVerified,
      reputationScore: users.reputationScore,
      title: users.title,
      connectedAt: connectionRequests.updatedAt,
    })
    .from(connectionRequests)
    .innerJoin(users, eq(users.id, otherId))
    .where(
      and(
        eq(connectionRequests.status, 'accepted'),
        or(eq(connectionRequests.fromUserId, userId), eq(connectionRequests.toUserId, userId)),
        sql`not ${blockedReader(reader, users.id)}`,
      ),
    )
    .orderBy(desc(connectionRequests.updatedAt), desc(connectionRequests.id))
    .limit(CONNECTIONS_LIST_MAX)
  return rows.map((row) => ({ ...row, connectedAt: row.connectedAt.toISOString() }))
}

/** Whether the member exists for the reader: one who blocked them is 'User not found', as their profile. */
export async function isVisibleMember(db: Db, id: number, reader: Reader) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), sql`not ${blockedReader(reader, users.id)}`))
    .limit(1)
  return Boolean(row)
}

export async function findUserSummary(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
  return row ?? null
}
