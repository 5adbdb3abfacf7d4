import { MEDAL_THRESHOLDS } from '@vouched/shared/endorsements'
import { WEIGHT_RECIPROCAL } from '@vouched/shared/reputation'
import { and, eq, lte, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  users,
  vouchComments,
  vouches,
  vouchHashtags,
  vouchLikes,
} from '../../db/schema/index'
import { countActsSql, utcDay } from '../../core/activity'
import type { NotificationWrites } from '../notifications/notifications.service'
import { vouchFromJson } from './endorsements.queries'

type VouchRow = typeof vouches.$inferSelect

/**
 * The denormalised counters of DECISIONS.md §4 and PERFORMANCE.md: moved on every write by the
 * endorsement service, inside the write's transaction, and recomputable from the source rows.
 */

/** Raw rows of `db.execute`: both engines answer `{ rows }`. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

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

export type NewEndorsement = Pick<
  typeof vouches.$inferInsert,
  'fromUserId' | 'toUserId' | 'category' | 'note' | 'contentUrl' | 'contentType' | 'relationship' | 'level'
> & {
  isAnonymous: boolean
  engagementWeight: number
  /** The id it waited under for its receiver's approval; a new id from the sequence otherwise. */
  id?: number
}

/** What an arriving endorsement moves besides itself: the points it adds, and its receiver's notification. */
export type Arrival = { points: number; notice: NotificationWrites | null }

/**
 * Writes an arriving endorsement and everything it moves, in one statement (each round trip here is
 * a chance at the machine's scheduling tail: docs/performance.md, note 4): the endorsement, its
 * endorser's act for the day (a named one), each of its tags created or counted up (case-insensitively unique,
 * first spelling kept) and linked, its receiver's counters and the medals they raise, and the
 * notification. Returns its row and its tags, in the order given.
 * Tags PostgreSQL takes for one (same lower(), or lone surrogates stored as U+FFFD) count as one row
 * each time they are given; rows are written in lower(tag) order so two endorsements sharing tags lock
 * them in the same order and never deadlock. Each given tag is matched back through lower() on the
 * PostgreSQL side, whatever spelling was stored first.
 */
export async function insertEndorsement(
  tx: Db,
  e: NewEndorsement,
  tags: string[],
  arrival: Arrival,
): Promise<{ vouch: VouchRow; tags: { id: number; tag: string }[] }> {
  const tagged = tags.length > 0
  const input = sql.join(
    tags.map((tag, i) => sql`(${tag}::text, ${i}::int)`),
    sql`, `,
  )
  const tagWrites = sql`, input (tag, ord) as (values ${input}),
    counted as (
      insert into ${hashtags} (tag, count)
      select distinct on (lower(tag)) tag, count(*) over (partition by lower(tag)) from input
      order by lower(tag), ord
      on conflict ((lower(tag))) do update set count = ${hashtags.count} + excluded.count
      returning id, tag
    ),
    given as (
      select counted.id, counted.tag, input.ord from input join counted on lower(counted.tag) = lower(input.tag)
    ),
    linked as (
      insert into ${vouchHashtags} (vouch_id, hashtag_id)
      select vouch.id, g.id from vouch, (select id, min(ord) as ord from given group by id) g
      order by g.ord
      returning 1
    )`
  const counters = receivedCounters({
    userId: e.toUserId,
    category: e.category,
    points: arrival.points,
    sign: 1,
    tagIds: tagged ? sql`select distinct id from given` : null,
    // The tags' rows and the endorsement are this statement's own writes, which its reads do not see.
    raised: tagged ? { tags: sql`counted`, at: sql`(select created_at from vouch)` } : undefined,
  })
  const notice = arrival.notice
  // An anonymous endorsement is no act of its endorser's that others see: their activity score would
  // rise as the receiver's anonymous endorsement arrives (docs/decisions/077).
  const acted = e.isAnonymous ? sql`` : sql`, acted as (${countActsSql(e.fromUserId, 1)})`
  const result = await tx.execute(sql`
    with vouch as (
      insert into ${vouches} (id, from_user_id, to_user_id, category, note, is_anonymous, content_url,
        content_type, engagement_weight, relationship, level)
      values (${e.id === undefined ? sql`nextval('vouches_id_seq')` : sql`${e.id}::int`},
        ${e.fromUserId}::int, ${e.toUserId}::int, ${e.category}::text, ${e.note ?? null}::text,
        ${e.isAnonymous}::boolean, ${e.contentUrl ?? null}::text, ${e.contentType ?? null}::text,
        ${e.engagementWeight}::real, ${e.relationship ?? null}::text, ${e.level ?? null}::text)
      returning *
    )${acted}${tagged ? tagWrites : sql``},
    ${counters}${notice ? sql`, ${notice.ctes}` : sql``}
    select row_to_json(vouch) as vouch,
      ${tagged ? sql`(select json_agg(json_build_object('id', given.id, 'tag', given.tag) order by given.ord) from given)` : sql`'[]'::json`} as tags
      ${notice ? sql`, (select ${notice.announce} from created) as announced` : sql``}
    from vouch`)
  const [row] = rowsOf<{ vouch: Record<string, unknown>; tags: { id: number; tag: string }[] }>(result)
  return { vouch: vouchFromJson(row!.vouch), tags: row!.tags }
}

/**
 * Locks both members' rows (in id order) for the caller's transaction, right after the pair's lock:
 * every write that moves a member's counters takes them first, so two writes touching one member
 * queue there instead of each holding part of that member's counters (the reputation row, a category
 * row) while waiting for the rest, which deadlocked in the PostgreSQL soak run once endorsers could
 * accept and withdraw. Tag rows come after, in lower(tag) order.
 */
