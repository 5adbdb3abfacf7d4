import { SEARCH_RESULTS_MAX, type TSearchSort } from '@vouched/shared/discovery'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { list, rankedCards, SORTS, visibleTo, type RankedCard, type SearchViewer } from './discovery.cards'

/**
 * How the hashtag search splits its work. Members matching at least m of k tags all hold one of
 * the (k - m + 1) least used tags; when those tags have few endorsements, aggregating their members
 * is cheap and exact. Levels below that are answered by walking the sort index and counting each
 * member's matches, which is fast because such tags are common; if the walk meets too few members
 * it falls back to the exact aggregation.
 */
export type HashtagTuning = { aggregateMax: number; walkMax: number }
export const HASHTAG_TUNING: HashtagTuning = { aggregateMax: 2500, walkMax: 4000 }

export type HashtagSearch = { tags: string[]; viewerId: SearchViewer; sort: TSearchSort; limit?: number }

/**
 * How many of the tags a member holds: one primary-key probe of member_hashtags per tag. Scalar
 * counts rather than EXISTS, which the planner may turn into a hash of every holder of the tag.
 */
const matchCountOf = (tagIds: number[], userId: SQL) =>
  sql`(${sql.join(
    tagIds.map(
      (id) =>
        sql`(select count(*) from member_hashtags mh where mh.user_id = ${userId} and mh.hashtag_id = ${id})`,
    ),
    sql` + `,
  )})::int`

/**
 * Exact: members holding one of the driver tags, with their match count over all tags, best first.
 * (`offset 0` keeps the count computed once per member rather than once per use.)
 */
export const hashtagAggregateQuery = (
  search: { viewerId: SearchViewer; sort: TSearchSort; limit: number },
  tagIds: number[],
  driverIds: number[],
  levels: { min: number; max: number },
) => {
  const sort = SORTS[search.sort]
  return sql`select u.id, m.mc, null::int as rank, row_number() over (order by m.mc desc, ${sort.collect}) as rn
    from (select d.user_id, ${matchCountOf(tagIds, sql`d.user_id`)} as mc
          from (select distinct user_id from member_hashtags where hashtag_id in ${list(driverIds)}) d
          offset 0) m
    join users u on u.id = m.user_id
    where ${visibleTo(search.viewerId)} and m.mc between ${levels.min} and ${levels.max}
    order by m.mc desc, ${sort.collect}
    limit ${search.limit}`
}

/**
 * The first members in sort order who match exactly `level` tags, among the first `walkMax`
 * members. The innermost query is a bare walk of the sort index (no filter whose selectivity the
 * planner could misjudge into a full sort); visibility and match counts apply to what it yields,
 * lazily, so a dense level stops after a few dozen members.
 */
export const hashtagWalkQuery = (
  search: { viewerId: SearchViewer; sort: TSearchSort; limit: number },
  tagIds: number[],
  level: number,
  walkMax: number,
) => {
  const sort = SORTS[search.sort]
  return sql`select w.id, w.mc, null::int as rank, w.rn from (
      select u.id, u.rn, ${matchCountOf(tagIds, sql`u.id`)} as mc
      from (select u.id, u.is_admin, u.username, u.suspended_at,
                   row_number() over (order by ${sort.order}) as rn
            from ${sort.from} order by ${sort.order} limit ${walkMax}) u
      where ${visibleTo(search.viewerId)}
      offset 0) w
    where w.mc = ${level}
    limit ${search.limit}`
}

/**
 * Members who received any of the tags (ignoring case), most tags matched first, then the chosen
 * sort. Reads the per-member counters of member_hashtags, never the endorsements (a row there
 * means the tag was received: the endorsement service deletes rows that fall to zero).
 * `totalHashtags` on the cards is the number of distinct tags asked, known or not.
 */
export async function searchMembersByHashtags(
  db: Db,
  search: HashtagSearch,
  tuning: HashtagTuning = HASHTAG_TUNING,
): Promise<RankedCard[]> {
  if (search.tags.length === 0) return []
  const limit = search.limit ?? SEARCH_RESULTS_MAX
  const total = search.tags.length
  const lowered = search.tags.map((tag) => tag.toLowerCase())
  const found = await queryRows<{ id: number; count: number }>(
    db,
    sql`select id, count from hashtags where lower(tag) in ${list(lowered)} and count > 0 order by count, id`,
  )
  if (found.length === 0) return []
  const tagIds = found.map((t) => t.id)
  const searched = { total, ids: tagIds }
  const k = found.length
  const options = { viewerId: search.viewerId, sort: search.sort, limit }

  // The lowest level whose candidates (members of the k - m + 1 rarest tags) are few enough to aggregate.
  let aggregateFrom = k + 1
  let drivers = 0
  for (let m = k, size = 0; m >= 1; m--) {
    size += found[k - m]!.count
    if (size > tuning.aggregateMax) break
    aggregateFrom = m
    drivers = k - m + 1
  }
  const cards: RankedCard[] = []
  if (aggregateFrom <= k) {
    const driverIds = tagIds.slice(0, drivers)
    const query = hashtagAggregateQuery(options, tagIds, driverIds, { min: aggregateFrom, max: k })
    cards.push(...(await rankedCards(db, query, searched)))
  }
  if (cards.length >= limit || aggregateFrom === 1) return cards.slice(0, limit)

  const remaining = { ...options, limit: limit - cards.length }
  const below = aggregateFrom - 1
  const walked = await rankedCards(db, hashtagWalkQuery(remaining, tagIds, below, tuning.walkMax), searched)
  if (walked.length >= remaining.limit) return [...cards, ...walked].slice(0, limit)

  // The walk met too few: aggregate every tag's members for the levels left (exact, slower).
  const rest = await rankedCards(
    db,
    hashtagAggregateQuery(remaining, tagIds, tagIds, { min: 1, max: below }),
    searched,
  )
  return [...cards, ...rest].slice(0, limit)
}
