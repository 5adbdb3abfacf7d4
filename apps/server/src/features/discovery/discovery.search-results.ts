import { SEARCH_RESULTS_MAX, ZUserCards, type TUserCard } from '@vouched/shared/discovery'
import { LRUCache } from 'lru-cache'
import type { BlockSets } from '../blocks/blocks.queries'
import type { CacheInvalidation } from '../../core/cache-invalidation'
import { writeJson } from '../../core/json-answer'
import type { Db } from '../../db/client'
import type { RankedCard } from './discovery.cards'
import { normaliseName } from './discovery.name-search'
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
 * change the invalidation channel names (what the member gives, an operator's recount): they may lag
 * this long.
 */
const MAX_AGE_MS = 10_000
/** Estimated bytes of a held card, and of one written answer's share. */
const CARD_BYTES = 512
const AVERAGE_SEARCH_BYTES = 2 * HELD_LIMIT * CARD_BYTES

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
type Held = SearchLists & { answers: LRUCache<string, SearchAnswer> }

const answer = (cards: TUserCard[]): SearchAnswer => ({ cards, json: writeJson(ZUserCards, cards) })

/**
 * Search results from memory. A search's ranked lists are read once for no viewer in particular and
 * each viewer's answer cut from them: without the viewer and the members either side blocked, which
 * is exactly what the database would answer them as long as the held lists reach past the cut (the
 * order does not depend on who asks). A held search is stale when a member's row changes in a field
 * cards show, match or rank by (a new member too), or when endorsements are written, changed or
 * removed (their tags); a like, a comment or a block leaves it (a block changes only the two
 * members' held blocks). Viewers who just wrote, and everyone while changes cannot be heard, read
 * from the database.
 */
export function createSearchResults(
  db: Db,
  invalidation: CacheInvalidation,
  blocks: BlockSets,
  maxEntries: number,
): SearchResults {
  const cache = invalidation.createCache<string, Held>({
    name: 'searches',
    maxEntries,
    maxBytes: maxEntries * AVERAGE_SEARCH_BYTES,
    // The written answers grow after the lists are held; room for them is counted from the start.
    sizeOf: (held) => (held.byName.length + held.byTag.length) * CARD_BYTES * 2,
    ttlMs: MAX_AGE_MS,
    staleOn: () => ['member', 'endorsement'],
  })

  const heldLists = (plan: SearchPlan) => {
    const name = plan.name === null ? '' : normaliseName(plan.name)
    const key = [plan.sort, name, ...plan.tags.map((tag) => tag.toLowerCase())].join('\n')
    return cache.fetch(key, async () => ({
      ...(await findSearchLists(db, plan, null, HELD_LIMIT)),
      answers: new LRUCache<string, SearchAnswer>({ max: ANSWERS_PER_SEARCH }),
    }))
  }

  const fromDatabase = async (plan: SearchPlan, viewerId: number) =>
    answer(mergeSearchLists(plan, await findSearchLists(db, plan, viewerId, SEARCH_RESULTS_MAX)))

  return {
    async search(search) {
      const plan = planSearch(search)
      if (!plan) return answer([])
      const { viewerId } = search
      if (maxEntries === 0 || !invalidation.live() || invalidation.recentWriter(viewerId)) {
        return fromDatabase(plan, viewerId)
      }
      const [held, blocked] = await Promise.all([heldLists(plan), blocks.of(viewerId)])
      if (!held) return fromDatabase(plan, viewerId)
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
      held.answers.set(answerKey, written)
      return written
    },
  }
}