export async function lockMembers(tx: Db, a: number, b: number) {
  await tx.execute(
    sql`select id from ${users} where id in (${a}::int, ${b}::int) order by id for no key update`,
  )
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
function receivedCounters(change: {
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
 * Moves the receiver's counters (`receivedCounters`) for an endorsement that starts or stops counting,
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
  await tx.execute(sql`with ${receivedCounters({ ...change, tagIds })} select 1`)

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
 * endorsement raises its medals in its own statement instead: insertEndorsement.)
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

/**
 * SQL over an endorsement aliased `alias`: whether it counts (neither hidden by its receiver nor by a
 * block), and the points it adds (10 × weight to the cent, halved when the receiver endorsed its
 * endorser back in the same category, both named). The same rules as `countedPoints` in the shared
 * package and `pairsUp` in the service.
 */
export const countedSql = (alias: string) => sql.raw(`not (${alias}.is_hidden or ${alias}.hidden_by_block)`)
export const reciprocalSql = (alias: string) =>
  sql.raw(`(not ${alias}.is_anonymous and exists (select 1 from vouches r where r.from_user_id = ${alias}.to_user_id
    and r.to_user_id = ${alias}.from_user_id and r.category = ${alias}.category and not r.is_anonymous))`)
const pointsSql = sql`round(10 * v.engagement_weight::numeric, 2)
  * (case when ${reciprocalSql('v')} then ${WEIGHT_RECIPROCAL}::numeric else 1 end)`

/**
 * Recomputes every counter about one member from the source rows (received endorsements, their tags,
 * likes and comments; the member's own acts), in one transaction. The counters kept on each write must
 * always equal what this computes; tests compare the two.
 */
export async function recomputeMemberStats(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${users} set
        reputation_score = coalesce((select sum(${pointsSql}) from ${vouches} v
          where v.to_user_id = ${userId} and ${countedSql('v')}), 0)::real,
        vouch_count = (select count(*) from ${vouches} v where v.to_user_id = ${userId} and ${countedSql('v')})::int
      where id = ${userId}`)

    await tx.delete(memberCategoryStats).where(eq(memberCategoryStats.userId, userId))
    await tx.execute(sql`
      insert into ${memberCategoryStats} (user_id, category, score, count)
      select v.to_user_id, v.category, sum(${pointsSql})::real, count(*)::int
      from ${vouches} v where v.to_user_id = ${userId} and ${countedSql('v')} group by 1, 2`)

    await tx.delete(memberHashtags).where(eq(memberHashtags.userId, userId))
    await tx.execute(sql`
      insert into ${memberHashtags} (user_id, hashtag_id, count)
      select v.to_user_id, vh.hashtag_id, count(*)::int
      from ${vouches} v join ${vouchHashtags} vh on vh.vouch_id = v.id
      where v.to_user_id = ${userId} and ${countedSql('v')} group by 1, 2`)

    await tx.delete(memberCategoryHashtags).where(eq(memberCategoryHashtags.userId, userId))
    await tx.execute(sql`
      insert into ${memberCategoryHashtags} (user_id, category, hashtag_id, count)
      select v.to_user_id, v.category, vh.hashtag_id, count(*)::int
      from ${vouches} v join ${vouchHashtags} vh on vh.vouch_id = v.id
      where v.to_user_id = ${userId} and ${countedSql('v')} group by 1, 2, 3`)

    await tx.execute(sql`
      update ${vouches} v set
        like_count = (select count(*) from ${vouchLikes} l where l.vouch_id = v.id)::int,
        comment_count = (select count(*) from ${vouchComments} c where c.vouch_id = v.id)::int
      where v.to_user_id = ${userId}`)

    // Medals: every skill now at 10 or more gets its tier; the others lose theirs.
    await tx.execute(sql`
      delete from ${medals} m where m.user_id = ${userId} and not exists (
        select 1 from ${memberHashtags} mh join ${hashtags} h on h.id = mh.hashtag_id
        where mh.user_id = m.user_id and h.tag = m.skill_name and mh.count >= ${MEDAL_THRESHOLDS.bronze})`)
    const skills = await tx
      .select({ tag: hashtags.tag })
      .from(memberHashtags)
      .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
      .where(
        and(eq(memberHashtags.userId, userId), sql`${memberHashtags.count} >= ${MEDAL_THRESHOLDS.bronze}`),
      )
    await refreshMedals(
      tx,
      userId,
      skills.map((s) => s.tag),
    )

    await tx.delete(memberDailyActivity).where(eq(memberDailyActivity.userId, userId))
    await tx.execute(sql`
      insert into ${memberDailyActivity} (user_id, day, count)
      select ${userId}, ${utcDay(sql`created_at`)}, count(*)::int from (
        select created_at from ${vouches} where ${vouches.fromUserId} = ${userId} and not ${vouches.isAnonymous}
        union all select created_at from ${vouchLikes} where user_id = ${userId}
        union all select created_at from ${vouchComments} where user_id = ${userId}
      ) acts group by 2`)
  })
}

/** Recomputes every tag's count from the endorsements carrying it; tags nobody carries are dropped. */
export async function recomputeHashtagCounts(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${hashtags} h set count = sub.n
      from (select h2.id, (select count(*) from ${vouchHashtags} vh where vh.hashtag_id = h2.id)::int as n
            from ${hashtags} h2) sub
      where sub.id = h.id and h.count <> sub.n`)
    await tx.delete(hashtags).where(lte(hashtags.count, 0))
  })
}
