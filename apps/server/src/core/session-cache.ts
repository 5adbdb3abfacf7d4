import { EVERYONE, type IdentityFeed } from './identity-feed'
import type { UserRow } from './user-shapes'

/** A bound on staleness should a change ever reach the database around the triggers. */
const MAX_AGE_MS = 60_000

export type CachedSession = { sessionId: string; user: UserRow; expiresAt: number }

export type SessionCache = {
  /** The session behind a signed cookie, when held, fresh and not expired. */
  get: (cookie: string) => CachedSession | undefined
  /** Taken before reading a session from the database, and handed to `set`. */
  mark: () => number
  /** Keeps a session read since `mark`, unless anything was invalidated meanwhile. */
  set: (cookie: string, session: CachedSession, mark: number) => void
  /** Forgets a member's sessions now, ahead of the database's word (a live event). */
  forgetMember: (userId: number) => void
  size: () => number
}

type Entry = CachedSession & { cachedAt: number }

/**
 * Signed-in requests find their session and member here instead of in the database: the lookup was
 * a round trip on every request, about a fifth of a cheap read's cost. The identity feed tells it
 * what to forget; while the feed is not live, nothing is served from memory.
 */
export function createSessionCache(feed: IdentityFeed, maxEntries: number): SessionCache {
  const entries = new Map<string, Entry>()
  const byUser = new Map<number, Set<string>>()
  // Bumped by every invalidation: a read that saw an older value may hold what was just forgotten.
  let generation = 0

  const remove = (cookie: string, entry: Entry) => {
    entries.delete(cookie)
    const keys = byUser.get(entry.user.id)
    keys?.delete(cookie)
    if (keys?.size === 0) byUser.delete(entry.user.id)
  }

  const clear = () => {
    generation += 1
    entries.clear()
    byUser.clear()
  }

  const forgetMember = (userId: number) => {
    generation += 1
    for (const cookie of byUser.get(userId) ?? []) entries.delete(cookie)
    byUser.delete(userId)
  }

  feed.subscribe((change) => {
    if (change === EVERYONE) clear()
    else for (const id of change) forgetMember(id)
  })

  return {
    get(cookie) {
      if (maxEntries === 0 || !feed.live()) return undefined
      const entry = entries.get(cookie)
      if (!entry) return undefined
      const now = Date.now()
      if (entry.expiresAt <= now || now - entry.cachedAt > MAX_AGE_MS) {
        remove(cookie, entry)
        return undefined
      }
      return entry
    },
    mark: () => generation,
    set(cookie, session, mark) {
      if (maxEntries === 0 || !feed.live() || mark !== generation) return
      const previous = entries.get(cookie)
      if (previous) remove(cookie, previous)
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: the oldest entry goes first.
        const [oldest] = entries
        if (oldest) remove(oldest[0], oldest[1])
      }
      entries.set(cookie, { ...session, cachedAt: Date.now() })
      let keys = byUser.get(session.user.id)
      if (!keys) byUser.set(session.user.id, (keys = new Set()))
      keys.add(cookie)
    },
    forgetMember,
    size: () => entries.size,
  }
}
