import { endorsementPoints, engagementWeight, type TCategory } from '@vouched/shared/endorsements'
import {
  countedPoints,
  FACTOR_LABELS,
  FACTOR_MULTIPLIERS,
  REPUTATION_LIST_MAX,
  type TFactor,
  type TFactorKey,
  type TReputation,
} from '@vouched/shared/reputation'
import { remoteVouchPoints } from '@vouched/shared/remote-vouches'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { remoteVouchesReceived, users, vouches } from '../../db/schema/index'
import { reciprocalSql } from '../endorsements/endorsements.queries'

const factor = (key: TFactorKey): TFactor => ({
  key,
  label: FACTOR_LABELS[key],
  multiplier: FACTOR_MULTIPLIERS[key],
})

/** Whether the endorser was verified: what remains of the stored weight once note and attachment are out. */
const wasVerified = (weight: number, hasNote: boolean, hasAttachment: boolean) =>
  weight / engagementWeight({ hasNote, hasAttachment, verifiedEndorser: false }) > 1.1

/**
 * The member's reputation, endorsement by endorsement: the factors behind each one's points, read from
 * the same rules the counters follow, so the listed points add up to the stored reputation.
 */
export async function getReputation(db: Db, userId: number): Promise<TReputation> {
  const [me] = await db.select({ score: users.reputationScore }).from(users).where(eq(users.id, userId))
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(vouches)
    .where(eq(vouches.toUserId, userId))) as [{ total: number }]
  const rows = await db
    .select({
      vouch: vouches,
      from: { id: users.id, username: users.username, fullName: users.fullName },
      // The counters' own rule, so the listed points add up to the stored score.
      reciprocal: sql<boolean>`${reciprocalSql('vouches')}`,
    })
    .from(vouches)
    .innerJoin(users, eq(users.id, vouches.fromUserId))
    .where(eq(vouches.toUserId, userId))
    .orderBy(desc(vouches.createdAt), desc(vouches.id))
    .limit(REPUTATION_LIST_MAX)

  let counted = 0
  let hiddenCount = 0
  const endorsements = rows.map(({ vouch: v, from, reciprocal }) => {
    const hasNote = Boolean(v.note)
    const hasAttachment = Boolean(v.contentUrl)
    const factors: TFactor[] = []
    if (hasNote) factors.push(factor('note'))
    if (hasAttachment) factors.push(factor('attachment'))
    if (!v.isAnonymous && wasVerified(v.engagementWeight, hasNote, hasAttachment)) {
      factors.push(factor('verified'))
    }
    if (reciprocal) factors.push(factor('reciprocal'))
    const hidden = v.isHidden || v.hiddenByBlock
    if (hidden) hiddenCount++
    else counted++
    return {
      id: v.id,
      category: v.category as TCategory,
      createdAt: v.createdAt.toISOString(),
      isAnonymous: v.isAnonymous,
      // The receiver never learns who gave an anonymous endorsement.
      fromUser: v.isAnonymous ? null : from,
      basePoints: endorsementPoints(1),
      factors,
      hidden,
      hiddenReason: v.isHidden ? ('manual' as const) : v.hiddenByBlock ? ('block' as const) : null,
      reciprocal,
      points: countedPoints({ weight: v.engagementWeight, reciprocal, hidden }),
    }
  })
  const [remote] = await db
    .select({ instances: sql<number>`count(distinct ${remoteVouchesReceived.instance})::int` })
    .from(remoteVouchesReceived)
    .where(and(eq(remoteVouchesReceived.toUserId, userId), eq(remoteVouchesReceived.status, 'accepted')))
  return {
    reputationScore: Math.round((me?.score ?? 0) * 1000) / 1000,
    remotePoints: remoteVouchPoints(remote?.instances ?? 0),
    countedEndorsements: counted,
    hiddenEndorsements: hiddenCount,
    total,
    endorsements,
  }
}
