import type { TCategory, TEndorsement } from '@vouched/shared/endorsements'
import { and, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { pendingVouches, users } from '../../db/schema/index'
import { endorserWasVerified, type EndorsementRow, type Viewer } from './endorsements.queries'
import type { NewEndorsement } from './endorsements.writes.service'

/**
 * Endorsements waiting for their receiver's approval (pending_vouches, docs/decisions/119): they count
 * for nothing and only their two members and admins see them.
 */

export type PendingRow = typeof pendingVouches.$inferSelect
type Member = EndorsementRow['from']

/** Records an endorsement for its receiver to review; nothing else moves until they accept it. */
export async function insertPendingEndorsement(tx: Db, e: NewEndorsement, hashtags: string[]) {
  const [row] = await tx
    .insert(pendingVouches)
    .values({
      fromUserId: e.fromUserId,
      toUserId: e.toUserId,
      category: e.category,
      note: e.note ?? null,
      isAnonymous: e.isAnonymous,
      contentUrl: e.contentUrl ?? null,
      contentType: e.contentType ?? null,
      engagementWeight: e.engagementWeight,
      hashtags,
      relationship: e.relationship ?? null,
      level: e.level ?? null,
    })
    .returning()
  return row!
}

/** The read shape of a waiting endorsement: nobody can like or comment on it yet. */
export function pendingToEndorsement(
  row: { pending: PendingRow; from: Member; to: Member },
  viewer: Viewer,
): TEndorsement {
  const v = row.pending
  const reveal = !v.isAnonymous || viewer.isAdmin || viewer.id === v.fromUserId
  return {
    id: v.id,
    fromUserId: reveal ? v.fromUserId : null,
    toUserId: v.toUserId,
    category: v.category as TCategory,
    note: v.note,
    isAnonymous: v.isAnonymous,
    contentType: v.contentType,
    contentUrl: v.contentUrl,
    likeCount: 0,
    commentCount: 0,
    engagementWeight: v.engagementWeight,
    createdAt: v.createdAt.toISOString(),
    fromUsername: reveal ? row.from.username : null,
    fromFullName: reveal ? row.from.fullName : null,
    fromProfilePicture: reveal ? row.from.profilePicture : null,
    fromUser: reveal ? row.from : null,
    toUser: row.to,
    hashtags: v.hashtags,
    verified: !v.isAnonymous && endorserWasVerified(v),
    hasLiked: false,
    relationship: v.relationship,
    level: v.level,
    isPending: true,
  }
}

const fromUser = alias(users, 'from_user')
const toUser = alias(users, 'to_user')
const member = (u: typeof fromUser | typeof toUser) => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  profilePicture: u.profilePicture,
  isVerified: u.isEmailVerified,
})

function selectPending(db: Db) {
  return db
    .select({ pending: pendingVouches, from: member(fromUser), to: member(toUser) })
    .from(pendingVouches)
    .innerJoin(fromUser, eq(fromUser.id, pendingVouches.fromUserId))
    .innerJoin(toUser, eq(toUser.id, pendingVouches.toUserId))
}

/** A member waits on a few at most; the lists are capped so one answer stays small. */
const PENDING_LIST_MAX = 200

/** What waits for the viewer's approval, and what the viewer gave that waits for someone else's. */
export async function listPendingEndorsements(db: Db, viewer: Viewer) {
  const [received, given] = await Promise.all([
    selectPending(db)
      .where(eq(pendingVouches.toUserId, viewer.id))
      .orderBy(desc(pendingVouches.createdAt), desc(pendingVouches.id))
      .limit(PENDING_LIST_MAX),
    selectPending(db)
      .where(eq(pendingVouches.fromUserId, viewer.id))
      .orderBy(desc(pendingVouches.createdAt), desc(pendingVouches.id))
      .limit(PENDING_LIST_MAX),
  ])
  return {
    received: received.map((row) => pendingToEndorsement(row, viewer)),
    given: given.map((row) => pendingToEndorsement(row, viewer)),
  }
}

/** Whether the viewer may know the waiting endorsement exists: its two members and admins. */
export const canSeePending = (row: Pick<PendingRow, 'fromUserId' | 'toUserId'>, viewer: Viewer) =>
  viewer.isAdmin || viewer.id === row.fromUserId || viewer.id === row.toUserId

/** The waiting endorsement as the viewer may read it, or null (missing, or not theirs to see). */
export async function findPendingEndorsement(db: Db, id: number, viewer: Viewer) {
  const [row] = await selectPending(db).where(eq(pendingVouches.id, id)).limit(1)
  return row && canSeePending(row.pending, viewer) ? pendingToEndorsement(row, viewer) : null
}

export async function findPendingRow(db: Db, id: number, lock = false) {
  const query = db.select().from(pendingVouches).where(eq(pendingVouches.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** The categories `fromUserId` has waiting with `toUserId`: a second one there answers 409 as well. */
export async function listPendingCategories(db: Db, fromUserId: number, toUserId: number) {
  const rows = await db
    .select({ category: pendingVouches.category })
    .from(pendingVouches)
    .where(and(eq(pendingVouches.fromUserId, fromUserId), eq(pendingVouches.toUserId, toUserId)))
  return rows.map((row) => row.category)
}

/** How many wait for the member's approval (the settings page and the profile say so). */
export async function countPendingReceived(db: Db, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pendingVouches)
    .where(eq(pendingVouches.toUserId, userId))
  return row?.n ?? 0
}
