import type { TAccountSettings } from '@vouched/shared/endorsement-review'
import {
  DEFAULT_PREFERENCE,
  PREFERENCE_TYPES,
  type TAccountExport,
  type TPreference,
} from '@vouched/shared/account'
import type { TCategory } from '@vouched/shared/endorsements'
import { asc, eq, inArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import {
  blocks,
  connectionRequests,
  conversations,
  hashtags,
  medals,
  memberDailyActivity,
  messages,
  notificationPreferences,
  notifications,
  pendingVouches,
  remoteVouchesGiven,
  remoteVouchesReceived,
  sessions,
  uploads,
  users,
  vouchComments,
  vouches,
  vouchHashtags,
  vouchLikes,
} from '../../db/schema/index'
import { UPLOADS_PATH } from '../../core/uploads'
import { getSelfUser } from '../../core/self-user'
import type { Member } from '../../core/user-shapes'
import { listRequestsForExport } from '../endorsement-requests/endorsement-requests.queries'
import { listReportsBy } from '../reports/reports.service'

/** The member's own settings, read from the database (a session's copy of the member may be older). */
export async function findSettings(
  db: Db,
  userId: number,
  federationAvailable: boolean,
): Promise<TAccountSettings> {
  const [row] = await db
    .select({
      reviewEndorsements: users.reviewEndorsements,
      colorScheme: users.colorScheme,
      digest: users.digest,
      locale: users.locale,
      federated: users.federated,
      approveFollowers: users.approveFollowers,
    })
    .from(users)
    .where(eq(users.id, userId))
  return {
    reviewEndorsements: row?.reviewEndorsements ?? false,
    colorScheme: row?.colorScheme ?? null,
    digest: row?.digest ?? 'off',
    locale: row?.locale ?? null,
    federated: row?.federated ?? false,
    approveFollowers: row?.approveFollowers ?? false,
    federationAvailable,
  }
}

export async function listPreferences(db: Db, userId: number): Promise<TPreference[]> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
  const byType = new Map(rows.map((row) => [row.type, row]))
  return PREFERENCE_TYPES.map((type) => {
    const row = byType.get(type)
    return {
      type,
      inApp: row?.inApp ?? DEFAULT_PREFERENCE.inApp,
      email: row?.email ?? DEFAULT_PREFERENCE.email,
    }
  })
}

const other = alias(users, 'other')
const ref = { id: other.id, username: other.username, fullName: other.fullName }

const iso = (date: Date) => date.toISOString()

/** Tags of endorsements, in the order the endorser gave them. */
async function tagsOf(db: Db, vouchIds: number[]) {
  const byVouch = new Map<number, string[]>()
  if (vouchIds.length === 0) return byVouch
  const rows = await db
    .select({ vouchId: vouchHashtags.vouchId, tag: hashtags.tag })
    .from(vouchHashtags)
    .innerJoin(hashtags, eq(hashtags.id, vouchHashtags.hashtagId))
    .where(inArray(vouchHashtags.vouchId, vouchIds))
    .orderBy(asc(vouchHashtags.id))
  for (const row of rows) byVouch.set(row.vouchId, [...(byVouch.get(row.vouchId) ?? []), row.tag])
  return byVouch
}

/**
 * Everything stored about a member, for GET /api/account/export. Other members appear only by id,
 * username and name; the giver of an anonymous endorsement received stays unnamed. The route adds the
 * member's signed credentials (the credentials feature issues them).
 */
