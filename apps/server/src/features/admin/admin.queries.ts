import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  TAdminConversation,
  TAdminEndorsement,
  TAdminHashtag,
  TAdminPage,
  TAdminUser,
  TAuditEntry,
} from '@vouched/shared/admin'
import type { TMessage } from '@vouched/shared/messaging'
import type { Db } from '../../db/client'
import {
  auditLog,
  conversations,
  hashtags,
  messages,
  users,
  vouchHashtags,
  vouches,
} from '../../db/schema/index'
import { toSelfUser } from '../../core/user-shapes'

export type PageOptions = { q?: string | undefined; page: number; limit: number }

/** `%text%` with LIKE's own wildcards taken literally. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const offsetOf = (options: PageOptions) => (options.page - 1) * options.limit

const page = <T>(items: T[], total: number, options: PageOptions): TAdminPage<T> => ({
  items,
  total,
  page: options.page,
  limit: options.limit,
})

export async function listUsers(db: Db, options: PageOptions): Promise<TAdminPage<TAdminUser>> {
  const where = options.q
    ? or(
        ilike(users.username, containing(options.q)),
        ilike(users.fullName, containing(options.q)),
        ilike(users.email, containing(options.q)),
      )
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit)
      .offset(offsetOf(options)),
    db.select({ value: count() }).from(users).where(where),
  ])
  const items = rows.map((row) => ({
    ...toSelfUser(row),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
  }))
  return page(items, Number(total?.value ?? 0), options)
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

const fromUser = alias(users, 'from_user')
const toUser = alias(users, 'to_user')

export async function listEndorsements(db: Db, options: PageOptions): Promise<TAdminPage<TAdminEndorsement>> {
  const where = options.q
    ? or(
        ilike(fromUser.username, containing(options.q)),
        ilike(fromUser.fullName, containing(options.q)),
        ilike(toUser.username, containing(options.q)),
        ilike(toUser.fullName, containing(options.q)),
        ilike(vouches.category, containing(options.q)),
      )
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        vouch: vouches,
        fromUsername: fromUser.username,
        fromFullName: fromUser.fullName,
        toUsername: toUser.username,
        toFullName: toUser.fullName,
        hashtags: sql<string[]>`coalesce((
          select json_agg(${hashtags.tag} order by ${vouchHashtags.id})
          from ${vouchHashtags} join ${hashtags} on ${hashtags.id} = ${vouchHashtags.hashtagId}
          where ${vouchHashtags.vouchId} = ${vouches.id}), '[]'::json)`,
      })
      .from(vouches)
      .innerJoin(fromUser, eq(fromUser.id, vouches.fromUserId))
      .innerJoin(toUser, eq(toUser.id, vouches.toUserId))
      .where(where)
      .orderBy(desc(vouches.createdAt), desc(vouches.id))
      .limit(options.limit)
      .offset(offsetOf(options)),
    db
      .select({ value: count() })
      .from(vouches)
      .innerJoin(fromUser, eq(fromUser.id, vouches.fromUserId))
      .innerJoin(toUser, eq(toUser.id, vouches.toUserId))
      .where(where),
  ])
  const items = rows.map(({ vouch, ...row }) => ({
    id: vouch.id,
    fromUserId: vouch.fromUserId,
    fromUsername: row.fromUsername,
    fromFullName: row.fromFullName,
    toUserId: vouch.toUserId,
    toUsername: row.toUsername,
    toFullName: row.toFullName,
    category: vouch.category,
    note: vouch.note,
    isAnonymous: vouch.isAnonymous,
    hashtags: typeof row.hashtags === 'string' ? (JSON.parse(row.hashtags) as string[]) : row.hashtags,
    likeCount: vouch.likeCount,
    commentCount: vouch.commentCount,
    engagementWeight: Math.round(vouch.engagementWeight * 10_000) / 10_000,
    createdAt: vouch.createdAt.toISOString(),
  }))
  return page(items, Number(total?.value ?? 0), options)
}

export async function findEndorsementSummary(db: Db, id: number) {
  const [row] = await db
    .select({
      id: vouches.id,
      category: vouches.category,
      fromUserId: vouches.fromUserId,
      toUserId: vouches.toUserId,
      fromUsername: fromUser.username,
      toUsername: toUser.username,
    })
    .from(vouches)
    .innerJoin(fromUser, eq(fromUser.id, vouches.fromUserId))
    .innerJoin(toUser, eq(toUser.id, vouches.toUserId))
    .where(eq(vouches.id, id))
    .limit(1)
  return row ?? null
}

export async function listHashtags(db: Db, options: PageOptions): Promise<TAdminPage<TAdminHashtag>> {
  const where = options.q ? ilike(hashtags.tag, containing(options.q.replace(/^#/, ''))) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: hashtags.id, tag: hashtags.tag, count: hashtags.count })
      .from(hashtags)
      .where(where)
      .orderBy(desc(hashtags.count), hashtags.tag, hashtags.id)
      .limit(options.limit)
      .offset(offsetOf(options)),
    db.select({ value: count() }).from(hashtags).where(where),
  ])
  return page(rows, Number(total?.value ?? 0), options)
}

export async function findHashtag(db: Db, id: number) {
  const [row] = await db.select().from(hashtags).where(eq(hashtags.id, id)).limit(1)
  return row ?? null
}

const user1 = alias(users, 'user1')
const user2 = alias(users, 'user2')
const card = <U extends typeof user1 | typeof user2>(u: U) => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  profilePicture: u.profilePicture,
})

/** Every conversation, latest activity first, in the admin view shape of SPEC.md §3. */
export async function listConversations(
  db: Db,
  options: PageOptions,
): Promise<TAdminPage<TAdminConversation>> {
  const where = options.q
    ? or(
        ilike(user1.username, containing(options.q)),
        ilike(user1.fullName, containing(options.q)),
        ilike(user2.username, containing(options.q)),
        ilike(user2.fullName, containing(options.q)),
      )
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: conversations.id,
        lastMessageAt: conversations.lastMessageAt,
        user: card(user1),
        otherUser: card(user2),
        lastMessage: sql<{ content: string; createdAt: string } | null>`(
          select json_build_object('content', m.content, 'createdAt', m.created_at)
          from ${messages} m where m.conversation_id = ${conversations.id}
          order by m.created_at desc, m.id desc limit 1)`,
        messageCount: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id})`,
      })
      .from(conversations)
      .innerJoin(user1, eq(user1.id, conversations.user1Id))
      .innerJoin(user2, eq(user2.id, conversations.user2Id))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(options.limit)
      .offset(offsetOf(options)),
    db
      .select({ value: count() })
      .from(conversations)
      .innerJoin(user1, eq(user1.id, conversations.user1Id))
      .innerJoin(user2, eq(user2.id, conversations.user2Id))
      .where(where),
  ])
  const items = rows.map((row) => ({
    ...row,
    lastMessage: row.lastMessage
      ? { content: row.lastMessage.content, createdAt: new Date(row.lastMessage.createdAt).toISOString() }
      : null,
    messageCount: Number(row.messageCount),
    lastMessageAt: row.lastMessageAt.toISOString(),
  }))
  return page(items, Number(total?.value ?? 0), options)
}

export async function conversationExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1)
  return Boolean(row)
}

/** A conversation's messages for moderation, newest first; reading them changes no status. */
export async function listConversationMessages(
  db: Db,
  conversationId: number,
  options: PageOptions,
): Promise<TAdminPage<TMessage>> {
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)]
  if (options.q) conditions.push(ilike(messages.content, containing(options.q)))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        senderId: messages.senderId,
        recipientId: messages.recipientId,
        content: messages.content,
        status: messages.status,
        createdAt: messages.createdAt,
        senderUsername: users.username,
        senderFullName: users.fullName,
        senderProfilePicture: users.profilePicture,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(options.limit)
      .offset(offsetOf(options)),
    db.select({ value: count() }).from(messages).where(where),
  ])
  return page(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    Number(total?.value ?? 0),
    options,
  )
}

export async function listAudit(db: Db, options: PageOptions): Promise<TAdminPage<TAuditEntry>> {
  const where = options.q
    ? or(
        ilike(auditLog.action, containing(options.q)),
        ilike(auditLog.details, containing(options.q)),
        ilike(users.username, containing(options.q)),
      )
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        adminId: auditLog.adminId,
        adminUsername: users.username,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.adminId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(options.limit)
      .offset(offsetOf(options)),
    db.select({ value: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.adminId)).where(where),
  ])
  return page(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    Number(total?.value ?? 0),
    options,
  )
}
