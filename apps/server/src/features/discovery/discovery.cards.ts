import {
  TOP_HASHTAGS_SENT,
  type TMatchedHashtag,
  type TSearchSort,
  type TUserCard,
} from '@vouched/shared/discovery'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, sqlInteger, type Db } from '../../db/client'
import { blockedEitherWay } from '../blocks/blocks.queries'

/**
 * What every discovery read shares: who it may show a viewer, the sort orders, and the member card
 * (its columns, its shape, and the statement that turns ranked hits into cards).
 */

export const list = (values: readonly (string | number)[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`

/** Who discovery may show anyone: never an admin, never the user `admin` (whatever their flag says), nor a suspended member. */
export const listed = sql`u.is_admin = false and lower(u.username) <> 'admin' and u.suspended_at is null`

/**
 * Who discovery may show a viewer (DECISIONS.md §4): the listed members but the viewer, and anyone
 * the viewer blocked or who blocked the viewer (issue 10). For no viewer in particular (`null`, what
 * held results are read as, discovery.search-results.ts) every listed member.
 */
export const visibleTo = (viewerId: number | null) =>
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
export const SORTS: Record<TSearchSort, { from: SQL; order: SQL; collect: SQL }> = {
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
export const cardColumns = sql`u.id, u.username, u.full_name as "fullName", u.title,
  u.profile_picture as "profilePicture", u.reputation_score as "reputationScore",
  u.vouch_count as "vouchCount", u.is_email_verified as "isVerified",
  coalesce((select a.score from member_activity_scores a where a.user_id = u.id), 0) as "activityScore",
  array(select h.tag from member_hashtags mh join hashtags h on h.id = mh.hashtag_id
        where mh.user_id = u.id and mh.count > 0
        order by mh.count desc, mh.hashtag_id
        limit ${sqlInteger(TOP_HASHTAGS_SENT)}) as "topHashtags"`

export type CardRow = Omit<TUserCard, 'matchCount' | 'totalHashtags' | 'matchedHashtags'> & {
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
export const toCard = (row: CardRow, totalHashtags = 0): RankedCard => {
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
export async function rankedCards(
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
