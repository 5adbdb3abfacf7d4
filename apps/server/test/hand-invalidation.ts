import { LRUCache } from 'lru-cache'
import { createCache, type Cache, type Change } from '../src/core/cache'
import type { CacheInvalidation } from '../src/core/cache-invalidation'

/**
 * Cache invalidation told by hand: what a cache does before and after each word of the database is
 * heard, one step at a time. The caches are the real ones; only the channel is in the test's hands.
 */
export function handInvalidation() {
  const caches: Pick<Cache<never, never>, 'name' | 'stats' | 'size' | 'invalidate' | 'clear'>[] = []
  const subscribers: { kinds: readonly string[]; onChange: (change: Change) => void }[] = []
  const writers = new LRUCache<number, true>({ max: 1000, ttl: 5_000 })
  let live = true
  const tell = (change: Change) => {
    for (const cache of caches) cache.invalidate(change)
    for (const { kinds, onChange } of subscribers) if (kinds.includes(change.kind)) onChange(change)
  }
  const invalidation: CacheInvalidation = {
    live: () => live,
    caches: () => caches,
    settled: async () => {},
    createCache(options) {
      const cache = createCache({ ...options, live: () => live } as Parameters<typeof createCache>[0])
      caches.push(cache)
      return cache as never
    },
    subscribe: (kinds, onChange) => void subscribers.push({ kinds, onChange }),
    announce: tell,
    noteWriter: (userId) => void writers.set(userId, true),
    recentWriter: (userId) => writers.has(userId),
    close: async () => {},
  }
  return {
    invalidation,
    tell,
    /** Whether changes are heard; losing them empties every cache, as the channel does. */
    setLive(value: boolean) {
      live = value
      for (const cache of caches) cache.clear()
    },
  }
}
