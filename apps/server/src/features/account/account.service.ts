import type { TUpdateAccountSettingsBody } from '@vouched/shared/endorsement-review'
import { ACCOUNT_MESSAGES, type TPreference } from '@vouched/shared/account'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { notificationPreferences, uploads, users } from '../../db/schema/index'
import { deleteMemberApiTokens } from '../../core/api-tokens'
import { AppError } from '../../core/errors'
import { assertPasswordFitsOwner, hashPassword, verifyPassword } from '../../core/password'
import { deleteUserSessions } from '../../core/session'
import { deleteUploadFiles } from '../../core/uploads'
import type { Member } from '../../core/user-shapes'
import { digestSettingChanged } from '../digest/digest.service'
import { removeMemberContributions } from '../endorsements/endorsements.removal.service'

/**
 * Changes the password after checking the current one; every other session of the member ends, and
 * every API token is revoked (docs/decisions/133).
 */
export async function changePassword(
  db: Db,
  me: Member,
  currentSessionId: string | null,
  body: { currentPassword: string; newPassword: string },
) {
  // The email is read here: the signed-in member a request carries never holds it.
  const [row] = await db
    .select({ password: users.password, email: users.email })
    .from(users)
    .where(eq(users.id, me.id))
  if (!row || !(await verifyPassword(body.currentPassword, row.password))) {
    throw new AppError('WRONG_PASSWORD', ACCOUNT_MESSAGES.currentPasswordWrong, 400, 'currentPassword')
  }
  assertPasswordFitsOwner(body.newPassword, { username: me.username, email: row.email }, 'newPassword')
  const password = await hashPassword(body.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, me.id))
    await deleteUserSessions(tx, me.id, currentSessionId ?? undefined)
    // A new password is what a member does when they fear someone else got in: API tokens end with it.
    await deleteMemberApiTokens(tx, me.id)
  })
}

/**
 * Saves the settings given; the rest stay. Turning review off leaves endorsements already waiting
 * where they are: they wait for an answer still (docs/decisions/119).
 */
export async function saveSettings(db: Db, userId: number, settings: TUpdateAccountSettingsBody) {
  const changes = {
    ...(settings.reviewEndorsements === undefined ? {} : { reviewEndorsements: settings.reviewEndorsements }),
    ...(settings.colorScheme === undefined ? {} : { colorScheme: settings.colorScheme }),
    ...(settings.digest === undefined ? {} : { digest: settings.digest }),
    ...(settings.locale === undefined ? {} : { locale: settings.locale }),
    ...(settings.federated === undefined ? {} : { federated: settings.federated }),
    ...(settings.approveFollowers === undefined ? {} : { approveFollowers: settings.approveFollowers }),
  }
  if (Object.keys(changes).length === 0) return
  const digest = settings.digest
  if (digest === undefined) {
    await db.update(users).set(changes).where(eq(users.id, userId))
    return
  }
  // The digest's period starts with the change (docs/decisions/148), in the same transaction.
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ digest: users.digest })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    await tx.update(users).set(changes).where(eq(users.id, userId))
    if (before) await digestSettingChanged(tx, userId, before.digest, digest)
  })
}

export async function savePreferences(db: Db, userId: number, preferences: TPreference[]) {
  await db.transaction(async (tx) => {
    for (const preference of preferences) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, ...preference })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: { inApp: preference.inApp, email: preference.email },
        })
    }
  })
}

/**
 * Deletes the member's own account once their password is confirmed: first everything they did to
 * others is taken back through the endorsements service (so every other member's counters stay
 * exact), then their row goes and the rest cascades; their files, and the attachments of endorsements
 * they received, leave the disk after commit. `farewell` prepares what is written with the deletion
 * (the Delete of their fediverse actor, queued in its transaction).
 */
export async function deleteOwnAccount(
  db: Db,
  config: Config,
  me: Member,
  password: string,
  farewell?: () => Promise<((tx: Db) => Promise<void>) | null>,
) {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, me.id))
  if (!row || !(await verifyPassword(password, row.password))) {
    throw new AppError('WRONG_PASSWORD', ACCOUNT_MESSAGES.passwordWrong, 401, 'password')
  }
  if (me.isAdmin) throw new AppError('ADMIN_DELETION', ACCOUNT_MESSAGES.adminDeletion, 400)
  const announce = (await farewell?.()) ?? null
  const files = await db.transaction(async (tx) => {
    await announce?.(tx)
    const owned = await tx
      .select({ fileName: uploads.fileName })
      .from(uploads)
      .where(eq(uploads.userId, me.id))
    const released = await removeMemberContributions(tx, me.id)
    await tx.delete(users).where(eq(users.id, me.id))
    return [...owned.map((upload) => upload.fileName), ...released]
  })
  await deleteUploadFiles(config, files)
}
