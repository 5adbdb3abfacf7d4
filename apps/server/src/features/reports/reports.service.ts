import {
  REPORT_MESSAGES,
  type TAdminReport,
  type TReport,
  type TReportAction,
  type TReportTargetType,
} from '@vouched/shared/reports'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { ZAdminReportsQuery } from '@vouched/shared/reports'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { messages, reports, users, vouchComments, vouches } from '../../db/schema/index'
import { AppError, notFound } from '../../core/errors'
import { deleteUserSessions } from '../../core/session'
import { deleteUploadFiles } from '../../core/uploads'
import type { Member, UserRow } from '../../core/user-shapes'
import { writeAudit } from '../admin/audit.service'
import { removeComment } from '../endorsements/endorsements.likes-comments.service'
import { removeEndorsement } from '../endorsements/endorsements.removal.service'

type ReportRow = typeof reports.$inferSelect
type Target = { targetUserId: number; snapshot: string }

const SNAPSHOT_MAX = 1000
const clip = (text: string) => (text.length > SNAPSHOT_MAX ? `${text.slice(0, SNAPSHOT_MAX - 1)}…` : text)
const at = (username: string | null | undefined) => (username ? `@${username}` : 'a deleted member')

async function usernameOf(db: Db, id: number) {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).limit(1)
  return row?.username ?? null
}

/**
 * The reported content as the reporter may see it: its author (whose content it is) and a copy for
 * the review queue. A message can only be reported by its recipient, a hidden endorsement by its
 * receiver; anything else unknown is a 404.
 */
async function findTarget(
  db: Db,
  reporterId: number,
  type: TReportTargetType,
  id: number,
): Promise<Target | null> {
  switch (type) {
    case 'profile': {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      if (!user) return null
      const parts = [user.fullName, user.title, user.location, user.bio].filter(Boolean)
      return { targetUserId: user.id, snapshot: clip(`Profile of @${user.username}: ${parts.join(' · ')}`) }
    }
    case 'endorsement': {
      const [vouch] = await db.select().from(vouches).where(eq(vouches.id, id)).limit(1)
      // A hidden endorsement does not exist for anyone but its receiver (and admins, who need no report).
      if (!vouch || ((vouch.isHidden || vouch.hiddenByBlock) && vouch.toUserId !== reporterId)) return null
      const [from, to] = await Promise.all([usernameOf(db, vouch.fromUserId), usernameOf(db, vouch.toUserId)])
      const anonymous = vouch.isAnonymous ? ' (anonymous)' : ''
      return {
        targetUserId: vouch.fromUserId,
        snapshot: clip(
          `${vouch.category} endorsement from ${at(from)}${anonymous} to ${at(to)}: ${vouch.note ?? '(no note)'}`,
        ),
      }
    }
    case 'comment': {
      const [comment] = await db.select().from(vouchComments).where(eq(vouchComments.id, id)).limit(1)
      if (!comment) return null
      return {
        targetUserId: comment.userId,
        snapshot: clip(`Comment by ${at(await usernameOf(db, comment.userId))}: ${comment.comment}`),
      }
    }
    case 'message': {
      const [message] = await db.select().from(messages).where(eq(messages.id, id)).limit(1)
      // Only its recipient may report a message; to anyone else it does not exist.
      if (!message || message.recipientId !== reporterId) return null
      return {
        targetUserId: message.senderId,
        snapshot: clip(`Message from ${at(await usernameOf(db, message.senderId))}: ${message.content}`),
      }
    }
  }
}

const toReport = (row: ReportRow): TReport => ({
  id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
})

const isOpenDuplicate = (error: unknown) => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; i++) {
    if (e.code === '23505') return true
    e = e.cause as typeof e
  }
  return false
}

const targetLabel: Record<TReportTargetType, string> = {
  profile: 'Profile',
  endorsement: 'Endorsement',
  comment: 'Comment',
  message: 'Message',
}

/** A member reports content; one open report per member and target. */
export async function createReport(
  db: Db,
  reporter: Member,
  body: { targetType: TReportTargetType; targetId: number; reason: string },
): Promise<TReport> {
  const target = await findTarget(db, reporter.id, body.targetType, body.targetId)
  if (!target) throw notFound(targetLabel[body.targetType])
  if (target.targetUserId === reporter.id) throw new AppError('SELF_REPORT', REPORT_MESSAGES.self, 400)
  try {
    const [row] = await db
      .insert(reports)
      .values({
        reporterId: reporter.id,
        targetType: body.targetType,
        targetId: body.targetId,
        targetUserId: target.targetUserId,
        snapshot: target.snapshot,
        reason: body.reason,
      })
      .returning()
    return toReport(row!)
  } catch (error) {
    if (isOpenDuplicate(error)) throw new AppError('DUPLICATE_REPORT', REPORT_MESSAGES.duplicate, 409)
    throw error
  }
}

