import { retryInWords } from '@vouched/shared/server.constants'
import {
  ENDORSEMENT_REQUEST_MESSAGES,
  ENDORSEMENT_REQUESTS_PER_DAY,
  endorsementRequestNotice,
  type TCreateEndorsementRequest,
} from '@vouched/shared/endorsement-requests'
import { and, eq, sql } from 'drizzle-orm'
import { findBlockBetween } from '../blocks/blocks.queries'
import { AppError, forbidden } from '../../core/errors'
import { publishEvent } from '../../core/events'
import type { Member } from '../../core/user-shapes'
import type { Db } from '../../db/client'
import { endorsementRequests } from '../../db/schema/index'
import { areConnected } from '../connections/connections.service'
import { createNotification, removeNotificationsAbout } from '../notifications/notifications.service'
import {
  countSentSince,
  findOpenRequest,
  findRequest,
  type EndorsementRequestRow,
} from './endorsement-requests.queries'

const DAY_MS = 86_400_000
const OPEN_PAIR_INDEX = 'endorsement_requests_open_pair_uq'

/** The 429 of the daily limit; the route turns `retryAfterSeconds` into a Retry-After header. */
export class RequestLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'REQUEST_LIMIT',
      ENDORSEMENT_REQUEST_MESSAGES.dailyLimit(retryInWords(retryAfterSeconds * 1000)),
      429,
    )
  }
}

const displayName = (user: Pick<Member, 'fullName' | 'username'>) => user.fullName || user.username

const duplicate = () => new AppError('REQUEST_OPEN', ENDORSEMENT_REQUEST_MESSAGES.duplicate, 409, 'toUserId')

function isOpenPairViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505' && (constraint === undefined || constraint === OPEN_PAIR_INDEX)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * Asks a connection to vouch, checks in the order 400 (self) → 403 → 409 → 429. Anyone who is not a
 * connection, a member who does not exist and a member blocked either way all get the same 403, so
 * the answer never tells a block apart. The sender's lock makes the daily count exact under races.
 */
export async function createEndorsementRequest(db: Db, from: Member, body: TCreateEndorsementRequest) {
  const { toUserId } = body
  if (toUserId === from.id) {
    throw new AppError('SELF_REQUEST', ENDORSEMENT_REQUEST_MESSAGES.self, 400, 'toUserId')
  }
  try {
    return await db.transaction(async (tx) => {
      // Namespaced by 25 (the issue) so it never meets lockPair's two-key locks on member ids.
      await tx.execute(sql`select pg_advisory_xact_lock(25, ${from.id}::int)`)
      const blocked = await findBlockBetween(tx, from.id, toUserId)
      if (blocked || !(await areConnected(tx, from.id, toUserId))) {
        throw new AppError('NOT_CONNECTED', ENDORSEMENT_REQUEST_MESSAGES.notConnected, 403, 'toUserId')
      }
      if (await findOpenRequest(tx, from.id, toUserId)) throw duplicate()
      const recent = await countSentSince(tx, from.id, new Date(Date.now() - DAY_MS))
      if (recent.count >= ENDORSEMENT_REQUESTS_PER_DAY && recent.oldestMs != null) {
        throw new RequestLimitError(Math.max(1, Math.ceil((recent.oldestMs + DAY_MS - Date.now()) / 1000)))
      }
      const [request] = await tx
        .insert(endorsementRequests)
        .values({
          fromUserId: from.id,
          toUserId,
          hashtags: body.hashtags,
          category: body.category ?? null,
          message: body.message ?? null,
        })
        .returning()
      await createNotification(tx, {
        userId: toUserId,
        type: 'endorsement-request',
        entityId: request!.id,
        fromUserId: from.id,
        message: endorsementRequestNotice(displayName(from), body.hashtags),
      })
      await announce(tx, request!)
      return request!
    })
  } catch (error) {
    // Two requests to the same member racing: the open-pair index decides.
    if (isOpenPairViolation(error)) throw duplicate()
    throw error
  }
}

/** Both members' request lists refresh live. */
async function announce(tx: Db, request: Pick<EndorsementRequestRow, 'id' | 'fromUserId' | 'toUserId'>) {
  for (const userId of [request.fromUserId, request.toUserId]) {
    await publishEvent(tx, userId, { type: 'endorsement-request', entityId: request.id })
  }
}

/** Loads a request for an action, in the order 404 → 403 → 409. */
async function getOpenRequestFor(
  db: Db,
  id: number,
  allowed: (request: EndorsementRequestRow) => boolean,
  deniedMessage: string,
) {
  const request = await findRequest(db, id)
  if (!request) throw new AppError('NOT_FOUND', ENDORSEMENT_REQUEST_MESSAGES.notFound, 404)
  if (!allowed(request)) throw forbidden(deniedMessage)
  if (request.status !== 'open') throw notOpen()
  return request
}

const notOpen = () => new AppError('REQUEST_NOT_OPEN', ENDORSEMENT_REQUEST_MESSAGES.notOpen, 409)

/** Closes an open request; a 409 when a vouch, a decline or a cancel got there first. */
async function close(tx: Db, id: number, status: 'declined' | 'cancelled') {
  const [updated] = await tx
    .update(endorsementRequests)
    .set({ status, answeredAt: new Date() })
    .where(and(eq(endorsementRequests.id, id), eq(endorsementRequests.status, 'open')))
    .returning()
  if (!updated) throw notOpen()
  await announce(tx, updated)
  return updated
}

/** Only the asked member declines; the asker is not notified, but their Sent list shows it. */
export async function declineEndorsementRequest(db: Db, me: Member, id: number) {
  await getOpenRequestFor(db, id, (r) => r.toUserId === me.id, ENDORSEMENT_REQUEST_MESSAGES.onlyRecipient)
  return db.transaction((tx) => close(tx, id, 'declined'))
}

/**
 * Only the asker cancels. The row stays (it still counts towards the daily limit) but leaves both
 * lists, and the asked member's notification about it goes.
 */
export async function cancelEndorsementRequest(db: Db, me: Member, id: number) {
  await getOpenRequestFor(db, id, (r) => r.fromUserId === me.id, ENDORSEMENT_REQUEST_MESSAGES.onlySender)
  return db.transaction(async (tx) => {
    const cancelled = await close(tx, id, 'cancelled')
    await removeNotificationsAbout(tx, {
      userId: cancelled.toUserId,
      type: 'endorsement-request',
      entityId: id,
    })
    return cancelled
  })
}

/**
 * Called by the endorsement's own transaction: a named endorsement from the asked member to the asker,
 * in any category and with any skills, fulfils their open request (docs/decisions/122). An anonymous
 * one does not: a request turning fulfilled the moment an anonymous endorsement arrives would name
 * its giver to the asker.
 */
export async function fulfilEndorsementRequests(
  tx: Db,
  vouch: { id: number; fromUserId: number; toUserId: number; isAnonymous: boolean },
) {
  if (vouch.isAnonymous) return
  const fulfilled = await tx
    .update(endorsementRequests)
    .set({ status: 'fulfilled', vouchId: vouch.id, answeredAt: new Date() })
    .where(
      and(
        eq(endorsementRequests.fromUserId, vouch.toUserId),
        eq(endorsementRequests.toUserId, vouch.fromUserId),
        eq(endorsementRequests.status, 'open'),
      ),
    )
    .returning({
      id: endorsementRequests.id,
      fromUserId: endorsementRequests.fromUserId,
      toUserId: endorsementRequests.toUserId,
    })
  for (const request of fulfilled) await announce(tx, request)
}
