import { PROFILE_VOUCHES_FIRST_PAGE, type TVouchesPage } from '@vouched/shared/endorsements'
import { LRUCache } from 'lru-cache'
import type { BlockSets } from '../blocks/blocks.queries'
import type { StaleOn } from '../../core/cache'
import type { CacheInvalidation } from '../../core/cache-invalidation'
import { toMember, type Member, type UserRow } from '../../core/user-shapes'
import type { Db } from '../../db/client'
import { toPage, type Viewer } from '../endorsements/endorsements.queries'
import {
  findProfileForAnyone,
  findProfileRow,
  type ProfileForAnyone,
  type ProfileParts,
} from './profiles.queries'

/**
 * The activity score moves with what the member gives, and an operator's recount rewrites the
 * counters without touching an endorsement: those may lag this long. Everything else a profile shows
 * changes a row whose change the invalidation channel names.
 */
const MAX_AGE_MS = 10_000
/** Estimated bytes of a held profile: its member and parts, and each endorsement of its two pages. */
const PROFILE_BYTES = 2_048
const ROW_BYTES = 768
const AVERAGE_PROFILE_BYTES = 16 * 1_024

/**
 * A profile as the viewer may see it. Its member carries their emails only when the profile was read
 * from the database for its owner or an admin; a held profile never does.
 */
export type ProfileView = Omit<ProfileParts, 'user'> & {
  user: Member & Partial<Pick<UserRow, 'email' | 'workEmail'>>
  firstPage: TVouchesPage
}

export type ProfileSnapshots = {
  /** The profile as the viewer may see it, or null when no such member exists for them. */
  find: (username: string, viewer: Viewer) => Promise<ProfileView | null>
  /**
   * The profile from memory, null when no such member exists for the viewer, or undefined when memory
   * cannot answer (not held yet, the owner, an admin, a block): then the one-statement read answers.
   * A profile is held from its second read within ADMISSION_WINDOW_MS (decision 132).
   */
  fromMemory: (username: string, viewer: Viewer) => Promise<ProfileView | null | undefined>
}

/**
 * A profile is first read in one statement (profiles.answer-query.ts) and held only when read again
 * within this window: a visitor browsing profiles nobody else opens would otherwise fill the cache
 * with entries read in several statements and never asked for again.
 */
export const ADMISSION_WINDOW_MS = 60_000

/** A profile read for anyone, as held: its member without secrets or emails. */
type Snapshot = Omit<ProfileForAnyone, 'user'> & { user: Member }

/** The changes that make a held profile stale: its member's row, its endorsers', what they received. */
function staleOn(profile: Snapshot): StaleOn[] {
  const { others, member } = profile.pages
  const endorsers = [...others.rows, ...member.rows].map((row) => row.from.id)
  const ids = new Set([profile.user.id, ...endorsers.filter((id): id is number => typeof id === 'number')])
  return [
    ...[...ids].map((id) => `member:${id}` as const),
    `endorsement:${profile.user.id}`,
    `reaction:${profile.user.id}`,
  ]
}

/**
 * Profiles from memory: what a profile shows is the same for every member but admins, except whether
 * each endorsement of the first page was liked by the viewer, which the likers held with the page
 * answer, and a block, which the viewer's held blocks answer. A held profile is stale when its member's row changes, when
 * an endorser on its first page changes theirs, and when the endorsements its member received are
 * written, changed, liked or commented on. Admins, the profile's owner (who sees their emails),
 * members who just wrote, viewers with a block either way and pages with very many likers are read
 * from the database, as is everything while changes cannot be heard.
 */
export function createProfileSnapshots(
  db: Db,
  invalidation: CacheInvalidation,
  blocks: BlockSets,
  maxEntries: number,
): ProfileSnapshots {
  const cache = invalidation.createCache<string, Snapshot>({
    name: 'profiles',
    maxEntries,
    maxBytes: maxEntries * AVERAGE_PROFILE_BYTES,
    sizeOf: (profile) =>
      PROFILE_BYTES + ROW_BYTES * (profile.pages.others.rows.length + profile.pages.member.rows.length),
    ttlMs: MAX_AGE_MS,
    staleOn,
  })

  const fromDatabase = async (username: string, viewer: Viewer) => {
    const row = await findProfileRow(db, username, viewer)
    return row && !row.hidden ? row : null
  }

  // The usernames read lately but not held: the second read within the window is held.
  const seenOnce = new LRUCache<string, true>({ max: Math.max(1, maxEntries * 8), ttl: ADMISSION_WINDOW_MS })

  const snapshotOf = (key: string) =>
    cache.fetch(key, async () => {
      const profile = await findProfileForAnyone(db, key)
      return profile ? { ...profile, user: toMember(profile.user) } : undefined
    })

  /** Memory's answer for the viewer from a held profile; undefined when the database must answer. */
  const viewOf = (profile: Snapshot, viewer: Viewer, blocked: ReadonlySet<number>) => {
    const own = profile.user.id === viewer.id
    if (own || blocked.has(profile.user.id) || !profile.likersComplete) return undefined
    const { user, categoryScores, topHashtags, medals, activityScore, pages } = profile
    const { rows: pageRows, likers } = pages.others
    const rows = pageRows.map((row, i) => ({ ...row, hasLiked: likers[i]?.has(viewer.id) ?? false }))
    const firstPage = toPage(rows, PROFILE_VOUCHES_FIRST_PAGE, viewer)
    return { user, categoryScores, topHashtags, medals, activityScore, firstPage }
  }
  const memoryMayAnswer = (viewer: Viewer) =>
    maxEntries > 0 && !viewer.isAdmin && !invalidation.recentWriter(viewer.id) && invalidation.live()

  return {
    async fromMemory(username, viewer) {
      if (!memoryMayAnswer(viewer)) return undefined
      const key = username.toLowerCase()
      if (cache.peek(key) === undefined && !seenOnce.has(key)) {
        seenOnce.set(key, true)
        return undefined
      }
      seenOnce.delete(key)
      const [profile, blocked] = await Promise.all([snapshotOf(key), blocks.of(viewer.id)])
      if (!profile) return null
      return viewOf(profile, viewer, blocked)
    },
    async find(username, viewer) {
      if (!memoryMayAnswer(viewer)) return fromDatabase(username, viewer)
      const [profile, blocked] = await Promise.all([snapshotOf(username.toLowerCase()), blocks.of(viewer.id)])
      if (!profile) return null
      return viewOf(profile, viewer, blocked) ?? fromDatabase(username, viewer)
    },
  }
}