const reporter = alias(users, 'reporter')
const targetUser = alias(users, 'target_user')
const resolver = alias(users, 'resolver')

const targetExistsSql = sql<boolean>`case ${reports.targetType}
  when 'profile' then exists (select 1 from ${users} u where u.id = ${reports.targetId})
  when 'endorsement' then exists (select 1 from ${vouches} v where v.id = ${reports.targetId})
  when 'comment' then exists (select 1 from ${vouchComments} c where c.id = ${reports.targetId})
  else exists (select 1 from ${messages} m where m.id = ${reports.targetId}) end`

/** The review queue, newest first, filtered by status (default: open) and target type. */
export async function listReports(db: Db, query: z.output<typeof ZAdminReportsQuery>) {
  const conditions: SQL[] = []
  if (query.status !== 'all') conditions.push(eq(reports.status, query.status))
  if (query.targetType) conditions.push(eq(reports.targetType, query.targetType))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        report: reports,
        reporter: { id: reporter.id, username: reporter.username, fullName: reporter.fullName },
        targetUser: {
          id: targetUser.id,
          username: targetUser.username,
          fullName: targetUser.fullName,
          email: targetUser.email,
          isAdmin: targetUser.isAdmin,
          suspendedAt: targetUser.suspendedAt,
        },
        resolver: { id: resolver.id, username: resolver.username, fullName: resolver.fullName },
        targetExists: targetExistsSql,
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(targetUser, eq(targetUser.id, reports.targetUserId))
      .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(reports).where(where),
  ])
  const items: TAdminReport[] = rows.map((row) => ({
    ...toReport(row.report),
    snapshot: row.report.snapshot,
    reporter: row.reporter,
    targetUser:
      row.targetUser && row.targetUser.id !== null
        ? { ...row.targetUser, suspendedAt: row.targetUser.suspendedAt?.toISOString() ?? null }
        : null,
    targetExists: Boolean(row.targetExists),
    resolvedBy: row.resolver && row.resolver.id !== null ? row.resolver : null,
    resolution: row.report.resolution,
    action: (row.report.action as TReportAction | null) ?? null,
  }))
  return { items, total: Number(total?.value ?? 0), page: query.page, limit: query.limit }
}

async function getOpenReport(db: Db, id: number) {
  const [report] = await db.select().from(reports).where(eq(reports.id, id)).limit(1)
  if (!report) throw notFound('Report')
  if (report.status !== 'open') throw new AppError('REPORT_NOT_OPEN', REPORT_MESSAGES.notOpen, 409)
  return report
}

async function getSuspendable(db: Db, admin: Member, userId: number) {
  if (userId === admin.id) throw new AppError('SELF_SUSPENSION', REPORT_MESSAGES.selfSuspension, 400)
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw notFound('User')
  if (user.isAdmin) throw new AppError('ADMIN_NOT_SUSPENDABLE', REPORT_MESSAGES.adminNotSuspendable, 400)
  return user
}

/** Suspends a member: they cannot sign in (and see why), and every session of theirs ends now. */
export async function suspendMember(db: Db, admin: Member, userId: number, reason: string) {
  const user = await getSuspendable(db, admin, userId)
  if (user.suspendedAt) throw new AppError('ALREADY_SUSPENDED', REPORT_MESSAGES.alreadySuspended, 409)
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: reason })
      .where(eq(users.id, userId))
      .returning()
    await deleteUserSessions(tx, userId)
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'user.suspend',
      targetType: 'user',
      targetId: userId,
      details: `Suspended @${user.username} (${user.email}): ${reason}`,
    })
    return updated!
  })
}

export async function unsuspendMember(db: Db, admin: Member, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw notFound('User')
  if (!user.suspendedAt) throw new AppError('NOT_SUSPENDED', REPORT_MESSAGES.notSuspended, 409)
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(eq(users.id, userId))
      .returning()
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'user.unsuspend',
      targetType: 'user',
      targetId: userId,
      details: `Lifted the suspension of @${user.username} (${user.email})`,
    })
    return updated!
  })
}

