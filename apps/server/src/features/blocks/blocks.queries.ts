import { BLOCK_MESSAGES } from '@vouched/shared/blocks'
import { and, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { blocks } from '../../db/schema/index'
import type { CacheInvalidation } from '../../core/cache-invalidation'
import { AppError } from '../../core/errors'

/**
 * Blocks between members, read by every feature that lets one member reach another (endorsements,
 * likes, comments, connection requests, messages, notifications, profiles, discovery).
 */

/** Who blocked whom between two members, or null; when both did, the first member's block wins. */
export async function findBlockBetween(db: Db, a: number, b: number) {
  if (a === b) return null
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
  return rows.find((row) => row.blockerId === a) ?? rows[0] ?? null
}

export async function hasBlocked(db: Db, blockerId: number, blockedId: number) {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1)
  return Boolean(row)
}

/** The 403 for an actor and a block between them and another member, telling which way it is. */
export const blockedError = (actorId: number, blockerId: number) =>
  new AppError('BLOCKED', blockerId === actorId ? BLOCK_MESSAGES.youBlocked : BLOCK_MESSAGES.blockedYou, 403)

/** Everyone the member blocked or was blocked by. */
export async function listBlockedEitherWay(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)))
  return rows.map((row) => (row.blockerId === memberId ? row.blockedId : row.blockerId))
}

/** 403 when either member blocked the other, with a message that tells the actor which way it is. */
export async function assertNotBlocked(db: Db, actorId: number, otherId: number) {
  const block = await findBlockBetween(db, actorId, otherId)
  if (block) throw blockedError(actorId, block.blockerId)
}

/** SQL: who blocked whom between the actor and another member (the actor's block first), or null. */
export const blockerBetween = (actorId: number, otherId: number) => sql<number | null>`(
  select ${blocks.blockerId} from ${blocks}
  where (${blocks.blockerId} = ${actorId} and ${blocks.blockedId} = ${otherId})
     or (${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${actorId})
  order by ${blocks.blockerId} = ${actorId} desc limit 1)`

/** SQL: true when the member `viewerId` and the member in `otherColumn` blocked each other either way. */
export const blockedEitherWay = (viewerId: number, otherColumn: SQLWrapper) => sql`exists (
  select 1 from ${blocks}
  where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${otherColumn})
     or (${blocks.blockerId} = ${otherColumn} and ${blocks.blockedId} = ${viewerId}))`

/**
 * 403 when the actor and any of these members blocked each other (either way), in one query; the
 * message tells the actor which way it is.
 */
export async function assertNoBlockWithAny(db: Db, actorId: number, otherIds: number[]) {
  const others = otherIds.filter((id) => id !== actorId)
  if (others.length === 0) return
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, actorId), inArray(blocks.blockedId, others)),
        and(eq(blocks.blockedId, actorId), inArray(blocks.blockerId, others)),
      ),
    )
    .orderBy(sql`${blocks.blockerId} = ${actorId} desc`)
    .limit(1)
  if (row) throw blockedError(actorId, row.blockerId)
}

/** A bound on staleness should a block ever reach the database around the triggers. */
const MAX_AGE_MS = 60_000

export type BlockSets = {
  /** Everyone the viewer blocked or was blocked by, from memory once read. */
  of: (viewerId: number) => Promise<ReadonlySet<number>>
}

/**
 * Each viewer's blocks, held for the caches that cut what they serve per viewer (popular members,
 * profiles, searches): those need not forget anything when a block is made or lifted, since the
 * block names both members and drops exactly their two sets (migration 0017).
 */
export function createBlockSets(db: Db, invalidation: CacheInvalidation, maxViewers: number): BlockSets {
  const cache = invalidation.createCache<number, ReadonlySet<number>>({
    name: 'blocks',
    maxEntries: maxViewers,
    maxBytes: maxViewers * 256,
    sizeOf: (blocked) => 64 + 16 * blocked.size,
    ttlMs: MAX_AGE_MS,
    staleOn: (_blocked, viewerId) => [`block:${viewerId}`],
  })
  return {
    async of(viewerId) {
      const blocked = await cache.fetch(
        viewerId,
        async () => new Set(await listBlockedEitherWay(db, viewerId)),
      )
      return blocked ?? new Set()
    },
  }
}
