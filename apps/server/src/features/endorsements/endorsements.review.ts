import { REVIEW_MESSAGES, type TUpdateEndorsement } from '@vouched/shared/endorsement-review'
import { engagementWeight, type TEndorsement } from '@vouched/shared/endorsements'
import { countedPoints } from '@vouched/shared/reputation'
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { hashtags, pendingVouches, users, vouches, vouchHashtags } from '../../db/schema/index'
import { blockedError, blockerBetween, lockPair } from '../blocks/blocks.queries'
import { AppError, forbidden, notFound } from '../../core/errors'
import { deleteUploadFiles } from '../../core/uploads'
import type { Member } from '../../core/user-shapes'
import { releaseAttachment } from './endorsements.attachments'
import { applyReceivedCounters, lockMembers, refreshMedals, rowsOf } from './endorsements.counters'
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
import {
  announceEndorsement,
  displayName,
  findReverse,
  isCounted,
  pairsUp,
  removeEndorsement,
} from './endorsements.service'

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
  await lockPair(tx, peek.fromUserId, peek.toUserId)
  await lockMembers(tx, peek.fromUserId, peek.toUserId)
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
    await announceEndorsement(
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
  await lockPair(tx, any.fromUserId, any.toUserId)
  await lockMembers(tx, any.fromUserId, any.toUserId)
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
  const oldTags = await tx
    .select({ id: hashtags.id, tag: hashtags.tag })
    .from(vouchHashtags)
    .innerJoin(hashtags, eq(hashtags.id, vouchHashtags.hashtagId))
    .where(eq(vouchHashtags.vouchId, vouch.id))
    .orderBy(vouchHashtags.id)
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
  if (newTags && oldTags.length > 0) {
    // A tag no endorsement carries any more no longer exists (as removeEndorsement does, last).
    await tx.delete(hashtags).where(
      and(
        inArray(
          hashtags.id,
          oldTags.map((tag) => tag.id),
        ),
        lte(hashtags.count, 0),
      ),
    )
  }
  const skills = new Map([...oldTags, ...tags].map((tag) => [tag.tag.toLowerCase(), tag.tag]))
  await refreshMedals(tx, vouch.toUserId, [...skills.values()])
}

/**
 * Puts `given` in place of the endorsement's tags and returns them in the order given: tag totals down
 * for the tags it loses and up (or created, first spelling kept) for those it gains, a kept one
 * untouched. Rows are taken in lower(tag) order as PostgreSQL sorts it, the order insertEndorsement
 * takes them in, so two writers sharing tags never deadlock. Links are rewritten in the order given.
 */
async function replaceTags(
  tx: Db,
  vouchId: number,
  old: { id: number; tag: string }[],
  given: string[],
): Promise<{ id: number; tag: string }[]> {
  const oldByKey = new Map(old.map((tag) => [tag.tag.toLowerCase(), tag]))
  const givenByKey = new Map(given.map((tag) => [tag.toLowerCase(), tag]))
  const keys = [...new Set([...oldByKey.keys(), ...givenByKey.keys()])]
  if (keys.length === 0) return []
  const ordered = rowsOf<{ key: string }>(
    await tx.execute(
      sql`select k as key from unnest(array[${sql.join(
        keys.map((key) => sql`${key}::text`),
        sql`, `,
      )}]) k order by lower(k)`,
    ),
  ).map((row) => row.key)
  const ids = new Map<string, { id: number; tag: string }>()
  for (const key of ordered) {
    const was = oldByKey.get(key)
    const now = givenByKey.get(key)
    if (was && now !== undefined) {
      // Its count stays, but linking it again takes a share lock on it: taken here, in order.
      await tx.execute(sql`select 1 from ${hashtags} where id = ${was.id} for key share`)
      ids.set(key, was)
    } else if (was) {
      await tx
        .update(hashtags)
        .set({ count: sql`${hashtags.count} - 1` })
        .where(eq(hashtags.id, was.id))
    } else if (now !== undefined) {
      const [row] = rowsOf<{ id: number; tag: string }>(
        await tx.execute(sql`insert into ${hashtags} (tag, count) values (${now}::text, 1)
          on conflict ((lower(tag))) do update set count = ${hashtags.count} + 1
          returning id, tag`),
      )
      ids.set(key, row!)
    }
  }
  await tx.delete(vouchHashtags).where(eq(vouchHashtags.vouchId, vouchId))
  const written = given.map((tag) => ids.get(tag.toLowerCase())!)
  for (const row of written) await tx.insert(vouchHashtags).values({ vouchId, hashtagId: row.id })
  return written
}
