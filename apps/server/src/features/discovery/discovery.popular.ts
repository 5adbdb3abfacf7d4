import { POPULAR_USERS_MAX, type TUserCard } from '@vouched/shared/discovery'
import type { BlockSets } from '../../core/block-sets'
import type { IdentityFeed } from '../../core/identity-feed'
import { createSharedReads } from '../../core/shared-reads'
import type { Db } from '../../db/client'
import { listPopularMembers } from './discovery.queries'

/** Room for the viewer and a dozen members they blocked before a list must be read for them alone. */
const POOL_SIZE = POPULAR_USERS_MAX + 14
/**
 * A card's activity score and top tags move without the member's row changing (what they give, the
 * tags others add): they may lag this long. Everything else on it changes a row the feed names.
 */
const MAX_AGE_MS = 10_000

export type PopularMembers = {
  list: (viewerId: number, limit: number) => Promise<TUserCard[]>
}

/**
 * Popular members from memory: one list for everyone, cut per viewer by the members they blocked or
 * who blocked them, each viewer's blocks held too. Any change the identity feed names (a member's
 * row, a block) drops the list, so it is read again after every endorsement, suspension or profile
 * edit; while the feed is not live, every list is read from the database.
 */
export function createPopularMembers(
  db: Db,
  feed: IdentityFeed,
  blocks: BlockSets,
  enabled: boolean,
): PopularMembers {
  let pool: { cards: TUserCard[]; readAt: number } | undefined
  // Bumped by every change: a read that began before it may hold what it changed, and is not kept.
  let generation = 0
  const shared = createSharedReads<'pool', TUserCard[]>()

  feed.subscribe(() => {
    generation += 1
    pool = undefined
  })

  const poolCards = async () => {
    if (pool && Date.now() - pool.readAt <= MAX_AGE_MS) return pool.cards
    const mark = generation
    return shared('pool', mark, async () => {
      const cards = await listPopularMembers(db, null, POOL_SIZE)
      if (mark === generation) pool = { cards, readAt: Date.now() }
      return cards
    })
  }

  return {
    async list(viewerId, limit) {
      if (!enabled || !feed.live()) return listPopularMembers(db, viewerId, limit)
      const [cards, blocked] = await Promise.all([poolCards(), blocks.of(viewerId)])
      const visible = cards.filter((card) => card.id !== viewerId && !blocked.has(card.id))
      // The pool ran out before the list was full, while more members may follow it.
      if (visible.length < limit && cards.length === POOL_SIZE) return listPopularMembers(db, viewerId, limit)
      return visible.slice(0, limit)
    },
  }
}
