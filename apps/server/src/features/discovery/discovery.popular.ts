import { POPULAR_USERS_MAX, type TUserCard } from '@vouched/shared/discovery'
import type { BlockSets } from '../blocks/blocks.queries'
import type { CacheInvalidation } from '../../core/cache-invalidation'
import type { Db } from '../../db/client'
import { listPopularMembers } from './discovery.queries'

/** Room for the viewer and a dozen members they blocked before a list must be read for them alone. */
const POOL_SIZE = POPULAR_USERS_MAX + 14
/**
 * A card's activity score and top tags move without the member's row changing (what they give, the
 * tags others add): they may lag this long. Everything else on it changes a member's row.
 */
const MAX_AGE_MS = 10_000
const CARD_BYTES = 512

export type PopularMembers = {
  list: (viewerId: number, limit: number) => Promise<TUserCard[]>
}

/**
 * Popular members from memory: one list for everyone, cut per viewer by the members they blocked or
 * who blocked them (each viewer's blocks held too). Stale when any member's row changes in a field
 * cards show or rank by (a score after an endorsement, a suspension, a profile edit, someone joining
 * or leaving); a like, a comment or a block leaves it. Viewers who just wrote, and everyone while
 * changes cannot be heard, read from the database.
 */
export function createPopularMembers(
  db: Db,
  invalidation: CacheInvalidation,
  blocks: BlockSets,
  enabled: boolean,
): PopularMembers {
  const cache = invalidation.createCache<'pool', TUserCard[]>({
    name: 'popular members',
    maxEntries: enabled ? 1 : 0,
    maxBytes: POOL_SIZE * CARD_BYTES,
    sizeOf: (cards) => cards.length * CARD_BYTES,
    ttlMs: MAX_AGE_MS,
    staleOn: () => ['member'],
  })

  return {
    async list(viewerId, limit) {
      if (!enabled || !invalidation.live() || invalidation.recentWriter(viewerId)) {
        return listPopularMembers(db, viewerId, limit)
      }
      const [cards = [], blocked] = await Promise.all([
        cache.fetch('pool', () => listPopularMembers(db, null, POOL_SIZE)),
        blocks.of(viewerId),
      ])
      const visible = cards.filter((card) => card.id !== viewerId && !blocked.has(card.id))
      // The pool ran out before the list was full, while more members may follow it.
      if (visible.length < limit && cards.length === POOL_SIZE) return listPopularMembers(db, viewerId, limit)
      return visible.slice(0, limit)
    },
  }
}
