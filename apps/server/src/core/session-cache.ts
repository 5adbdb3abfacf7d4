import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { listenChannel, type Listener } from './db-listener'
import type { UserRow } from './user-shapes'

/**
 * The channel on which the database names the members whose row changed or whose sessions ended
 * (comma-separated ids, or `*` for everyone): triggers of migration 0011, so every writer is covered.
 */
export const IDENTITY_CHANNEL = 'vouched_identity'
const EVERYONE = '*'
/** A bound on staleness should a change ever reach the database around the triggers. */
const MAX_AGE_MS = 60_000
const RETRY_MS = 5_000

export type CachedSession = { sessionId: string; user: UserRow; expiresAt: number }

export type SessionCache = {
  /** Settles once the first attempt to listen did (a failure is retried in the background). */
  started: Promise<void>
  /** The session behind a signed cookie, when held, fresh and not expired. */
  get: (cookie: string) => CachedSession | undefined
  /** Taken before reading a session from the database, and handed to `set`. */
  mark: () => number
  /** Keeps a session read since `mark`, unless anything was invalidated meanwhile. */
  set: (cookie: string, session: CachedSession, mark: number) => void
  /** Forgets a member's sessions now, ahead of the database's word (their own write, a live event). */
  forgetMember: (userId: number) => void
  size: () => number
  close: () => Promise<void>
}

type Entry = CachedSession & { cachedAt: number }

/**
 * Signed-in requests find their session and member here instead of in the database: the lookup was
 * a round trip on every request, about a fifth of a cheap read's cost. The database tells every
 * instance what to forget; while this instance is not listening, nothing is served from memory.
 */
export function createSessionCache(
  database: Database,
  log: FastifyBaseLogger,
  maxEntries: number,
): SessionCache {
  const entries = new Map<string, Entry>()
  const byUser = new Map<number, Set<string>>()
  // Bumped by every invalidation: a read that saw an older value may hold what was just forgotten.
  let generation = 0
  let listening = false
  let closed = false
  let listener: Listener | undefined
  let retry: NodeJS.Timeout | undefined

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

  const forget = (payload: string) => {
    if (payload === EVERYONE) return clear()
    for (const id of payload.split(',')) forgetMember(Number(id))
  }

  const start = (): Promise<void> =>
    listenChannel(
      database,
      IDENTITY_CHANNEL,
      {
        onMessage: forget,
        onLost: () => {
          listening = false
          clear()
        },
        onResync: () => {
          clear()
          listening = true
        },
      },
      log,
      'session cache',
    ).then(
      async (opened) => {
        if (closed) return opened.close()
        listener = opened
        listening = true
      },
      (error: unknown) => {
        if (closed) return
        log.warn({ err: error }, 'session cache: cannot listen for changes, sessions are read every time')
        retry = setTimeout(() => void start(), RETRY_MS)
        retry.unref()
      },
    )
  const started = maxEntries > 0 ? start() : Promise.resolve()

  return {
    started,
    get(cookie) {
      if (!listening) return undefined
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
      if (!listening || mark !== generation) return
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
    async close() {
      closed = true
      listening = false
      if (retry) clearTimeout(retry)
      clear()
      await listener?.close()
    },
  }
}
