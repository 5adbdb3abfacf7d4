/**
 * Concurrent misses of an in-memory cache share one database read: when a held value is dropped under
 * load, every request waiting for it would otherwise read it again at once. A read is shared only with
 * requests that arrived before any later change (the same `mark`, the cache's generation counter), so
 * no one is answered with a value read before a change they may already have seen.
 */
export function createSharedReads<K, V>() {
  const pending = new Map<K, { mark: number; read: Promise<V> }>()
  return (key: K, mark: number, read: () => Promise<V>): Promise<V> => {
    const current = pending.get(key)
    if (current?.mark === mark) return current.read
    const entry = {
      mark,
      read: read().finally(() => {
        if (pending.get(key) === entry) pending.delete(key)
      }),
    }
    pending.set(key, entry)
    return entry.read
  }
}
