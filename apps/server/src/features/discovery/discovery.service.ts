import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import {
  ACTIVITY_WINDOW_DAYS,
  parseSearchTags,
  SEARCH_RESULTS_MAX,
  SEARCH_TAGS_MAX,
  type TSearchSort,
  type TSearchType,
  type TUserCard,
} from '@vouched/shared/discovery'
import { sql } from 'drizzle-orm'
import { AppError } from '../../core/errors'
import { queryRows, type Db } from '../../db/client'
import { toUserCard, type RankedCard, type SearchViewer } from './discovery.cards'
import { searchMembersByHashtags } from './discovery.hashtag-search'
import { NAME_RANK, searchMembersByName } from './discovery.name-search'

export type MemberSearch = {
  viewerId: number
  q: string
  type?: TSearchType | 'all'
  sort: TSearchSort
}

/** What a search looks for, its text read once: names, tags or both. */
export type SearchPlan = { sort: TSearchSort; name: string | null; tags: string[] }

/** A search's two ranked lists, best first, before they become one answer. */
export type SearchLists = { byName: RankedCard[]; byTag: RankedCard[] }

/**
 * Users mode matches names, hashtag mode a tag or a comma list of tags; without a type both run.
 * Null for a blank text; too many tags are refused.
 */
export function planSearch(search: Omit<MemberSearch, 'viewerId'>): SearchPlan | null {
  const q = search.q.trim()
  if (!q) return null
  const type = search.type === 'all' ? undefined : search.type
  // Without a type, a comma list or a leading '#' can only mean tags.
  const wantsTags = type !== 'user'
  const wantsNames = type === 'user' || (type === undefined && !q.includes(',') && !q.startsWith('#'))
  const tags = wantsTags ? parseSearchTags(q) : []
  if (tags.length > SEARCH_TAGS_MAX) {
    throw new AppError('TOO_MANY_HASHTAGS', SERVER_MESSAGES.tooManySearchTags, 400, 'q')
  }
  return { sort: search.sort, name: wantsNames ? q : null, tags }
}

/** Each list holds up to `limit` members; a null viewer reads them for no one in particular. */
export async function findSearchLists(
  db: Db,
  plan: SearchPlan,
  viewerId: SearchViewer,
  limit: number,
): Promise<SearchLists> {
  const { sort, name, tags } = plan
  const byName = name === null ? [] : await searchMembersByName(db, { query: name, viewerId, sort, limit })
  const byTag = tags.length > 0 ? await searchMembersByHashtags(db, { tags, viewerId, sort, limit }) : []
  return { byName, byTag }
}

/**
 * One answer from both lists: exact and prefix name matches first (someone typed a person's name),
 * then members holding the tag, then looser name matches, each member once.
 */
export function mergeSearchLists(plan: SearchPlan, { byName, byTag }: SearchLists): TUserCard[] {
  if (plan.name === null || byTag.length === 0) return [...byName, ...byTag].map(toUserCard)
  const isClose = (card: RankedCard) => card.rank !== null && card.rank <= NAME_RANK.prefix
  const tagged = new Map(byTag.map((card) => [card.id, card]))
  const seen = new Set<number>()
  const merged: TUserCard[] = []
  for (const card of [...byName.filter(isClose), ...byTag, ...byName.filter((c) => !isClose(c))]) {
    if (seen.has(card.id)) continue
    seen.add(card.id)
    // A member found both ways carries what the tag search learnt about them.
    merged.push(toUserCard(tagged.get(card.id) ?? card))
  }
  return merged.slice(0, SEARCH_RESULTS_MAX)
}

/** GET /api/search, read from the database for this viewer. */
export async function searchMembers(db: Db, search: MemberSearch): Promise<TUserCard[]> {
  const plan = planSearch(search)
  if (!plan) return []
  return mergeSearchLists(plan, await findSearchLists(db, plan, search.viewerId, SEARCH_RESULTS_MAX))
}

/**
 * Moves the activity window to the last 30 days: what left it is subtracted from the members'
 * scores, in one transaction holding the window row so two instances never subtract twice.
 * Cheap when nothing changed (one row read); returns the number of days that left the window.
 */
export async function slideActivityWindow(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // UTC days, as member_daily_activity counts them (core/activity.ts).
    const target = sql`((now() at time zone 'UTC')::date - ${ACTIVITY_WINDOW_DAYS - 1}::int)`
    await tx.execute(
      sql`insert into member_activity_window (id, window_start) values (1, ${target}) on conflict (id) do nothing`,
    )
    const [window] = await queryRows<{ from: string; to: string; days: number }>(
      tx,
      sql`select window_start::text as "from", ${target}::text as "to", (${target} - window_start)::int as days
          from member_activity_window where id = 1 for update`,
    )
    if (!window || window.days <= 0) return 0
    await tx.execute(
      sql`update member_activity_scores s set score = s.score - d.total
          from (select user_id, sum(count)::int as total from member_daily_activity
                where day >= ${window.from}::date and day < ${window.to}::date group by user_id) d
          where s.user_id = d.user_id`,
    )
    await tx.execute(sql`update member_activity_window set window_start = ${window.to}::date where id = 1`)
    return window.days
  })
}
