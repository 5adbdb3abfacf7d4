import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { listenChannel, type Listener } from './db-listener'

/**
 * The channel on which the database names the members who joined or whose row, sessions or blocks
 * changed (comma-separated ids, or `*` for everyone), and, after the `received:` prefix, the members whose
 * received endorsements changed (written, edited, hidden, liked, commented on, removed): triggers of
 * migrations 0011 to 0014, so every writer is covered.
 */
export const IDENTITY_CHANNEL = 'vouched_identity'
export const EVERYONE = '*'
const RECEIVED_PREFIX = 'received:'
const RETRY_MS = 5_000

/** The members who changed, or everyone (a truncate, too many to name, or changes possibly missed). */
export type IdentityChange = readonly number[] | typeof EVERYONE

/** A member's row, sessions or blocks; or the endorsements a member received. */
export type FeedTopic = 'identity' | 'received'

export type IdentityFeed = {
  /** Settles once the first attempt to listen did (a failure is retried in the background). */
  started: Promise<void>
  /** Starts listening if the caches did not (open event streams need to hear of ended sessions). */
  ensureStarted: () => Promise<void>
  /** Whether changes are heard: while not, nothing may be served from what they would invalidate. */
  live: () => boolean
  subscribe: (onChange: (change: IdentityChange) => void, topic?: FeedTopic) => void
  /** A change of a member's row made through this instance, told ahead of the database's word. */
  announce: (userId: number) => void
  close: () => Promise<void>
}

/**
 * Tells the instance's in-memory caches (sessions, popular members, profiles, searches) what to forget. While the
 * database cannot be heard, `live` is false and every subscriber is told to forget everything, on
 * the loss and again once listening resumes.
 */
export function createIdentityFeed(
  database: Database,
  log: FastifyBaseLogger,
  enabled: boolean,
): IdentityFeed {
  const subscribers: Record<FeedTopic, ((change: IdentityChange) => void)[]> = { identity: [], received: [] }
  let listening = false
  let closed = false
  let listener: Listener | undefined
  let retry: NodeJS.Timeout | undefined

  const tell = (change: IdentityChange, topics: readonly FeedTopic[] = ['identity', 'received']) => {
    for (const topic of topics) for (const onChange of subscribers[topic]) onChange(change)
  }
  const parse = (ids: string): IdentityChange => (ids === EVERYONE ? EVERYONE : ids.split(',').map(Number))

  const start = (): Promise<void> =>
    listenChannel(
      database,
      IDENTITY_CHANNEL,
      {
        onMessage: (payload) =>
          payload.startsWith(RECEIVED_PREFIX)
            ? tell(parse(payload.slice(RECEIVED_PREFIX.length)), ['received'])
            : tell(parse(payload), ['identity']),
        onLost: () => {
          listening = false
          tell(EVERYONE)
        },
        onResync: () => {
          tell(EVERYONE)
          listening = true
        },
      },
      log,
      'identity feed',
    ).then(
      async (opened) => {
        if (closed) return opened.close()
        listener = opened
        listening = true
      },
      (error: unknown) => {
        if (closed) return
        log.warn({ err: error }, 'identity feed: cannot listen for changes, nothing is served from memory')
        retry = setTimeout(() => void start(), RETRY_MS)
        retry.unref()
      },
    )

  let starting: Promise<void> | undefined
  const ensureStarted = () => (starting ??= start())

  return {
    started: enabled ? ensureStarted() : Promise.resolve(),
    ensureStarted,
    live: () => listening,
    subscribe: (onChange, topic = 'identity') => void subscribers[topic].push(onChange),
    announce: (userId) => tell([userId], ['identity']),
    async close() {
      closed = true
      listening = false
      if (retry) clearTimeout(retry)
      tell(EVERYONE)
      await listener?.close()
    },
  }
}
