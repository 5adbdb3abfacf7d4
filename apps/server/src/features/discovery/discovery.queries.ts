import {
  SEARCH_RESULTS_MAX,
  TOP_HASHTAGS_SENT,
  type TPopularHashtag,
  type TMatchedHashtag,
  type TSearchSort,
  type TUserCard,
} from '@vouched/shared/discovery'
import { USERNAME_PATTERN } from '@vouched/shared/users'
import { sql, type SQL } from 'drizzle-orm'
import { blockedEitherWay } from '../blocks/blocks.queries'
import { queryRows, sqlInteger, type Db } from '../../db/client'
import { typoCorrections } from './discovery.typos'

const list = (values: readonly (string | number)[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`

/** Who discovery may show anyone: never an admin, never the user `admin` (whatever their flag says), nor a suspended member. */
const listed = sql`u.is_admin = false and lower(u.username) <> 'admin' and u.suspended_at is null`

/**
 * Who discovery may show a viewer (DECISIONS.md §4): the listed members but the viewer, and anyone
 * the viewer blocked or who blocked the viewer (issue 10). For no viewer in particular (`null`, what
 * held results are read as, discovery.search-results.ts) every listed member.
 */
const visibleTo = (viewerId: number | null) =>
  viewerId === null
    ? listed
    : sql`${listed} and u.id <> ${viewerId} and not ${blockedEitherWay(viewerId, sql`u.id`)}`

/** The searching member, or null for a search read once for every viewer. */
export type SearchViewer = number | null

/**
 * Each sort in two forms. `from`/`order` walk one index in order: users_reputation_idx,
 * users_vouch_count_idx, member_activity_scores_score_idx, trust_scores_trust_idx. `collect` is the same order over `users u` alone, in a form no
 * index provides, for a set of matches collected elsewhere (trigram indexes, tag holders) and
 * sorted; the activity score is then read per member. The id comes last so equal members keep a
 * stable order, newest first.
 */
const SORTS: Record<TSearchSort, { from: SQL; order: SQL; collect: SQL }> = {
  reputation: {
    from: sql`users u`,
    order: sql`u.reputation_score desc, u.vouch_count desc, u.id desc`,
    collect: sql`u.reputation_score + 0 desc, u.vouch_count desc, u.id desc`,
  },
  active: {
    from: sql`users u`,
    order: sql`u.vouch_count desc, u.reputation_score desc, u.id desc`,
    collect: sql`u.vouch_count + 0 desc, u.reputation_score desc, u.id desc`,
  },
  recent: {
    from: sql`member_activity_scores s join users u on u.id = s.user_id`,
    order: sql`s.score desc, s.user_id desc`,
    collect: sql`coalesce((select s.score from member_activity_scores s where s.user_id = u.id), 0) desc, u.id desc`,
  },
  // The trust rank of the last recompute (features/trust), which writes a row for every member. One
  // who joined since has none and comes after everyone who has, so walking the rows and then
  // collecting the rest give the same order.
  trust: {
    from: sql`trust_scores t join users u on u.id = t.user_id`,
    order: sql`t.trust desc, t.user_id desc`,
    collect: sql`coalesce((select t.trust from trust_scores t where t.user_id = u.id), -1) desc, u.id desc`,
  },
}

/** The card columns of `u`: only the rows that are returned pay for the top hashtags. */
const cardColumns = sql`u.id, u.username, u.full_name as "fullName", u.title,
  u.profile_picture as "profilePicture", u.reputation_score as "reputationScore",
  u.vouch_count as "vouchCount", u.is_email_verified as "isVerified",
  coalesce((select a.score from member_activity_scores a where a.user_id = u.id), 0) as "activityScore",
  array(select h.tag from member_hashtags mh join hashtags h on h.id = mh.hashtag_id
        where mh.user_id = u.id and mh.count > 0
        order by mh.count desc, mh.hashtag_id
        limit ${sqlInteger(TOP_HASHTAGS_SENT)}) as "topHashtags"`

type CardRow = Omit<TUserCard, 'matchCount' | 'totalHashtags' | 'matchedHashtags'> & {
  matchCount?: number | null
  rank?: number | null
  matchedHashtags?: TMatchedHashtag[] | null
}

/** A card with how it was found: its name-match group, when a name search found it. */
export type RankedCard = TUserCard & { rank: number | null }

/**
 * Field by field: spreading the row and replacing the two numbers that come as text cost 30 times as
 * much (4 µs a card, a tenth of the server's time on popular members).
 */
const toCard = (row: CardRow, totalHashtags = 0): RankedCard => {
  const matchCount = row.matchCount ?? 0
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    title: row.title,
    profilePicture: row.profilePicture,
    reputationScore: Number(row.reputationScore),
    topHashtags: row.topHashtags,
    matchCount,
    totalHashtags: matchCount > 0 ? totalHashtags : 0,
    isVerified: row.isVerified,
    vouchCount: row.vouchCount,
    activityScore: Number(row.activityScore),
    // Undefined (left out of the JSON) unless a hashtag search asked for it.
    matchedHashtags: row.matchedHashtags ?? undefined,
    rank: row.rank ?? null,
  }
}

/**
 * The searched tags a member received with their counts, most endorsed first: one primary-key
 * probe of member_hashtags per searched tag, paid only by the cards returned.
 */
const matchedHashtagsColumn = (tagIds: number[]) =>
  sql`, coalesce((select json_agg(json_build_object('tag', h.tag, 'count', mh.count) order by mh.count desc, h.id)
        from member_hashtags mh join hashtags h on h.id = mh.hashtag_id
        where mh.user_id = u.id and mh.hashtag_id in ${list(tagIds)} and mh.count > 0), '[]'::json)
      as "matchedHashtags"`

/**
 * Ranking and cards in one statement: `hits` yields `id`, `rn` (its order, within its `rank` when
 * it has name groups) and optionally `mc` (tags matched) and `rank` (name group); only the hits pay
 * for their card's subqueries.
 */
async function rankedCards(
  db: Db,
  hits: SQL,
  tags?: { total: number; ids: number[] },
): Promise<RankedCard[]> {
  const totalHashtags = tags?.total ?? 0
  const matched = tags ? matchedHashtagsColumn(tags.ids) : sql``
  const rows = await queryRows<CardRow>(
    db,
    sql`with hits as (${hits})
        select ${cardColumns}, hits.mc as "matchCount", hits.rank as "rank"${matched}
        from hits join users u on u.id = hits.id
        order by hits.rank, hits.rn`,
  )
  return rows.map((row) => toCard(row, totalHashtags))
}

/** Public card shape: the ranking detail stays on the server. */
export const toUserCard = ({ rank: _rank, ...card }: RankedCard): TUserCard => card

/**
 * Highest reputation, then most endorsed, then newest (DECISIONS.md §5): a walk of users_reputation_idx.
 * For no viewer in particular, what each viewer's list is cut from (discovery.popular.ts).
 */
export const popularMembersQuery = (viewerId: SearchViewer, limit: number) =>
  sql`select ${cardColumns} from users u where ${visibleTo(viewerId)}
      order by ${SORTS.reputation.order} limit ${sqlInteger(limit)}`

export async function listPopularMembers(db: Db, viewerId: SearchViewer, limit: number) {
  const rows = await queryRows<CardRow>(db, popularMembersQuery(viewerId, limit))
  return rows.map((row) => toUserCard(toCard(row)))
}

/** Tags carried by at least one endorsement, most used first: a walk of hashtags_count_idx. */
export function listPopularHashtags(db: Db, limit: number) {
  return queryRows<TPopularHashtag>(
    db,
    sql`select id, tag, count from hashtags where count > 0
        order by count desc, id limit ${sqlInteger(limit)}`,
  )
}

// ---------------------------------------------------------------------------------------------
// Name search

/** `LIKE` treats these as wildcards; a search text is only ever text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Match groups, best first: the query itself, then its typo corrections. */
export const NAME_RANK = {
  exact: 0,
  prefix: 1,
  substring: 2,
  typoExact: 3,
  typoPrefix: 4,
  typoSubstring: 5,
} as const

/** Below this length a substring or a typo says little: only exact and prefix matches count. */
const LOOSE_MIN_LENGTH = 3

const USERNAME = sql`lower(u.username)`
const NAME_FIELDS = [USERNAME, sql`lower(u.full_name)`, sql`lower(u.title)`]
/** Equality is checked on names only (btree indexes); a title equal to the text still starts with it. */
const EXACT_FIELDS = NAME_FIELDS.slice(0, 2)

/**
 * A text holding a character no username may hold (a space, say) is in no username: its index is
 * not read at all.
 */
const mayBeInUsername = (pattern: string) =>
  USERNAME_PATTERN.test(pattern.replace(/^%|%$/g, '').replace(/\\(.)/g, '$1'))

/** Any of the name fields matches any of the patterns; null when none matches and one is null. */
const anyField = (op: 'eq' | 'like', patterns: string[]) =>
  sql`(${sql.join(
    patterns.flatMap((p) =>
      (op === 'eq' ? EXACT_FIELDS : NAME_FIELDS)
        .filter((f) => f !== USERNAME || mayBeInUsername(p))
        .map((f) => (op === 'eq' ? sql`${f} = ${p}` : sql`${f} like ${p}`)),
    ),
    sql` or `,
  )})`
/** The negation of a match, where a null field counts as "does not match". */
const noField = (op: 'eq' | 'like', patterns: string[]) => sql`not coalesce(${anyField(op, patterns)}, false)`

/**
 * A match group: members matching some LIKE patterns on their names or title, a rank (a group
 * may hold two ranks, e.g. equal and starting with), and conditions they must also meet.
 */
type Bucket = { patterns: string[]; rank: SQL; also?: SQL }

/**
 * The groups of a text (or of its corrections): starting with it (those equal to it ranked first,
 * in the same statement), then, from 3 characters, containing it.
 */
function bucketsFor(phrases: string[], ranks: readonly [number, number, number], loose: boolean): Bucket[] {
  const prefixes = phrases.map((p) => `${escapeLike(p)}%`)
  const buckets: Bucket[] = [
    {
      patterns: prefixes,
      rank: sql`case when ${anyField('eq', phrases)} then ${ranks[0]} else ${ranks[1]} end`,
    },
  ]
  if (loose) {
    buckets.push({
      patterns: phrases.map((p) => `%${escapeLike(p)}%`),
      rank: sql`${ranks[2]}`,
      also: noField('like', prefixes),
    })
  }
  return buckets
}

type BucketSearch = { viewerId: SearchViewer; sort: TSearchSort; limit: number; excludeIds?: number[] }

/** The members of one group, best first, as ranked hits. */
export function nameBucketQuery(bucket: Bucket, search: BucketSearch) {
  const sort = SORTS[search.sort]
  const order = sql`(${bucket.rank}), ${sort.collect}`
  const also = bucket.also ? sql` and ${bucket.also}` : sql``
  const exclude = search.excludeIds?.length ? sql` and u.id not in ${list(search.excludeIds)}` : sql``
  return sql`select u.id, (${bucket.rank})::int as rank, null::int as mc, row_number() over (order by ${order}) as rn
    from users u
    where ${anyField('like', bucket.patterns)}${also} and ${visibleTo(search.viewerId)}${exclude}
    order by ${order} limit ${search.limit}`
}

/**
 * The planner prices lower() and LIKE as nearly free, so for a common prefix it may choose to read
 * every member (hundreds of milliseconds) over the trigram indexes (a few). These settings, scoped
 * to the search's transaction (set_config(…, true)), keep the index plans without leaking into a
 * pooled connection.
 */
const NAME_SEARCH_SETTINGS = sql`select set_config('enable_seqscan', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`

/**
 * Fills the groups in order in one statement (each round trip is a chance at the machine's scheduling
 * tail: docs/performance.md, note 3), asking only for what is still missing: the limit above the
 * groups' union stops reading them once it has its members, so a group is read only when those
 * before it left room.
 */
async function collectBuckets(db: Db, buckets: Bucket[], search: BucketSearch, found: RankedCard[] = []) {
  const limit = search.limit - found.length
  if (limit <= 0) return found
  const each = { ...search, limit, excludeIds: [...(search.excludeIds ?? []), ...found.map((c) => c.id)] }
  const groups = sql.join(
    buckets.map((bucket) => sql`(${nameBucketQuery(bucket, each)})`),
    sql` union all `,
  )
  return [...found, ...(await rankedCards(db, sql`select * from (${groups}) groups limit ${limit}`))]
}

/** Lower-cased, inner spaces collapsed. */
export const normaliseName = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ')

export type NameSearch = { query: string; viewerId: SearchViewer; sort: TSearchSort; limit?: number }

/**
 * Members whose username, full name or title matches, ignoring case: equal first, then starting
 * with the text, then containing it; when that leaves room, the same three groups again for the
 * text's typo corrections ('jonh' → 'john', found in the dictionary of member words). The chosen
 * sort orders members inside a group.
 */
export async function searchMembersByName(db: Db, search: NameSearch): Promise<RankedCard[]> {
  const q = normaliseName(search.query)
  if (!q) return []
  const loose = q.length >= LOOSE_MIN_LENGTH
  const options = { viewerId: search.viewerId, sort: search.sort, limit: search.limit ?? SEARCH_RESULTS_MAX }

  return db.transaction(async (tx) => {
    await tx.execute(NAME_SEARCH_SETTINGS)
    const close = await collectBuckets(
      tx,
      bucketsFor([q], [NAME_RANK.exact, NAME_RANK.prefix, NAME_RANK.substring], loose),
      options,
    )
    if (close.length >= options.limit || !loose) return close

    const phrases = await typoCorrections(tx, q)
    if (phrases.length === 0) return close
    return collectBuckets(
      tx,
      bucketsFor(phrases, [NAME_RANK.typoExact, NAME_RANK.typoPrefix, NAME_RANK.typoSubstring], true),
      options,
      close,
    )
  })
}

// ---------------------------------------------------------------------------------------------
// Hashtag search

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
