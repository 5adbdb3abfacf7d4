import { ADMIN_MESSAGES } from '@vouched/shared/admin'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { hashtags, memberHashtags, uploads, users, vouches, vouchHashtags } from '../../db/schema/index'
import { AppError, notFound } from '../../core/errors'
import { deleteUserSessions } from '../../core/session'
import { deleteUploadFiles } from '../../core/uploads'
import { toSelfUser, type Member, type UserRow } from '../../core/user-shapes'
import { recomputeMemberStats } from '../endorsements/endorsements.recompute.service'
import { removeEndorsement, removeMemberContributions } from '../endorsements/endorsements.removal.service'
import { findEndorsementSummary, findHashtag, findUser } from './admin.queries'
import { writeAudit } from './audit.service'

const describeUser = (user: Pick<UserRow, 'username' | 'email'>) => `@${user.username} (${user.email})`

/**
 * Grants or revokes admin rights. The member's sessions end with the change, so a new role is
 * only ever carried by a fresh sign-in. An admin never revokes their own rights.
 */
export async function setAdminRights(db: Db, admin: Member, targetId: number, isAdmin: boolean) {
  if (targetId === admin.id && !isAdmin) {
    throw new AppError('SELF_DEMOTION', ADMIN_MESSAGES.selfDemotion, 400, 'isAdmin')
  }
  const target = await findUser(db, targetId)
  if (!target) throw notFound('User')
  if (target.isAdmin === isAdmin) return toSelfUser(target)
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ isAdmin }).where(eq(users.id, targetId)).returning()
    if (!updated) throw notFound('User')
    await deleteUserSessions(tx, targetId)
    await writeAudit(tx, {
      adminId: admin.id,
      action: isAdmin ? 'user.grant-admin' : 'user.revoke-admin',
      targetType: 'user',
      targetId,
      details: `${isAdmin ? 'Granted admin rights to' : 'Revoked admin rights of'} ${describeUser(target)}`,
    })
    return toSelfUser(updated)
  })
}

/**
 * Deletes a member and everything that is theirs. Before the rows go, everything they did to others
 * is taken back (endorsements given and received with every counter, medal and tag count they moved,
 * likes and comments on others' endorsements), so other members' counters stay exact. The rest
 * (connections, conversations, messages, notifications, sessions, uploads, announcements) cascades.
 * Their files, and the attachments of others' endorsements to them, leave the disk once the deletion
 * is committed. `farewell` prepares what is written with the deletion (the Delete of their fediverse
 * actor, queued in its transaction).
 */
export async function deleteMember(
  db: Db,
  config: Config,
  admin: Member,
  targetId: number,
  farewell?: () => Promise<((tx: Db) => Promise<void>) | null>,
) {
  if (targetId === admin.id) throw new AppError('SELF_DELETION', ADMIN_MESSAGES.selfDeletion, 400)
  const target = await findUser(db, targetId)
  if (!target) throw notFound('User')
  const announce = (await farewell?.()) ?? null
  const files = await db.transaction(async (tx) => {
    await announce?.(tx)
    const owned = await tx
      .select({ fileName: uploads.fileName })
      .from(uploads)
      .where(eq(uploads.userId, targetId))
    const released = await removeMemberContributions(tx, targetId)
    const [deleted] = await tx.delete(users).where(eq(users.id, targetId)).returning({ id: users.id })
    if (!deleted) throw notFound('User')
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'user.delete',
      targetType: 'user',
      targetId,
      details: `Deleted ${describeUser(target)} and all their data`,
    })
    return [...owned.map((row) => row.fileName), ...released]
  })
  await deleteUploadFiles(config, files)
}

/**
 * Deletes an endorsement; the receiver's reputation, tag counts and medals are taken back with it, and
 * its attachment file (unless reused) leaves the disk after commit.
 */
export async function deleteEndorsement(db: Db, config: Config, admin: Member, id: number) {
  const summary = await findEndorsementSummary(db, id)
  if (!summary) throw notFound('Endorsement')
  const releasedFile = await db.transaction(async (tx) => {
    const removed = await removeEndorsement(tx, id)
    if (!removed) throw notFound('Endorsement')
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'endorsement.delete',
      targetType: 'endorsement',
      targetId: id,
      details: `Deleted the ${summary.category} endorsement from @${summary.fromUsername} to @${summary.toUsername}`,
    })
    return removed.releasedFile
  })
  if (releasedFile) await deleteUploadFiles(config, [releasedFile])
}

/**
 * Deletes a hashtag: it leaves every endorsement that carried it, and the members who received it
 * lose its counts and its medal (their member_hashtags rows cascade; medals are recomputed).
 */
export async function deleteHashtag(db: Db, admin: Member, id: number) {
  const tag = await findHashtag(db, id)
  if (!tag) throw notFound('Hashtag')
  await db.transaction(async (tx) => {
    // Everyone who received it, whether or not their counter row is current.
    const [counted, carried] = await Promise.all([
      tx
        .select({ userId: memberHashtags.userId })
        .from(memberHashtags)
        .where(eq(memberHashtags.hashtagId, id)),
      tx
        .selectDistinct({ userId: vouches.toUserId })
        .from(vouchHashtags)
        .innerJoin(vouches, eq(vouches.id, vouchHashtags.vouchId))
        .where(eq(vouchHashtags.hashtagId, id)),
    ])
    const holders = new Set([...counted, ...carried].map((row) => row.userId))
    const [deleted] = await tx.delete(hashtags).where(eq(hashtags.id, id)).returning({ id: hashtags.id })
    if (!deleted) throw notFound('Hashtag')
    for (const userId of holders) await recomputeMemberStats(tx, userId)
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'hashtag.delete',
      targetType: 'hashtag',
      targetId: id,
      details: `Deleted hashtag #${tag.tag} (on ${tag.count} endorsement${tag.count === 1 ? '' : 's'})`,
    })
  })
}
