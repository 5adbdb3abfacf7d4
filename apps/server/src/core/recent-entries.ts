/**
 * The in-memory caches keep their entries in a Map in the order they were last used: Maps iterate in
 * insertion order, so re-inserting an entry on every use leaves the least recently used first.
 */

/** The entry if it is younger than `maxAgeMs`, moved to the end as just used; otherwise undefined. */
export function freshEntry<K, V extends { readAt: number }>(held: Map<K, V>, key: K, maxAgeMs: number) {
  const found = held.get(key)
  if (!found || Date.now() - found.readAt > maxAgeMs) return undefined
  held.delete(key)
  held.set(key, found)
  return found
}

/** The least recently used key when the map is full, the one to drop before adding another. */
export function keyToEvict<K, V>(held: Map<K, V>, maxEntries: number) {
  if (held.size < maxEntries) return undefined
  const [oldest] = held.keys()
  return oldest
}
