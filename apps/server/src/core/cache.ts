import { LRUCache } from 'lru-cache'

/**
 * What changed, as the cache invalidation channel names it (migration 0017):
 * - `member`: a member's row, in a field some cache shows (never a password, token, code or email);
 *   joining and leaving too;
 * - `session`: sessions of these members ended or changed;
 * - `block`: a block between these members was made or lifted (both sides are named);
 * - `endorsement`: endorsements these members received were written, changed, hidden or removed;
 * - `reaction`: endorsements these members received were liked, unliked or commented on.
 */
export const CHANGE_KINDS = ['member', 'session', 'block', 'endorsement', 'reaction'] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

/** The members a change is about, or everyone (a truncate, or too many to name). */
export type Change = { kind: ChangeKind; ids: readonly number[] | 'all' }

/** A change that makes an entry stale: any change of a kind, or one about a given member. */
export type StaleOn = ChangeKind | `${ChangeKind}:${number}`

/**
 * Field names that never go into a cache: a value held in memory outlives the request that read it,
 * and a mistake elsewhere (a log line, a heap dump, a missed allow-list) could hand it out.
 */
type SecretKey =
  | 'password'
  | 'passwordHash'
  | 'email'
  | 'workEmail'
  | 'verificationCode'
  | 'verificationCodeExpiry'
  | 'resetToken'
  | 'resetTokenExpiry'
  | 'token'

type Depth = [never, 0, 1, 2, 3, 4, 5]

/** True when a secret field name appears anywhere in the value's type (down to six levels). */
export type HoldsSecret<T, D extends number = 6> = [D] extends [never]
  ? false
  : T extends string | number | boolean | bigint | symbol | null | undefined | Date | Uint8Array
    ? false
    : T extends ReadonlyMap<unknown, infer E>
      ? HoldsSecret<E, Depth[D]>
      : T extends ReadonlySet<infer E>
        ? HoldsSecret<E, Depth[D]>
        : T extends readonly (infer E)[]
          ? HoldsSecret<E, Depth[D]>
          : T extends (...args: never[]) => unknown
            ? false
            : T extends object
              ? [Extract<keyof T, SecretKey>] extends [never]
                ? true extends { [K in keyof T]-?: HoldsSecret<T[K], Depth[D]> }[keyof T]
                  ? true
                  : false
                : true
              : false

/** Makes `createCache` refuse, at compile time, a value type that could hold a secret. */
export type NoSecrets<V> =
  HoldsSecret<V> extends true ? { cachedValueMayNotHold: 'a password hash, token, code or email' } : unknown

export type CacheOptions<K, V> = {
  /** Names the cache in logs and tests. */
  name: string
  /** Entries at most; 0 turns the cache off (every read goes to the database). */
  maxEntries: number
  /** The bound on the held values' estimated size, in bytes. */
  maxBytes: number
  /** A value's estimated size in bytes (at least 1). */
  sizeOf: (value: V, key: K) => number
  /**
   * How long an entry may answer: the bound on staleness for changes no message names. A value whose
   * time is already over (an expired session) is handed to its callers and not kept.
   */
  ttlMs: number | ((value: V) => number)
  /** The changes that make an entry stale; only messages of these kinds reach the cache. */
  staleOn: (value: V, key: K) => readonly StaleOn[]
  /**
   * Whether the cache may answer at all. False while nobody can promise that changes are heard
   * (the invalidation channel's heartbeat failed): then every read goes to the database.
   */
  live?: () => boolean
}

/** What the cache answered, for the metrics: from memory, by reading, or past a cache that may not answer. */
export type CacheStats = { hits: number; misses: number; bypassed: number }

export type Cache<K, V> = {
  readonly name: string
  readonly stats: Readonly<CacheStats>
  /**
   * The held value, or `load()` once for every concurrent miss of the key. A fill that a change
   * reached while it was reading (by member or by kind) reads again; one whose key was deleted answers
   * the requests that were waiting for it and is not kept; nor is an answer of undefined (nothing to
   * hold, such as an unknown member).
   */
  fetch: (key: K, load: () => Promise<V | undefined>) => Promise<V | undefined>
  /** The held value without loading or touching its recency (tests, and answers that must not wait). */
  peek: (key: K) => V | undefined
  /** Forgets one key, and any fill of it in progress. */
  delete: (key: K) => void
  /** Forgets what a change made stale, and keeps no fill in progress that it reached. */
  invalidate: (change: Change) => void
  /** Forgets everything, including fills in progress (the channel was lost or came back). */
  clear: () => void
  readonly size: number
}

