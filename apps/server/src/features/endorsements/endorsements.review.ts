import { REVIEW_MESSAGES, type TUpdateEndorsement } from '@vouched/shared/endorsement-review'
import { engagementWeight, type TEndorsement } from '@vouched/shared/endorsements'
import { countedPoints } from '@vouched/shared/reputation'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { pendingVouches, users, vouches } from '../../db/schema/index'
import { AppError, forbidden, notFound } from '../../core/errors'
import { deleteUploadFiles } from '../../core/uploads'
import { displayName, type Member } from '../../core/user-shapes'
import { blockedError, blockerBetween } from '../blocks/blocks.queries'
import { releaseAttachment } from './endorsements.attachments'
import {
  applyReceivedCounters,
  findReverse,
  isCounted,
  lockPairAndMembers,
  pairsUp,
  refreshMedals,
} from './endorsements.counters'
import { dropUnusedHashtags, findEndorsementTags, replaceTags } from './endorsements.hashtags'
import {
  canSeePending,
  findPendingEndorsement,
  findPendingRow,
  type PendingRow,
} from './endorsements.pending'
import {
  endorserWasVerified,
  findEndorsement,
  findReachableVouchRow,
  findVouchRow,
  type Viewer,
} from './endorsements.queries'
import { removeEndorsement } from './endorsements.removal.service'
import { recordEndorsementAndEffects } from './endorsements.writes.service'

/**
 * The receiver's review (accept, decline) and the endorser's edit and withdrawal (issue 25). Every
 * write runs under the pair's lock, as creating does, so a review never races an edit or a withdrawal.
 */

const alreadyAccepted = () => new AppError('ALREADY_ACCEPTED', REVIEW_MESSAGES.alreadyAccepted, 409)

/**
 * The waiting endorsement the receiver answers, locked; 409 once it was accepted, 403 for its endorser,
 * 404 for anyone else (a waiting endorsement does not exist for them, nor does a hidden one).
 */
async function requirePendingForReceiver(tx: Db, me: Viewer, id: number): Promise<PendingRow> {
  const peek = await findPendingRow(tx, id)
  if (!peek) {
    const counted = await findReachableVouchRow(tx, id, me)
    if (!counted) throw notFound('Endorsement')
    if (counted.toUserId !== me.id) throw forbidden(REVIEW_MESSAGES.notYours)
    throw alreadyAccepted()
  }
  if (!canSeePending(peek, me)) throw notFound('Endorsement')
  if (peek.toUserId !== me.id) throw forbidden(REVIEW_MESSAGES.notYours)
  await lockPairAndMembers(tx, peek.fromUserId, peek.toUserId)
  const row = await findPendingRow(tx, id, true)
  // Withdrawn or answered while this waited for the lock.
  if (!row) return requirePendingForReceiver(tx, me, id)
  return row
}

/** Accepting: from now on it counts and is announced to its receiver as a new endorsement is. */
export async function acceptEndorsement(db: Db, me: Member, id: number): Promise<TEndorsement> {
  const viewer = { id: me.id, isAdmin: me.isAdmin }
  await db.transaction(async (tx) => {
    const pending = await requirePendingForReceiver(tx, viewer, id)
    const [row] = await tx
      .select({
        blocker: blockerBetween(me.id, pending.fromUserId),
        name: users.fullName,
        username: users.username,
      })
      .from(users)
      .where(eq(users.id, pending.fromUserId))
    if (row?.blocker != null) throw blockedError(me.id, row.blocker)
    await tx.delete(pendingVouches).where(eq(pendingVouches.id, id))
    await recordEndorsementAndEffects(
      tx,
      {
        id: pending.id,
        fromUserId: pending.fromUserId,
        toUserId: pending.toUserId,
        category: pending.category,
        note: pending.note,
        isAnonymous: pending.isAnonymous,
        contentUrl: pending.contentUrl,
        contentType: pending.contentType,
        engagementWeight: pending.engagementWeight,
        relationship: pending.relationship,
        level: pending.level,
      },
      pending.hashtags,
      {
        endorserName: displayName({ fullName: row?.name ?? null, username: row?.username ?? 'a member' }),
        reverse: await findReverse(tx, pending),
      },
    )
  })
  return (await findEndorsement(db, id, viewer))!
}

/** Declining removes it quietly: its endorser is not told (their copy simply goes). */
export async function declineEndorsement(db: Db, config: Config, me: Member, id: number) {
  const released = await db.transaction(async (tx) => {
    const pending = await requirePendingForReceiver(tx, { id: me.id, isAdmin: me.isAdmin }, id)
    return removePending(tx, pending)
  })
  if (released) await deleteUploadFiles(config, [released])
}

async function removePending(tx: Db, pending: PendingRow) {
  await tx.delete(pendingVouches).where(eq(pendingVouches.id, pending.id))
  return pending.contentUrl ? releaseAttachment(tx, pending.contentUrl) : null
}

type Found = { kind: 'pending'; row: PendingRow } | { kind: 'counted'; row: typeof vouches.$inferSelect }

/**
 * The endorsement its endorser changes or withdraws, locked under the pair's lock: 404 when the viewer
 * may not know it exists (hidden or waiting, and not theirs), 403 when it is not theirs. Its endorser
 * reaches it even when its receiver hid it: it is theirs to take back (and nothing they get back tells
 * them it is hidden, see editEndorsement).
 */
