import {
  TRUST_MESSAGES,
  TRUST_SEEDS_MAX,
  type TTrust,
  type TTrustRecompute,
  type TTrustSeed,
  type TTrustSource,
} from '@vouched/shared/trust'
import { sql } from 'drizzle-orm'
import { listBlockedEitherWay } from '../blocks/blocks.queries'
import { AppError, notFound } from '../../core/errors'
import type { Member } from '../../core/user-shapes'
import { queryRows, type Db } from '../../db/client'
import { writeAudit } from '../admin/audit.service'
import type { Viewer } from '../endorsements/endorsements.queries'
import { isHiddenFrom } from '../profiles/profiles.service'
import {
  deleteTrustSeed,
  findNamesByIds,
  findTrustScore,
  insertTrustSeed,
  listChosenSeeds,
  readTrustGraph,
  writeTrustScores,
} from './trust.queries'
import { computeTrust } from './trust.rank'

/**
 * One recompute at a time across every server instance: a transaction-level advisory lock, released
 * by the commit or by the connection's end, so a crashed instance never leaves it held.
 */
const TRUST_LOCK = sql`hashtext('trust.recompute')`

/**
 * Reads the endorsement graph, computes every member's trust and replaces the stored scores, all in one
 * transaction: readers see the previous scores until it commits. Answers `computed: false` at once when
 * another instance is already at it.
 */
export async function recomputeTrust(db: Db): Promise<TTrustRecompute> {
  const started = performance.now()
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${TRUST_LOCK}) as locked`,
    )
    if (!lock?.locked) {
      return {
        computed: false,
        message: TRUST_MESSAGES.busy,
        members: 0,
        endorsements: 0,
        seeds: 0,
        milliseconds: 0,
      }
    }
    const loaded = await readTrustGraph(tx)
    const result = computeTrust(loaded.graph)
    await writeTrustScores(tx, loaded, result, new Date())
    return {
      computed: true,
      members: loaded.userIds.length,
      endorsements: loaded.endorsements,
      seeds: loaded.graph.seeds.length,
      milliseconds: Math.round(performance.now() - started),
    }
  })
}

async function findMemberByUsername(db: Db, username: string) {
  const [row] = await queryRows<{ id: number; username: string; fullName: string | null }>(
    db,
    sql`select id, username, full_name as "fullName" from users where lower(username) = ${username.toLowerCase()} limit 1`,
  )
  return row ?? null
}

/**
 * A member's trust as the profile shows it. Like the profile: 404 for an unknown member or one who
 * blocked the viewer. Sources the viewer may not see (a block either way) are left out of the
 * explanation; the shares of the others stay what they are.
 */
export async function getTrust(db: Db, username: string, viewer: Viewer): Promise<TTrust> {
  const member = await findMemberByUsername(db, username)
  if (!member || (await isHiddenFrom(db, member.id, viewer))) throw notFound('User')
  const row = await findTrustScore(db, member.id)
  if (!row) {
    return {
      username: member.username,
      computed: false,
      score: 0,
      percentile: 0,
      isSeed: false,
      computedAt: null,
      sources: [],
    }
  }
  const hidden = viewer.isAdmin ? new Set<number>() : new Set(await listBlockedEitherWay(db, viewer.id))
  const names = new Map(
    (
      await findNamesByIds(
        db,
        row.sources.flatMap((s) => (s.f === null ? [] : [s.f])),
      )
    ).map((u) => [u.id, u]),
  )
  const sources = row.sources.flatMap((source): TTrustSource[] => {
    if (source.f === null) return [{ kind: 'seed' as const, user: null, share: source.s }]
    const user = names.get(source.f)
    return user && !hidden.has(user.id) ? [{ kind: 'member' as const, user, share: source.s }] : []
  })
  return {
    username: member.username,
    computed: true,
    score: row.score,
    percentile: row.percentile,
    isSeed: row.isSeed,
    computedAt: row.computedAt.toISOString(),
    sources,
  }
}

export async function listTrustSeeds(db: Db) {
  const rows = await listChosenSeeds(db, TRUST_SEEDS_MAX)
  return { seeds: rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() })) }
}

export async function addTrustSeed(db: Db, admin: Member, username: string): Promise<TTrustSeed> {
  const member = await findMemberByUsername(db, username)
  if (!member) throw new AppError('NOT_FOUND', 'User not found', 404, 'username')
  return db.transaction(async (tx) => {
    const addedAt = await insertTrustSeed(tx, member.id, admin.id)
    if (!addedAt) {
      throw new AppError('SEED_EXISTS', TRUST_MESSAGES.seedExists, 409, 'username')
    }
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'trust.seed-add',
      targetType: 'user',
      targetId: member.id,
      details: `Chose @${member.username} as a trust seed`,
    })
    return { ...member, addedAt: addedAt.toISOString() }
  })
}

export async function removeTrustSeed(db: Db, admin: Member, userId: number) {
  return db.transaction(async (tx) => {
    if (!(await deleteTrustSeed(tx, userId))) throw new AppError('NOT_SEED', TRUST_MESSAGES.notSeed, 404)
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'trust.seed-remove',
      targetType: 'user',
      targetId: userId,
      details: `Removed member ${userId} from the trust seeds`,
    })
  })
}
