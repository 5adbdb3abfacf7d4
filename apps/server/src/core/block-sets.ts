import type { Db } from '../db/client'
import { listBlockedEitherWay } from './blocks'
import type { CacheInvalidation } from './cache-invalidation'

/** A bound on staleness should a block ever reach the database around the triggers. */
const MAX_AGE_MS = 60_000

export type BlockSets = {
  /** Everyone the viewer blocked or was blocked by, from memory once read. */
  of: (viewerId: number) => Promise<ReadonlySet<number>>
}

/**
 * Each viewer's blocks, held for the caches that cut what they serve per viewer (popular members,
 * profiles, searches): those need not forget anything when a block is made or lifted, since the
 * block names both members and drops exactly their two sets (migration 0017).
 */
export function createBlockSets(db: Db, invalidation: CacheInvalidation, maxViewers: number): BlockSets {
  const cache = invalidation.createCache<number, ReadonlySet<number>>({
    name: 'blocks',
    maxEntries: maxViewers,
    maxBytes: maxViewers * 256,
    sizeOf: (blocked) => 64 + 16 * blocked.size,
    ttlMs: MAX_AGE_MS,
    staleOn: (_blocked, viewerId) => [`block:${viewerId}`],
  })
  return {
    async of(viewerId) {
      const blocked = await cache.fetch(
        viewerId,
        async () => new Set(await listBlockedEitherWay(db, viewerId)),
      )
      return blocked ?? new Set()
    },
  }
}
