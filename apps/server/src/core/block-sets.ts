import type { Db } from '../db/client'
import { listBlockedEitherWay } from './blocks'
import { EVERYONE, type IdentityFeed } from './identity-feed'
import { keyToEvict } from './recent-entries'

export type BlockSets = {
  /** Everyone the viewer blocked or was blocked by, from memory once read. */
  of: (viewerId: number) => Promise<ReadonlySet<number>>
}

/**
 * Each viewer's blocks, held for the caches that cut what they serve per viewer (popular members,
 * profiles). A block made or lifted names both members on the identity feed (migration 0012), which
 * drops their sets; callers serve nothing from memory while the feed is not live.
 */
export function createBlockSets(db: Db, feed: IdentityFeed, maxViewers: number): BlockSets {
  const held = new Map<number, ReadonlySet<number>>()
  // Bumped by every change: a read that began before it may hold what it changed, and is not kept.
  let generation = 0

  feed.subscribe((change) => {
    generation += 1
    if (change === EVERYONE) held.clear()
    else for (const id of change) held.delete(id)
  })

  return {
    async of(viewerId) {
      const known = held.get(viewerId)
      if (known) return known
      const mark = generation
      const blocked = new Set(await listBlockedEitherWay(db, viewerId))
      if (mark === generation && maxViewers > 0) {
        const oldest = keyToEvict(held, maxViewers)
        if (oldest !== undefined) held.delete(oldest)
        held.set(viewerId, blocked)
      }
      return blocked
    },
  }
}
