import type { CacheInvalidation } from './cache-invalidation'
import type { Member } from './user-shapes'

/** A bound on staleness should a change ever reach the database around the triggers. */
const MAX_AGE_MS = 60_000
/** A held session's estimated size: its key, the member's short fields and the entry's bookkeeping. */
const ENTRY_BYTES = 1_024

export type CachedSession = {
  sessionId: string
  member: Member
  expiresAt: number
  /** When the session was last noted as seen (core/session.ts moves it every few minutes). */
  lastSeenAt: number
}

export type SessionCache = {
  /** The session behind a signed cookie: held, or read by `load` once for concurrent requests. */
  find: (cookie: string, load: () => Promise<CachedSession | undefined>) => Promise<CachedSession | undefined>
  /** The session if held, without reading (tests and diagnostics). */
  peek: (cookie: string) => CachedSession | undefined
  /** Forgets a member's sessions on this instance now, ahead of the database's word. */
  forgetMember: (userId: number) => void
  size: () => number
}

/**
 * Signed-in requests find their session and member here instead of in the database: the lookup was a
 * round trip on every request, about a fifth of a cheap read's cost. Stale when the member's row
 * (a shown field) or their sessions change; never held past the session's expiry or a minute.
 */
export function createSessionCache(invalidation: CacheInvalidation, maxEntries: number): SessionCache {
  const cache = invalidation.createCache<string, CachedSession>({
    name: 'sessions',
    maxEntries,
    maxBytes: maxEntries * ENTRY_BYTES,
    sizeOf: (session, cookie) => cookie.length + session.sessionId.length + 512,
    ttlMs: (session) => Math.min(MAX_AGE_MS, session.expiresAt - Date.now()),
    staleOn: (session) => [`member:${session.member.id}`, `session:${session.member.id}`],
  })
  return {
    find: (cookie, load) => cache.fetch(cookie, load),
    peek: (cookie) => cache.peek(cookie),
    forgetMember: (userId) => cache.invalidate({ kind: 'session', ids: [userId] }),
    size: () => cache.size,
  }
}