export async function buildExport(
  db: Db,
  config: Config,
  me: Member,
  currentSessionId: string | null,
): Promise<Omit<TAccountExport, 'credentials'>> {
  const [given, received] = await Promise.all([
    db
      .select({ vouch: vouches, user: ref })
      .from(vouches)
      .innerJoin(other, eq(other.id, vouches.toUserId))
      .where(eq(vouches.fromUserId, me.id))
      .orderBy(asc(vouches.createdAt), asc(vouches.id)),
    db
      .select({ vouch: vouches, user: ref })
      .from(vouches)
      .innerJoin(other, eq(other.id, vouches.fromUserId))
      .where(eq(vouches.toUserId, me.id))
      .orderBy(asc(vouches.createdAt), asc(vouches.id)),
  ])
  const tags = await tagsOf(
    db,
    [...given, ...received].map((row) => row.vouch.id),
  )

  const [
    preferences,
    comments,
    likes,
    requests,
    convos,
    notes,
    reportsMade,
    blocked,
    medalRows,
    uploadRows,
    activity,
    sessionRows,
  ] = await Promise.all([
    listPreferences(db, me.id),
    db.select().from(vouchComments).where(eq(vouchComments.userId, me.id)).orderBy(asc(vouchComments.id)),
    db.select().from(vouchLikes).where(eq(vouchLikes.userId, me.id)).orderBy(asc(vouchLikes.id)),
    db
      .select({ request: connectionRequests, user: ref })
      .from(connectionRequests)
      .innerJoin(
        other,
        sql`${other.id} = case when ${connectionRequests.fromUserId} = ${me.id}
          then ${connectionRequests.toUserId} else ${connectionRequests.fromUserId} end`,
      )
      .where(or(eq(connectionRequests.fromUserId, me.id), eq(connectionRequests.toUserId, me.id)))
      .orderBy(asc(connectionRequests.id)),
    db
      .select({ conversation: conversations, user: ref })
      .from(conversations)
      .innerJoin(
        other,
        sql`${other.id} = case when ${conversations.user1Id} = ${me.id}
          then ${conversations.user2Id} else ${conversations.user1Id} end`,
      )
      .where(or(eq(conversations.user1Id, me.id), eq(conversations.user2Id, me.id)))
      .orderBy(asc(conversations.id)),
    db
      .select({ notification: notifications, user: ref })
      .from(notifications)
      .leftJoin(other, eq(other.id, notifications.fromUserId))
      .where(eq(notifications.userId, me.id))
      .orderBy(asc(notifications.id)),
    listReportsBy(db, me.id),
    db
      .select({ block: blocks, user: ref })
      .from(blocks)
      .innerJoin(other, eq(other.id, blocks.blockedId))
      .where(eq(blocks.blockerId, me.id))
      .orderBy(asc(blocks.createdAt)),
    db.select().from(medals).where(eq(medals.userId, me.id)).orderBy(asc(medals.skillName)),
    db.select().from(uploads).where(eq(uploads.userId, me.id)).orderBy(asc(uploads.id)),
    db
      .select({ day: memberDailyActivity.day, count: memberDailyActivity.count })
      .from(memberDailyActivity)
      .where(eq(memberDailyActivity.userId, me.id))
      .orderBy(asc(memberDailyActivity.day)),
    db.select().from(sessions).where(eq(sessions.userId, me.id)).orderBy(asc(sessions.createdAt)),
  ])

  const [remoteGiven, remoteReceived] = await Promise.all([
    db
      .select()
      .from(remoteVouchesGiven)
      .where(eq(remoteVouchesGiven.fromUserId, me.id))
      .orderBy(asc(remoteVouchesGiven.createdAt), asc(remoteVouchesGiven.id)),
    db
      .select()
      .from(remoteVouchesReceived)
      .where(eq(remoteVouchesReceived.toUserId, me.id))
      .orderBy(asc(remoteVouchesReceived.createdAt), asc(remoteVouchesReceived.id)),
  ])
  const [settings, pending] = await Promise.all([
    findSettings(db, me.id, config.federation),
    db
      .select({ vouch: pendingVouches, user: ref })
      .from(pendingVouches)
      .innerJoin(
        other,
        sql`${other.id} = case when ${pendingVouches.fromUserId} = ${me.id}
          then ${pendingVouches.toUserId} else ${pendingVouches.fromUserId} end`,
      )
      .where(or(eq(pendingVouches.fromUserId, me.id), eq(pendingVouches.toUserId, me.id)))
      .orderBy(asc(pendingVouches.createdAt), asc(pendingVouches.id)),
  ])

  const conversationIds = convos.map((row) => row.conversation.id)
  const messageRows =
    conversationIds.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(inArray(messages.conversationId, conversationIds))
          .orderBy(asc(messages.createdAt), asc(messages.id))

  return {
    format: 'vouched-account-export/1',
    exportedAt: new Date().toISOString(),
    profile: {
      ...(await getSelfUser(db, me)),
      suspendedAt: me.suspendedAt?.toISOString() ?? null,
      suspensionReason: me.suspensionReason,
    },
    settings,
    notificationPreferences: preferences,
    endorsementsGiven: given.map(({ vouch: v, user }) => ({
      id: v.id,
      toUser: user,
      category: v.category as TCategory,
      note: v.note,
      isAnonymous: v.isAnonymous,
      contentUrl: v.contentUrl,
      contentType: v.contentType,
      hashtags: tags.get(v.id) ?? [],
      engagementWeight: v.engagementWeight,
      likeCount: v.likeCount,
      commentCount: v.commentCount,
      relationship: v.relationship,
      level: v.level,
      createdAt: iso(v.createdAt),
    })),
    endorsementsReceived: received.map(({ vouch: v, user }) => ({
      id: v.id,
      fromUser: v.isAnonymous ? null : user,
      category: v.category as TCategory,
      note: v.note,
      isAnonymous: v.isAnonymous,
      contentUrl: v.contentUrl,
      contentType: v.contentType,
      hashtags: tags.get(v.id) ?? [],
      engagementWeight: v.engagementWeight,
      isHidden: v.isHidden,
      hiddenByBlock: v.hiddenByBlock,
      likeCount: v.likeCount,
      commentCount: v.commentCount,
      relationship: v.relationship,
      level: v.level,
      createdAt: iso(v.createdAt),
    })),
    pendingEndorsements: pending.map(({ vouch: v, user }) => {
      const given = v.fromUserId === me.id
      return {
        id: v.id,
        direction: given ? ('given' as const) : ('received' as const),
        // The receiver of an anonymous endorsement never learns its giver, in an export either.
        user: given || !v.isAnonymous ? user : null,
        category: v.category as TCategory,
        note: v.note,
        isAnonymous: v.isAnonymous,
        hashtags: v.hashtags,
        relationship: v.relationship,
        level: v.level,
        createdAt: iso(v.createdAt),
      }
    }),
    remoteVouchesGiven: remoteGiven.map((v) => ({
      id: v.id,
      actorUri: v.actorUri,
      handle: v.handle,
      category: v.category,
      note: v.note,
      hashtags: v.hashtags,
      createdAt: iso(v.createdAt),
    })),
    remoteVouchesReceived: remoteReceived.map((v) => ({
      id: v.id,
      handle: v.handle,
      instance: v.instance,
      actorUri: v.actorUri,
      profileUrl: v.profileUrl,
      name: v.name,
      category: v.category,
      note: v.note,
      hashtags: v.hashtags,
      status: v.status,
      createdAt: iso(v.createdAt),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      vouchId: c.vouchId,
      comment: c.comment,
      createdAt: iso(c.createdAt),
    })),
    likes: likes.map((l) => ({ vouchId: l.vouchId, createdAt: iso(l.createdAt) })),
    connections: requests
      .filter((row) => row.request.status === 'accepted')
      .map((row) => ({ user: row.user, connectedAt: iso(row.request.updatedAt) })),
    connectionRequests: requests.map(({ request: r, user }) => ({
      id: r.id,
      direction: r.fromUserId === me.id ? ('sent' as const) : ('received' as const),
      user,
      status: r.status,
      message: r.message,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    endorsementRequests: await listRequestsForExport(db, me.id),
    conversations: convos.map(({ conversation: c, user }) => ({
      id: c.id,
      otherUser: user,
      createdAt: iso(c.createdAt),
      messages: messageRows
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({
          id: m.id,
          senderId: m.senderId,
          content: m.content,
          status: m.status,
          createdAt: iso(m.createdAt),
        })),
    })),
    notifications: notes.map(({ notification: n, user }) => ({
      id: n.id,
      type: n.type,
      message: n.message,
      entityId: n.entityId,
      // An anonymous endorsement's notification carries no sender; nor does the archive.
      fromUser: n.fromUserId != null && user?.id != null ? user : null,
      isRead: n.isRead,
      createdAt: iso(n.createdAt),
    })),
    reports: reportsMade,
    blocks: blocked.map(({ block, user }) => ({ user, createdAt: iso(block.createdAt) })),
    medals: medalRows.map((m) => ({
      skillName: m.skillName,
      tier: m.tier,
      endorsementCount: m.endorsementCount,
      createdAt: iso(m.createdAt),
    })),
    uploads: uploadRows.map((u) => ({
      url: `${config.publicUrl}${UPLOADS_PATH}${u.fileName}`,
      kind: u.kind,
      contentType: u.contentType,
      size: u.size,
      createdAt: iso(u.createdAt),
    })),
    activity: activity.map((a) => ({ day: String(a.day), count: a.count })),
    sessions: sessionRows.map((s) => ({
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      current: s.id === currentSessionId,
    })),
  }
}
