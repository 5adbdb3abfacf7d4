import { NOTIFICATION_TEXTS } from '@vouched/shared/notifications.constants'
import { CONNECTION_MESSAGES, CONNECTION_RETRY_DAYS } from '@vouched/shared/connections'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { connectionRequests } from '../../db/schema/index'
import { assertNotBlocked } from '../blocks/blocks.queries'
import { AppError, forbidden } from '../../core/errors'
import { publishEvent } from '../../core/events'
import type { Member } from '../../core/user-shapes'
import { createNotification } from '../notifications/notifications.service'
import {
  findLatestRejection,
  findLiveRequestBetween,
  findRequest,
  findUserSummary,
  type ConnectionRequestRow,
} from './connections.queries'

const LIVE_PAIR_INDEX = 'connection_requests_live_pair_uq'
const DAY_MS = 86_400_000

/** Whether two members are connected (an accepted request either way). Messaging relies on it. */
export async function areConnected(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return false
  const live = await findLiveRequestBetween(db, a, b)
  return live?.status === 'accepted'
}

const displayName = (user: { fullName: string | null; username: string }) => user.fullName || user.username

const formatDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** A unique violation of the live-pair index: two requests for one pair raced each other. */
function isLivePairViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505' && (constraint === undefined || constraint === LIVE_PAIR_INDEX)) return true
    if ((e as { cause?: unknown }).cause === e) break
  }
  return false
}

async function conflictForExisting(db: Db, fromId: number, toId: number): Promise<AppError | null> {
  const live = await findLiveRequestBetween(db, fromId, toId)
  if (!live) return null
  if (live.status === 'accepted')
    return new AppError('ALREADY_CONNECTED', CONNECTION_MESSAGES.alreadyConnected, 409)
  return live.fromUserId === fromId
    ? new AppError('REQUEST_PENDING', CONNECTION_MESSAGES.alreadyPending, 409)
    : new AppError('REQUEST_PENDING_FROM_THEM', CONNECTION_MESSAGES.reversePending, 409)
}

/**
 * Sends a request: never to oneself, one live request per pair in either direction, none to a
 * connection, and a declined sender waits 30 days before asking the same member again.
 */
export async function sendConnectionRequest(
  db: Db,
  from: Member,
  toUserId: number,
  message: string | undefined,
): Promise<ConnectionRequestRow> {
  if (toUserId === from.id) throw new AppError('SELF_CONNECTION', CONNECTION_MESSAGES.self, 400)
  const target = await findUserSummary(db, toUserId)
  if (!target) throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.userNotFound, 404)
  await assertNotBlocked(db, from.id, toUserId)

  const conflict = await conflictForExisting(db, from.id, toUserId)
  if (conflict) throw conflict

  const rejection = await findLatestRejection(db, from.id, toUserId)
  if (rejection) {
    const retryAt = new Date(rejection.updatedAt.getTime() + CONNECTION_RETRY_DAYS * DAY_MS)
    if (retryAt.getTime() > Date.now()) {
      throw new AppError(
        'REQUEST_DECLINED_RECENTLY',
        CONNECTION_MESSAGES.retryAfter(formatDate(retryAt)),
        409,
      )
    }
  }

  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(connectionRequests)
        .values({ fromUserId: from.id, toUserId, message: message ?? null })
        .returning()
      await createNotification(tx, {
        userId: toUserId,
        type: 'connection',
        entityId: request!.id,
        fromUserId: from.id,
        message: NOTIFICATION_TEXTS.connectionRequested(displayName(from)),
      })
      await publishEvent(tx, toUserId, { type: 'connection-request', entityId: request!.id })
      await publishEvent(tx, from.id, { type: 'connection-request', entityId: request!.id })
      return request!
    })
  } catch (error) {
    if (!isLivePairViolation(error)) throw error
    // Another request for this pair committed first: answer as if it had been there all along.
    throw (
      (await conflictForExisting(db, from.id, toUserId)) ??
      new AppError('REQUEST_PENDING', CONNECTION_MESSAGES.alreadyPending, 409)
    )
  }
}