/**
 * Deletes the reported content through the services that own it, so every counter follows. Returns the
 * attachment file released with an endorsement, to delete once the transaction committed.
 */
async function deleteContent(tx: Db, admin: Member, report: ReportRow): Promise<string | null> {
  switch (report.targetType) {
    case 'profile':
      throw new AppError('PROFILE_NOT_DELETABLE', REPORT_MESSAGES.profileNotDeletable, 400)
    case 'endorsement':
      return (await removeEndorsement(tx, report.targetId))?.releasedFile ?? null
    case 'comment': {
      const [comment] = await tx
        .select({ id: vouchComments.id })
        .from(vouchComments)
        .where(eq(vouchComments.id, report.targetId))
      if (comment) await removeComment(tx, { id: admin.id, isAdmin: true }, report.targetId)
      return null
    }
    case 'message':
      await tx.delete(messages).where(eq(messages.id, report.targetId))
      return null
  }
}

/**
 * Closes a report with an action: delete the content (every open report of the same content closes
 * with it), suspend its author, both, or nothing. Everything, audit entry included, in one transaction.
 */
export async function resolveReport(
  db: Db,
  config: Config,
  admin: Member,
  id: number,
  body: { action: TReportAction; note?: string | undefined },
) {
  const report = await getOpenReport(db, id)
  const deleting = body.action === 'delete-content' || body.action === 'delete-and-suspend'
  const suspending = body.action === 'suspend-member' || body.action === 'delete-and-suspend'
  if (deleting && report.targetType === 'profile') {
    throw new AppError('PROFILE_NOT_DELETABLE', REPORT_MESSAGES.profileNotDeletable, 400, 'action')
  }
  let suspendee: UserRow | null = null
  if (suspending) {
    if (!report.targetUserId) throw notFound('User')
    suspendee = await getSuspendable(db, admin, report.targetUserId)
  }
  const releasedFile = await db.transaction(async (tx) => {
    const closed = await tx
      .update(reports)
      .set({
        status: 'resolved',
        resolvedBy: admin.id,
        resolution: body.note ?? null,
        action: body.action,
        resolvedAt: new Date(),
      })
      .where(
        deleting
          ? and(
              eq(reports.status, 'open'),
              eq(reports.targetType, report.targetType),
              eq(reports.targetId, report.targetId),
            )
          : and(eq(reports.id, id), eq(reports.status, 'open')),
      )
      .returning({ id: reports.id })
    if (!closed.some((row) => row.id === id)) {
      throw new AppError('REPORT_NOT_OPEN', REPORT_MESSAGES.notOpen, 409)
    }
    const released = deleting ? await deleteContent(tx, admin, report) : null
    if (suspendee && !suspendee.suspendedAt) {
      const reason = body.note ?? `Reported ${report.targetType}: ${report.reason}`
      await tx
        .update(users)
        .set({ suspendedAt: new Date(), suspensionReason: reason })
        .where(eq(users.id, suspendee.id))
      await deleteUserSessions(tx, suspendee.id)
      await writeAudit(tx, {
        adminId: admin.id,
        action: 'user.suspend',
        targetType: 'user',
        targetId: suspendee.id,
        details: `Suspended @${suspendee.username} (${suspendee.email}) after report #${id}: ${reason}`,
      })
    }
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'report.resolve',
      targetType: 'report',
      targetId: id,
      details:
        `Resolved report #${id} of a ${report.targetType} (${body.action}${body.note ? `: ${body.note}` : ''})${
          closed.length > 1 ? ` with ${closed.length - 1} other report(s) of the same content` : ''
        }. ${report.snapshot ?? ''}`.trim(),
    })
    return released
  })
  if (releasedFile) await deleteUploadFiles(config, [releasedFile])
}

export async function dismissReport(db: Db, admin: Member, id: number, note: string | undefined) {
  const report = await getOpenReport(db, id)
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(reports)
      .set({
        status: 'dismissed',
        resolvedBy: admin.id,
        resolution: note ?? null,
        action: 'none',
        resolvedAt: new Date(),
      })
      .where(and(eq(reports.id, id), eq(reports.status, 'open')))
      .returning({ id: reports.id })
    if (!closed) throw new AppError('REPORT_NOT_OPEN', REPORT_MESSAGES.notOpen, 409)
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: id,
      details: `Dismissed report #${id} of a ${report.targetType}${note ? `: ${note}` : ''}`,
    })
  })
}

/** Reports a member made, for their data export. */
export async function listReportsBy(db: Db, reporterId: number) {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt))
  return rows.map(toReport)
}
