import { PROFILE_VOUCHES_FIRST_PAGE, type TVouchesPage } from '@vouched/shared/endorsements'
import type { BlockSets } from '../../core/block-sets'
import { EVERYONE, type IdentityChange, type IdentityFeed } from '../../core/identity-feed'
import { freshEntry, keyToEvict } from '../../core/recent-entries'
import { createSharedReads } from '../../core/shared-reads'
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
 * changes a row the feed names.
 */
const MAX_AGE_MS = 10_000
/**
 * A member the identity feed names (their row changed, or they just wrote through this instance)
 * reads profiles from the database this long: their own like, comment or endorsement shows in their
 * next read even if it arrives before the database's word on the profile does.
 */
const WRITER_WINDOW_MS = 5_000

export type ProfileView = ProfileParts & { firstPage: TVouchesPage }

export type ProfileSnapshots = {
  /** The profile as the viewer may see it, or null when no such member exists for them. */
  find: (username: string, viewer: Viewer) => Promise<ProfileView | null>
}

type Snapshot = ProfileForAnyone & { readAt: number; dependsOn: readonly number[] }

/**
 * Profiles from memory: what a profile shows is the same for every member but admins, except whether
 * each endorsement of the first page was liked by the viewer, which the likers held with the page
 * answer, a block, which the viewer's held blocks answer, and the endorsements its member hid, which
 * only they see (their page is held too). The identity feed drops a profile when its member's row
 * changes, when an endorser on its first page changes theirs, and when anything about the endorsements
 * the member received changes (migration 0013). Admins, members who just wrote, viewers with a block
 * either way and pages with very many likers are read from the database, as is everything while the
 * feed is not live.
 */
export function createProfileSnapshots(
  db: Db,
  feed: IdentityFeed,
  blocks: BlockSets,
  maxEntries: number,
): ProfileSnapshots {
  const held = new Map<string, Snapshot>()
  // Which held profiles show a member (as owner or endorser), and whose received endorsements each shows.
  const byMember = new Map<number, Set<string>>()
  const byOwner = new Map<number, string>()
  // Members named lately, with when their window closes, oldest first.
  const writers = new Map<number, number>()
  // Bumped by every change: a read that began before it may hold what it changed, and is not kept.
  let generation = 0
  const shared = createSharedReads<string, ProfileForAnyone | null>()

  const drop = (key: string) => {
    const snapshot = held.get(key)
    if (!snapshot) return
    held.delete(key)
    byOwner.delete(snapshot.user.id)
    for (const id of snapshot.dependsOn) {
      const keys = byMember.get(id)
      keys?.delete(key)
      if (keys?.size === 0) byMember.delete(id)
    }
  }

  const forget = (change: IdentityChange, index: (id: number) => Iterable<string> | undefined) => {
    generation += 1
    if (change === EVERYONE) {
      held.clear()
      byMember.clear()
      byOwner.clear()
      return
    }
    for (const id of change) for (const key of [...(index(id) ?? [])]) drop(key)
  }
  feed.subscribe((change) => {
    forget(change, (id) => byMember.get(id))
    if (change === EVERYONE) return
    const now = Date.now()
    for (const [id, until] of writers) {
      if (until > now) break
      writers.delete(id)
    }
    for (const id of change) {
      writers.delete(id)
      writers.set(id, now + WRITER_WINDOW_MS)
    }
  })
  feed.subscribe(
    (change) =>
      forget(change, (id) => {
        const key = byOwner.get(id)
        return key === undefined ? undefined : [key]
      }),
    'received',
  )

  const keep = (key: string, profile: ProfileForAnyone) => {
    drop(key)
    const oldest = keyToEvict(held, maxEntries)
    if (oldest !== undefined) drop(oldest)
    const { others, member } = profile.pages
    const endorsers = [...others.rows, ...member.rows].map((row) => row.from.id)
    const dependsOn = [...new Set([profile.user.id, ...endorsers])]
    held.set(key, { ...profile, readAt: Date.now(), dependsOn })
    byOwner.set(profile.user.id, key)
    for (const id of dependsOn) {
      let keys = byMember.get(id)
      if (!keys) byMember.set(id, (keys = new Set()))
      keys.add(key)
    }
  }

  const snapshotOf = async (key: string): Promise<ProfileForAnyone | null> => {
    const snapshot = freshEntry(held, key, MAX_AGE_MS)
    if (snapshot) return snapshot
    const mark = generation
    return shared(key, mark, async () => {
      const profile = await findProfileForAnyone(db, key)
      if (profile && mark === generation) keep(key, profile)
      return profile
    })
  }

  const fromDatabase = async (username: string, viewer: Viewer) => {
    const row = await findProfileRow(db, username, viewer)
    return row && !row.hidden ? row : null
  }

  return {
    async find(username, viewer) {
      const wrote = (writers.get(viewer.id) ?? 0) > Date.now()
      if (maxEntries === 0 || viewer.isAdmin || wrote || !feed.live()) return fromDatabase(username, viewer)
      const [profile, blocked] = await Promise.all([snapshotOf(username.toLowerCase()), blocks.of(viewer.id)])
      if (!profile) return null
      if (blocked.has(profile.user.id) || !profile.likersComplete) return fromDatabase(username, viewer)
      const { user, categoryScores, topHashtags, medals, activityScore, pages } = profile
      const { rows: pageRows, likers } = user.id === viewer.id ? pages.member : pages.others
      const rows = pageRows.map((row, i) => ({ ...row, hasLiked: likers[i]?.has(viewer.id) ?? false }))
      const firstPage = toPage(rows, PROFILE_VOUCHES_FIRST_PAGE, viewer)
      return { user, categoryScores, topHashtags, medals, activityScore, firstPage }
    },
  }
}
