import { MEDAL_THRESHOLDS } from '@vouched/shared/endorsements'
import { countedPoints } from '@vouched/shared/reputation'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberHashtags,
  users,
  vouches,
  vouchHashtags,
} from '../../db/schema/index'
import { countedSql } from './endorsements.queries'

type VouchRow = typeof vouches.$inferSelect

/**
 * Counting (DECISIONS.md §4): which endorsements count and for how much, and the denormalised counters
 * of PERFORMANCE.md they move, as building blocks for the endorsement services, which call them inside
 * their write's transaction. endorsements.recompute.service.ts recomputes the same counters from the
 * source rows; tests compare the two.
 */

const upsertMedal = sql`on conflict (user_id, skill_name) do update set
  tier = excluded.tier,
  endorsement_count = excluded.endorsement_count,
  last_endorsed_at = excluded.last_endorsed_at,
  updated_at = now()`

/** The tier a count reaches, in SQL, from the shared thresholds. */
const tierSql = (count: ReturnType<typeof sql>) => sql`case
  when ${count} >= ${MEDAL_THRESHOLDS.platinum} then 'platinum'
  when ${count} >= ${MEDAL_THRESHOLDS.gold} then 'gold'
  when ${count} >= ${MEDAL_THRESHOLDS.silver} then 'silver'
  else 'bronze' end`

/**
 * The locks every write that moves a pair of members' counters takes first (an endorsement either way,
 * a hide, a block, a review, a withdrawal), in this order:
 * - the pair's advisory lock, which serialises those writes so reciprocal halving always sees the other
 *   direction as it is;
 * - both members' rows (in id order), so two writes touching one member queue there instead of each
 *   holding part of that member's counters (the reputation row, a category row) while waiting for the
 *   rest, which deadlocked in the PostgreSQL soak run once endorsers could accept and withdraw.
 * Tag rows come after, in lower(tag) order.
 */
