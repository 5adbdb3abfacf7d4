import { SEARCH_RESULTS_MAX, ZUserCards, type TUserCard } from '@vouched/shared/discovery'
import type { BlockSets } from '../../core/block-sets'
import type { IdentityFeed } from '../../core/identity-feed'
import { writeJson } from '../../core/json-answer'
import { freshEntry, keyToEvict } from '../../core/recent-entries'
import { createSharedReads } from '../../core/shared-reads'
import type { Db } from '../../db/client'
import { normaliseName, type RankedCard } from './discovery.queries'
import {
  findSearchLists,
  mergeSearchLists,
  planSearch,
  type MemberSearch,
  type SearchLists,
  type SearchPlan,
} from './discovery.service'

/** Room for the viewer and a dozen members they blocked before a search must be read for them alone. */
const HELD_LIMIT = SEARCH_RESULTS_MAX + 14
/**
 * A card's activity score (and the "Recently Active" order it drives) and top tags move without a
 * change the feed names (what the member gives, an operator's recount): they may lag this long.
 */
const MAX_AGE_MS = 10_000

/** The cards, and the answer's text as the route's response schema writes it. */
export type SearchAnswer = { cards: TUserCard[]; json: string }

export type SearchResults = {
  search: (search: MemberSearch) => Promise<SearchAnswer>
}

/**
 * An answer depends only on which members of the held lists a viewer leaves out (themselves, whom
 * they blocked or were blocked by): most viewers leave out no one and share one answer; a member who
 * is in the lists shares theirs with whoever leaves out the same. Kept per search, up to this many.
 */
const ANSWERS_PER_SEARCH = 8

/** The lists, and the answers written from them, keyed by the ids left out ('' for none). */
type Held = SearchLists & { readAt: number; answers: Map<string, SearchAnswer> }

const answer = (cards: TUserCard[]): SearchAnswer => ({ cards, json: writeJson(ZUserCards, cards) })

/**
 * Search results from memory. A search's ranked lists are read once for no viewer in particular and
 * each viewer's answer cut from them: without the viewer and the members either side blocked, which
 * is exactly what the database would answer them as long as the held lists reach past the cut (the
 * order does not depend on who asks). Any change the identity feed names drops every held search: a
 * member's row (names, scores, suspension; a new member, migration 0014), a block, or the
 * endorsements someone received (their tags). While the feed is not live, every search is read from
 * the database.
 */
export function createSearchResults(
  db: Db,
  feed: IdentityFeed,
  blocks: BlockSets,
  maxEntries: number,
): SearchResults {
  const held = new Map<string, Held>()
  // Bumped by every change: a read that began before it may hold what it changed, and is not kept.
  let generation = 0
  const shared = createSharedReads<string, Held>()

  const forgetAll = () => {
    generation += 1
    held.clear()
  }
  feed.subscribe(forgetAll)
  feed.subscribe(forgetAll, 'received')

  const keep = (key: string, lists: Held) => {
    held.delete(key)
    const oldest = keyToEvict(held, maxEntries)
    if (oldest !== undefined) held.delete(oldest)
    held.set(key, lists)
  }

  const heldLists = async (plan: SearchPlan): Promise<Held> => {
    const name = plan.name === null ? '' : normaliseName(plan.name)
    const key = [plan.sort, name, ...plan.tags.map((tag) => tag.toLowerCase())].join('\n')
    const found = freshEntry(held, key, MAX_AGE_MS)
    if (found) return found
    const mark = generation
    return shared(key, mark, async () => {
      const lists = await findSearchLists(db, plan, null, HELD_LIMIT)
      const entry: Held = { ...lists, readAt: Date.now(), answers: new Map() }
      if (mark === generation) keep(key, entry)
      return entry
    })
  }

  const fromDatabase = async (plan: SearchPlan, viewerId: number) =>
    answer(mergeSearchLists(plan, await findSearchLists(db, plan, viewerId, SEARCH_RESULTS_MAX)))

  return {
    async search(search) {
      const plan = planSearch(search)
      if (!plan) return answer([])
      const { viewerId } = search
      if (maxEntries === 0 || !feed.live()) return fromDatabase(plan, viewerId)
      const [held, blocked] = await Promise.all([heldLists(plan), blocks.of(viewerId)])
      const leftOut = (card: RankedCard) => card.id === viewerId || blocked.has(card.id)
      const left = [...new Set([...held.byName, ...held.byTag].filter(leftOut).map((card) => card.id))]
      const answerKey = left.sort((a, b) => a - b).join(',')
      const known = held.answers.get(answerKey)
      if (known) return known
      // A list cut short by the viewer's exclusions, while more members may follow it, is read for them.
      const cut = (cards: RankedCard[]) => {
        const visible = cards.filter((card) => !leftOut(card))
        return visible.length < SEARCH_RESULTS_MAX && cards.length === HELD_LIMIT
          ? undefined
          : visible.slice(0, SEARCH_RESULTS_MAX)
      }
      const byName = cut(held.byName)
      const byTag = cut(held.byTag)
      if (!byName || !byTag) return fromDatabase(plan, viewerId)
      const written = answer(mergeSearchLists(plan, { byName, byTag }))
      const oldest = keyToEvict(held.answers, ANSWERS_PER_SEARCH)
      if (oldest !== undefined) held.answers.delete(oldest)
      held.answers.set(answerKey, written)
      return written
    },
  }
}
