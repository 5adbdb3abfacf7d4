import {
  ENDORSEMENT_REQUEST_LIST_MAX,
  type TEndorsementRequest,
  type TEndorsementRequestExport,
  type TEndorsementRequestBox,
} from '@vouched/shared/endorsement-requests'
import type { TCategory } from '@vouched/shared/endorsements'
import { and, asc, desc, eq, gt, ne, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { blockedEitherWay } from '../blocks/blocks.queries'
import type { Db } from '../../db/client'
import { endorsementRequests, users } from '../../db/schema/index'

export type EndorsementRequestRow = typeof endorsementRequests.$inferSelect

const fromUsers = alias(users, 'from_users')
const toUsers = alias(users, 'to_users')

const memberColumns = (table: typeof fromUsers | typeof toUsers) => ({
  id: table.id,
  username: table.username,
  fullName: table.fullName,
  profilePicture: table.profilePicture,
  isVerified: table.isEmailVerified,
})

type JoinRow = {
  request: EndorsementRequestRow
  from: TEndorsementRequest['fromUser']
  to: TEndorsementRequest['toUser']
}

function toRequestShape({ request, from, to }: JoinRow): TEndorsementRequest {
  return {
    id: request.id,
    fromUser: from,
    toUser: to,
    hashtags: request.hashtags,
    category: request.category as TCategory | null,
    message: request.message,
    status: request.status,
    vouchId: request.vouchId,
    createdAt: request.createdAt.toISOString(),
    answeredAt: request.answeredAt?.toISOString() ?? null,
  }
}

function selectRequests(db: Db) {
  return db
    .select({ request: endorsementRequests, from: memberColumns(fromUsers), to: memberColumns(toUsers) })
    .from(endorsementRequests)
    .innerJoin(fromUsers, eq(fromUsers.id, endorsementRequests.fromUserId))
    .innerJoin(toUsers, eq(toUsers.id, endorsementRequests.toUserId))
}

/** One request in its read shape, or null. */
export async function findRequestShape(db: Db, id: number): Promise<TEndorsementRequest | null> {
  const [row] = await selectRequests(db).where(eq(endorsementRequests.id, id)).limit(1)
  return row ? toRequestShape(row) : null
}

/**
 * The member's received or sent requests, newest first, cancelled ones left out. A request between
 * two members who blocked each other (either way) is left out too: the block hides each from the other.
 */
export async function listRequests(
  db: Db,
  memberId: number,
  box: TEndorsementRequestBox,
): Promise<TEndorsementRequest[]> {
  const mine = box === 'received' ? endorsementRequests.toUserId : endorsementRequests.fromUserId
  const theirs = box === 'received' ? endorsementRequests.fromUserId : endorsementRequests.toUserId
  const rows = await selectRequests(db)
    .where(
      and(
        eq(mine, memberId),
        ne(endorsementRequests.status, 'cancelled'),
        sql`not ${blockedEitherWay(memberId, theirs)}`,
      ),
    )
    .orderBy(desc(endorsementRequests.createdAt), desc(endorsementRequests.id))
    .limit(ENDORSEMENT_REQUEST_LIST_MAX)
  return rows.map(toRequestShape)
}

export async function findRequest(db: Db, id: number): Promise<EndorsementRequestRow | null> {
  const [row] = await db.select().from(endorsementRequests).where(eq(endorsementRequests.id, id)).limit(1)
  return row ?? null
}

/** The open request from one member to another, or null (there is at most one). */
export async function findOpenRequest(db: Db, fromUserId: number, toUserId: number) {
  const [row] = await db
    .select({ id: endorsementRequests.id })
    .from(endorsementRequests)
    .where(
      and(
        eq(endorsementRequests.fromUserId, fromUserId),
        eq(endorsementRequests.toUserId, toUserId),
        eq(endorsementRequests.status, 'open'),
      ),
    )
    .limit(1)
  return row ?? null
}

/** How many requests the member sent since `since` (cancelled ones too), and when the oldest of them was sent. */
export async function countSentSince(db: Db, fromUserId: number, since: Date) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestMs: sql<
        number | null
      >`(extract(epoch from min(${endorsementRequests.createdAt})) * 1000)::float8`,
    })
    .from(endorsementRequests)
    .where(and(eq(endorsementRequests.fromUserId, fromUserId), gt(endorsementRequests.createdAt, since)))
  return { count: row?.count ?? 0, oldestMs: row?.oldestMs == null ? null : Number(row.oldestMs) }
}

/** Every request the member sent or received, cancelled ones too, oldest first: their data export. */
export async function listRequestsForExport(db: Db, memberId: number): Promise<TEndorsementRequestExport[]> {
  const rows = await selectRequests(db)
    .where(or(eq(endorsementRequests.fromUserId, memberId), eq(endorsementRequests.toUserId, memberId)))
    .orderBy(asc(endorsementRequests.id))
  return rows.map((row) => {
    const { fromUser, toUser, ...request } = toRequestShape(row)
    const sent = fromUser.id === memberId
    const other = sent ? toUser : fromUser
    return {
      ...request,
      direction: sent ? ('sent' as const) : ('received' as const),
      user: { id: other.id, username: other.username, fullName: other.fullName },
    }
  })
}