/**
 * Reads of one fill at most: a change that reaches a fill while it reads makes it read again, so that
 * requests that joined it after the change get what the change made; under a storm of changes the
 * last read answers its callers unkept.
 */
const MAX_ATTEMPTS = 3

/** A fill in progress, and the changes heard while it read (`all`: the cache was cleared). */
type Fill = { heard: Change[] | 'all' }

/** Whether a change reaches an entry that is stale on `tag`. */
const reaches = (change: Change, tag: StaleOn) => {
  const [kind, id] = tag.split(':')
  if (kind !== change.kind) return false
  return change.ids === 'all' || id === undefined || change.ids.includes(Number(id))
}

/**
 * One in-memory cache on lru-cache: concurrent misses of a key share one read (`fetch`), every entry
 * has a time to live, the cache is bounded by entries and by estimated bytes, and each entry says which
 * changes make it stale, so a message about a like never reaches a cache that does not show likes.
 */
export function createCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: CacheOptions<K, V> & NoSecrets<V>,
): Cache<K, V> {
  const { name, maxEntries, maxBytes, sizeOf, ttlMs, staleOn, live = () => true } = options
  const ttlOf = typeof ttlMs === 'function' ? ttlMs : () => ttlMs
  // Which keys each change reaches, kept with the entries by lru-cache's insert and dispose hooks.
  const keysByTag = new Map<StaleOn, Set<K>>()
  const tagsByKey = new Map<K, readonly StaleOn[]>()
  const fills = new Set<Fill>()
  const stats: CacheStats = { hits: 0, misses: 0, bypassed: 0 }

  const unindex = (key: K) => {
    for (const tag of tagsByKey.get(key) ?? []) {
      const keys = keysByTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) keysByTag.delete(tag)
    }
    tagsByKey.delete(key)
  }

  const lru =
    maxEntries > 0
      ? new LRUCache<K, V, () => Promise<V | undefined>>({
          max: maxEntries,
          maxSize: maxBytes,
          sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
          ttl: 1,
          // Requests waiting on a fill whose key was deleted still get what it read; it is only not kept.
          ignoreFetchAbort: true,
          onInsert: (value, key) => {
            unindex(key)
            const tags = staleOn(value, key)
            tagsByKey.set(key, tags)
            for (const tag of tags) {
              let keys = keysByTag.get(tag)
              if (!keys) keysByTag.set(tag, (keys = new Set()))
              keys.add(key)
            }
          },
          dispose: (_value, key) => unindex(key),
          fetchMethod: async (key, _stale, { context: load, options: entry, signal }) => {
            for (let attempt = 1; ; attempt += 1) {
              const fill: Fill = { heard: [] }
              fills.add(fill)
              let value: V | undefined
              try {
                value = await load()
              } finally {
                fills.delete(fill)
              }
              if (signal.aborted || value === undefined) return value
              const { heard } = fill
              const reached =
                heard === 'all' ||
                (heard.length > 0 &&
                  staleOn(value, key).some((tag) => heard.some((change) => reaches(change, tag))))
              // Requests that joined after the change must not get what was read before it: read again.
              if (reached && attempt < MAX_ATTEMPTS) continue
              const ttl = ttlOf(value)
              // Deleting our own pending entry: lru-cache then hands the value to the callers, unkept.
              if (reached || ttl <= 0 || !live()) lru!.delete(key)
              else entry.ttl = ttl
              return value
            }
          },
        })
      : undefined

  const hear = (change: Change | 'all') => {
    for (const fill of fills) {
      if (fill.heard === 'all') continue
      if (change === 'all') fill.heard = 'all'
      else fill.heard.push(change)
    }
  }

  return {
    name,
    stats,
    async fetch(key, load) {
      if (!lru || !live()) {
        stats.bypassed += 1
        return load()
      }
      if (lru.has(key)) stats.hits += 1
      else stats.misses += 1
      return lru.fetch(key, { context: load })
    },
    peek: (key) => (lru && live() ? lru.get(key) : undefined),
    delete: (key) => void lru?.delete(key),
    invalidate(change) {
      if (!lru) return
      hear(change)
      const tags =
        change.ids === 'all'
          ? [...keysByTag.keys()].filter((tag) => reaches(change, tag))
          : [change.kind, ...change.ids.map((id) => `${change.kind}:${id}` as const)]
      for (const tag of tags) for (const key of [...(keysByTag.get(tag) ?? [])]) lru.delete(key)
    },
    clear() {
      hear('all')
      lru?.clear()
    },
    get size() {
      return lru?.size ?? 0
    },
  }
}
