import { REPUTATION_MESSAGES, type THideResult } from '@vouched/shared/reputation'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { vouches } from '../../db/schema/index'
import { AppError, forbidden, notFound } from '../../core/errors'
import type { Member } from '../../core/user-shapes'
import {
  applyEndorsementCounters,
  findReverse,
  isCounted,
  lockPairAndMembers,
  refreshMedals,
} from './endorsements.counters'
import { findEndorsementTags } from './endorsements.hashtags'
import { findVouchRow } from './endorsements.queries'

type VouchRow = typeof vouches.$inferSelect

/**
 * Moves the receiver's counters when an endorsement starts or stops counting (hidden, shown, blocked,
 * unblocked): its points (halved when reciprocal), count, tags and the medals of those tags.
 */
async function moveCounted(tx: Db, vouch: VouchRow, wasCounted: boolean, nowCounted: boolean) {
  if (wasCounted === nowCounted) return
  const tags = await findEndorsementTags(tx, vouch.id)
  const reverse = await findReverse(tx, vouch)
  await applyEndorsementCounters(tx, vouch, reverse, tags, nowCounted ? 1 : -1)
  await refreshMedals(
    tx,
    vouch.toUserId,
    tags.map((tag) => tag.tag),
  )
}

/**
 * The receiver hides (or shows again) an endorsement: while hidden it counts for nothing and only
 * they and admins see it. One hidden because its endorser is blocked is shown again by unblocking.
 */
export async function setEndorsementHidden(
  db: Db,
  me: Pick<Member, 'id'>,
  id: number,
  hidden: boolean,
): Promise<THideResult> {
  const row = await findVouchRow(db, id)
  if (!row) throw notFound('Endorsement')
  if (row.toUserId !== me.id) throw forbidden(REPUTATION_MESSAGES.notReceiver)
  return db.transaction(async (tx) => {
    await lockPairAndMembers(tx, row.fromUserId, row.toUserId)
    const [vouch] = await tx.select().from(vouches).where(eq(vouches.id, id)).for('update')
    if (!vouch) throw notFound('Endorsement')
    if (!hidden && vouch.hiddenByBlock) {
      throw new AppError('HIDDEN_BY_BLOCK', REPUTATION_MESSAGES.hiddenByBlock, 409)
    }
    if (vouch.isHidden !== hidden) {
      await tx.update(vouches).set({ isHidden: hidden }).where(eq(vouches.id, id))
      await moveCounted(tx, vouch, isCounted(vouch), isCounted({ ...vouch, isHidden: hidden }))
    }
    return { id, isHidden: hidden, hiddenByBlock: vouch.hiddenByBlock }
  })
}

/**
 * Hides (on block) or shows again (on unblock) every named endorsement `blockedId` gave `blockerId`;
 * one the receiver hid by hand stays hidden. Anonymous ones are left as they are: one disappearing on
 * a block would name its giver (docs/decisions/076). Call it inside the block's transaction.
 */
export async function setBlockHidden(tx: Db, blockerId: number, blockedId: number, hidden: boolean) {
  await lockPairAndMembers(tx, blockerId, blockedId)
  const given = await tx
    .select()
    .from(vouches)
    .where(
      and(eq(vouches.fromUserId, blockedId), eq(vouches.toUserId, blockerId), eq(vouches.isAnonymous, false)),
    )
    .orderBy(asc(vouches.id))
    .for('update')
  for (const vouch of given) {
    if (vouch.hiddenByBlock === hidden) continue
    await tx.update(vouches).set({ hiddenByBlock: hidden }).where(eq(vouches.id, vouch.id))
    await moveCounted(tx, vouch, isCounted(vouch), isCounted({ ...vouch, hiddenByBlock: hidden }))
  }
}