/** Loads a request for an action, in the order 404 → 403 → 409. */
async function getPendingRequestFor(
  db: Db,
  id: number,
  allowed: (request: ConnectionRequestRow) => boolean,
  deniedMessage: string,
) {
  const request = await findRequest(db, id)
  if (!request) throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.requestNotFound, 404)
  if (!allowed(request)) throw forbidden(deniedMessage)
  if (request.status !== 'pending')
    throw new AppError('REQUEST_NOT_PENDING', CONNECTION_MESSAGES.notPending, 409)
  return request
}

/** Marks a pending request as answered; null when someone else answered or cancelled it first. */
async function answer(tx: Db, id: number, status: 'accepted' | 'rejected') {
  const [updated] = await tx
    .update(connectionRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(connectionRequests.id, id), eq(connectionRequests.status, 'pending')))
    .returning()
  if (!updated) throw new AppError('REQUEST_NOT_PENDING', CONNECTION_MESSAGES.notPending, 409)
  return updated
}

/** Only the recipient accepts; the sender is notified. */
export async function acceptConnectionRequest(db: Db, me: Member, id: number) {
  await getPendingRequestFor(db, id, (r) => r.toUserId === me.id, CONNECTION_MESSAGES.onlyRecipient)
  return db.transaction(async (tx) => {
    const updated = await answer(tx, id, 'accepted')
    await createNotification(tx, {
      userId: updated.fromUserId,
      type: 'connection',
      entityId: updated.id,
      fromUserId: me.id,
      message: NOTIFICATION_TEXTS.connectionAccepted(displayName(me)),
    })
    for (const userId of [updated.fromUserId, updated.toUserId]) {
      await publishEvent(tx, userId, { type: 'connection-accepted', entityId: updated.id })
    }
    return updated
  })
}

/** Only the recipient declines; the sender is not notified, but their Sent list refreshes. */
export async function rejectConnectionRequest(db: Db, me: Member, id: number) {
  await getPendingRequestFor(db, id, (r) => r.toUserId === me.id, CONNECTION_MESSAGES.onlyRecipient)
  return db.transaction(async (tx) => {
    const updated = await answer(tx, id, 'rejected')
    for (const userId of [updated.fromUserId, updated.toUserId]) {
      await publishEvent(tx, userId, { type: 'connection-removed', entityId: updated.id })
    }
    return updated
  })
}

/** Only the sender cancels a pending request; the row goes, so a new request may follow at once. */
export async function cancelConnectionRequest(db: Db, me: Member, id: number) {
  await getPendingRequestFor(db, id, (r) => r.fromUserId === me.id, CONNECTION_MESSAGES.onlySender)
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(connectionRequests)
      .where(and(eq(connectionRequests.id, id), eq(connectionRequests.status, 'pending')))
      .returning()
    if (!deleted) throw new AppError('REQUEST_NOT_PENDING', CONNECTION_MESSAGES.notPending, 409)
    for (const userId of [deleted.fromUserId, deleted.toUserId]) {
      await publishEvent(tx, userId, { type: 'connection-removed', entityId: deleted.id })
    }
  })
}

/** Either side removes a connection; the accepted row is the connection, so it is deleted. */
export async function removeConnection(db: Db, me: Member, otherUserId: number) {
  const live = await findLiveRequestBetween(db, me.id, otherUserId)
  if (!live || live.status !== 'accepted' || otherUserId === me.id) {
    throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.connectionNotFound, 404)
  }
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(connectionRequests)
      .where(and(eq(connectionRequests.id, live.id), eq(connectionRequests.status, 'accepted')))
      .returning()
    if (!deleted) throw new AppError('NOT_FOUND', CONNECTION_MESSAGES.connectionNotFound, 404)
    for (const userId of [me.id, otherUserId]) {
      await publishEvent(tx, userId, { type: 'connection-removed', entityId: deleted.id })
    }
  })
}