export async function lockPairAndMembers(tx: Db, a: number, b: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${Math.min(a, b)}::int, ${Math.max(a, b)}::int)`)
  await tx.execute(
    sql`select id from ${users} where id in (${a}::int, ${b}::int) order by id for no key update`,
  )
}

/** Whether an endorsement counts: neither its receiver nor a block hides it (`countedSql` in SQL). */
export const isCounted = (vouch: Pick<VouchRow, 'isHidden' | 'hiddenByBlock'>) =>
  !vouch.isHidden && !vouch.hiddenByBlock

/**
 * Whether an endorsement and the one the other way round (same pair, same category) halve each other
 * (`reciprocalSql` in SQL). Never when either is anonymous: the halving would tell the receiver, and
 * anyone watching the endorser's score, that the hidden giver is someone they endorsed there
 * (docs/decisions/077).
 */
export const pairsUp = (
  vouch: Pick<VouchRow, 'isAnonymous'>,
  reverse: Pick<VouchRow, 'isAnonymous'> | null,
) => reverse !== null && !vouch.isAnonymous && !reverse.isAnonymous

/** What a counted endorsement loses (or regains) when it becomes (or stops being) reciprocal. */
export const halfOf = (weight: number) =>
  countedPoints({ weight, reciprocal: false, hidden: false }) -
  countedPoints({ weight, reciprocal: true, hidden: false })

/** The endorsement the other way round (B → A in the same category), locked for the caller's transaction. */
export async function findReverse(tx: Db, vouch: Pick<VouchRow, 'fromUserId' | 'toUserId' | 'category'>) {
  const [reverse] = await tx
    .select()
    .from(vouches)
    .where(
      and(
        eq(vouches.fromUserId, vouch.toUserId),
        eq(vouches.toUserId, vouch.fromUserId),
        eq(vouches.category, vouch.category),
      ),
    )
    .for('update')
  return reverse ?? null
}

export type CounterChange = {
  userId: number
  category: string
  points: number
  hashtagIds: number[]
  /** +1 when an endorsement arrives, -1 when it goes. */
  sign: 1 | -1
}

/**
 * The receiver's denormalised counters (DECISIONS.md §4) moved by one endorsement, as CTEs to follow a
 * `with`: reputation and count, the category's stats, and the counters of the tags `tagIds` selects
 * (one id per row) overall and in the category; with `raised`, the medals of those tags, from the
 * counts written, named from `raised.tags` (id, tag) and dated `raised.at`.
 */
export function receivedCounterWrites(change: {
  userId: number
  category: string
  points: number
  sign: 1 | -1
  tagIds: SQL | null
  raised?: { tags: SQL; at: SQL }
}) {
  const { userId, category, sign, tagIds, raised } = change
  const points = sign * change.points
  const tagCounters = tagIds
    ? sql`, member_tags as (
        insert into ${memberHashtags} (user_id, hashtag_id, count)
        select ${userId}::int, t.id, ${sign}::int from (${tagIds}) t (id)
        on conflict (user_id, hashtag_id) do update set count = ${memberHashtags}.count + excluded.count
        returning user_id, hashtag_id, count
      ), category_tags as (
        insert into ${memberCategoryHashtags} (user_id, category, hashtag_id, count)
        select ${userId}::int, ${category}::text, t.id, ${sign}::int from (${tagIds}) t (id)
        on conflict (user_id, category, hashtag_id)
        do update set count = ${memberCategoryHashtags}.count + excluded.count
        returning 1
      )${raised ? raisedMedals(raised.tags, raised.at) : sql``}`
    : sql``
  return sql`member as (
      update ${users} set reputation_score = reputation_score + ${points}::real,
        vouch_count = vouch_count + ${sign}::int
      where id = ${userId}
      returning 1
    ), category_stats as (
      insert into ${memberCategoryStats} (user_id, category, score, count)
      values (${userId}::int, ${category}::text, ${points}::real, ${sign}::int)
      on conflict (user_id, category) do update set
        score = ${memberCategoryStats}.score + excluded.score,
        count = ${memberCategoryStats}.count + excluded.count
      returning 1
    )${tagCounters}`
}

/**
 * Moves the receiver's counters (`receivedCounterWrites`) for an endorsement that starts or stops counting,
 * in one statement; call refreshMedals after.
 */
export async function applyReceivedCounters(tx: Db, change: CounterChange) {
  const { userId, hashtagIds, sign } = change
  const tagIds = hashtagIds.length
    ? sql`values ${sql.join(
        hashtagIds.map((id) => sql`(${id}::int)`),
        sql`, `,
      )}`
    : null
  await tx.execute(sql`with ${receivedCounterWrites({ ...change, tagIds })} select 1`)

  if (sign < 0) {
    // Rows at zero describe nothing received; dropping them keeps "has any" checks to a row's existence.
    await tx.execute(sql`
      with category_stats as (
        delete from ${memberCategoryStats} where user_id = ${userId} and count <= 0
      ), member_tags as (
        delete from ${memberHashtags} where user_id = ${userId} and count <= 0
      )
      delete from ${memberCategoryHashtags} where user_id = ${userId} and count <= 0`)
  }
}

/**
 * Moves the receiver's counters by what one endorsement counts for as it stands (applyReceivedCounters):
 * its points, halved when it pairs up with `reverse`, and its tags.
 */
export async function applyEndorsementCounters(
  tx: Db,
  vouch: Pick<VouchRow, 'toUserId' | 'category' | 'engagementWeight' | 'isAnonymous'>,
  reverse: Pick<VouchRow, 'isAnonymous'> | null,
  tags: { id: number }[],
  sign: 1 | -1,
) {
  await applyReceivedCounters(tx, {
    userId: vouch.toUserId,
    category: vouch.category,
    points: countedPoints({
      weight: vouch.engagementWeight,
      reciprocal: pairsUp(vouch, reverse),
      hidden: false,
    }),
    hashtagIds: tags.map((tag) => tag.id),
    sign,
  })
}

/**
 * Moves only the points of a member's category (and reputation) by `delta`: an endorsement that keeps
 * counting but changes worth, e.g. when the other direction of a reciprocal pair arrives or goes.
 */
export async function applyPointsDelta(tx: Db, userId: number, category: string, delta: number) {
  if (delta === 0) return
  await tx
    .update(users)
    .set({ reputationScore: sql`${users.reputationScore} + ${delta}::real` })
    .where(eq(users.id, userId))
  await tx
    .update(memberCategoryStats)
    .set({ score: sql`${memberCategoryStats.score} + ${delta}::real` })
    .where(and(eq(memberCategoryStats.userId, userId), eq(memberCategoryStats.category, category)))
}

/**
 * A CTE over `member_tags` (the rows an arriving endorsement's tag counters just wrote, with their new
 * counts): the medals those counts reach, dated by the endorsement itself (looking the newest one up
 * reads every endorsement of the member carrying the skill: 35 ms for one with 3,000). Counts only
 * rise, so no medal is lost.
 */
const raisedMedals = (tags: SQL, at: SQL) => sql`, raised_medals as (
    insert into ${medals} (user_id, skill_name, tier, last_endorsed_at, endorsement_count)
    select mt.user_id, h.tag, ${tierSql(sql`mt.count`)}, ${at}, mt.count
    from member_tags mt join ${tags} h on h.id = mt.hashtag_id
    where mt.count >= ${MEDAL_THRESHOLDS.bronze}
    ${upsertMedal}
  )`

/**
 * Brings the member's medals for these skills in line with their counts: a medal per skill received at
 * least 10 times, its tier from the thresholds, its last endorsement the newest one carrying the skill.
 * Skills are matched by name, so a tag whose row just disappeared still loses its medal. (An arriving
 * endorsement raises its medals in its own statement instead: recordEndorsementAndEffects.)
 */
export async function refreshMedals(tx: Db, userId: number, skillNames: string[]) {
  if (skillNames.length === 0) return
  const lowered = skillNames.map((name) => name.toLowerCase())
  await tx.execute(sql`
    insert into ${medals} (user_id, skill_name, tier, last_endorsed_at, endorsement_count)
    select mh.user_id, h.tag, ${tierSql(sql`mh.count`)},
      (select max(v.created_at) from ${vouches} v join ${vouchHashtags} vh on vh.vouch_id = v.id
        where v.to_user_id = mh.user_id and vh.hashtag_id = mh.hashtag_id and ${countedSql('v')}),
      mh.count
    from ${memberHashtags} mh join ${hashtags} h on h.id = mh.hashtag_id
    where mh.user_id = ${userId} and mh.count >= ${MEDAL_THRESHOLDS.bronze}
      and lower(h.tag) in (${sql.join(
        lowered.map((name) => sql`${name}`),
        sql`, `,
      )})
    ${upsertMedal}`)
  await tx.execute(sql`
    delete from ${medals} m
    where m.user_id = ${userId}
      and lower(m.skill_name) in (${sql.join(
        lowered.map((name) => sql`${name}`),
        sql`, `,
      )})
      and not exists (
        select 1 from ${memberHashtags} mh join ${hashtags} h on h.id = mh.hashtag_id
        where mh.user_id = m.user_id and h.tag = m.skill_name and mh.count >= ${MEDAL_THRESHOLDS.bronze})`)
}