async function requireOwnEndorsement(tx: Db, me: Viewer, id: number): Promise<Found> {
  const pending = await findPendingRow(tx, id)
  const counted = pending ? null : await findVouchRow(tx, id)
  const any = pending ?? counted
  if (!any) throw notFound('Endorsement')
  if (any.fromUserId !== me.id) {
    const known = pending ? canSeePending(pending, me) : await findReachableVouchRow(tx, id, me)
    if (!known) throw notFound('Endorsement')
    throw forbidden(REVIEW_MESSAGES.notYourEndorsement)
  }
  await lockPairAndMembers(tx, any.fromUserId, any.toUserId)
  if (pending) {
    const row = await findPendingRow(tx, id, true)
    if (row) return { kind: 'pending', row }
  } else {
    const [row] = await tx.select().from(vouches).where(eq(vouches.id, id)).for('update')
    if (row) return { kind: 'counted', row }
  }
  // Accepted, declined or withdrawn while this waited for the lock: look again.
  return requireOwnEndorsement(tx, me, id)
}

/**
 * The endorser takes their endorsement back. A counted one takes everything it moved with it
 * (removeEndorsement: counters, medals, tags, activity, notifications); a waiting one moved nothing.
 */
export async function withdrawEndorsement(db: Db, config: Config, me: Member, id: number) {
  const released = await db.transaction(async (tx) => {
    const found = await requireOwnEndorsement(tx, { id: me.id, isAdmin: me.isAdmin }, id)
    if (found.kind === 'pending') return removePending(tx, found.row)
    return (await removeEndorsement(tx, id))?.releasedFile ?? null
  })
  if (released) await deleteUploadFiles(config, [released])
}

/** The weight with the note factor as it will be; the attachment and the verified factor stay. */
const weightAfter = (row: Found['row'], note: string | null) =>
  engagementWeight({
    hasNote: Boolean(note),
    hasAttachment: Boolean(row.contentUrl),
    verifiedEndorser: !row.isAnonymous && endorserWasVerified(row),
  })

/**
 * The endorser changes the note, skills, level or relationship. For a counted endorsement the
 * receiver's counters move as if the old one left and the new one arrived, in one transaction: points
 * (the note factor), tag counts overall and per category, tag totals, and the medals of every skill
 * that was or is on it.
 */
export async function editEndorsement(
  db: Db,
  me: Member,
  id: number,
  change: TUpdateEndorsement,
): Promise<TEndorsement> {
  const viewer = { id: me.id, isAdmin: me.isAdmin }
  const kind = await db.transaction(async (tx) => {
    const found = await requireOwnEndorsement(tx, viewer, id)
    const note = change.note === undefined ? found.row.note : change.note || null
    const fields = {
      note,
      engagementWeight: weightAfter(found.row, note),
      ...(change.relationship !== undefined && { relationship: change.relationship }),
      ...(change.level !== undefined && { level: change.level }),
    }
    if (found.kind === 'pending') {
      await tx
        .update(pendingVouches)
        .set({ ...fields, ...(change.hashtags && { hashtags: change.hashtags }) })
        .where(eq(pendingVouches.id, id))
      return found.kind
    }
    await editCounted(tx, found.row, fields, change.hashtags)
    return found.kind
  })
  const read = kind === 'pending' ? findPendingEndorsement(db, id, viewer) : findEndorsement(db, id, viewer)
  const { isHidden, ...endorsement } = (await read)!
  // Only its receiver (and admins) may know it is hidden (docs/decisions/079); the endorser here is neither.
  return isHidden === undefined || me.isAdmin ? { ...endorsement, isHidden } : endorsement
}

async function editCounted(
  tx: Db,
  vouch: typeof vouches.$inferSelect,
  fields: { note: string | null; engagementWeight: number },
  newTags: string[] | undefined,
) {
  const oldTags = await findEndorsementTags(tx, vouch.id)
  const counted = isCounted(vouch)
  const reverse = counted ? await findReverse(tx, vouch) : null
  const points = (weight: number) =>
    countedPoints({ weight, reciprocal: pairsUp(vouch, reverse), hidden: false })
  const base = { userId: vouch.toUserId, category: vouch.category }

  // Tags before the receiver's counters, as every endorsement write takes them: a write that held the
  // receiver's row while waiting for a tag would deadlock with a new endorsement doing the opposite
  // (the PostgreSQL soak run met it).
  const tags = newTags ? await replaceTags(tx, vouch.id, oldTags, newTags) : oldTags
  // The update also tells the caches that the receiver's endorsements changed (trigger of migration 0013).
  await tx.update(vouches).set(fields).where(eq(vouches.id, vouch.id))
  if (counted) {
    await applyReceivedCounters(tx, {
      ...base,
      points: points(vouch.engagementWeight),
      hashtagIds: oldTags.map((tag) => tag.id),
      sign: -1,
    })
    await applyReceivedCounters(tx, {
      ...base,
      points: points(fields.engagementWeight),
      hashtagIds: tags.map((tag) => tag.id),
      sign: 1,
    })
  }
  // The tags it lost that nothing carries any more go (as removeEndorsement does, last).
  if (newTags) await dropUnusedHashtags(tx, oldTags)
  const skills = new Map([...oldTags, ...tags].map((tag) => [tag.tag.toLowerCase(), tag.tag]))
  await refreshMedals(tx, vouch.toUserId, [...skills.values()])
}
