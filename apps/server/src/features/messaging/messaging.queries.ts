import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  TConversationListItem,
  TConversationUser,
  TMessage,
  TMessageStatus,
} from '@vouched/shared/messaging'
import type { Db } from '../../db/client'
import { conversations, messages, users } from '../../db/schema/index'
import { AppError } from '../../core/errors'

export type ConversationRow = typeof conversations.$inferSelect

/** The smaller id first: the check constraint and the unique pair index rely on it. */
export const orderedPair = (a: number, b: number) =>
  a < b ? { user1Id: a, user2Id: b } : { user1Id: b, user2Id: a }

export const otherSide = (conversation: ConversationRow, viewerId: number) =>
  conversation.user1Id === viewerId ? conversation.user2Id : conversation.user1Id

export const isParticipant = (conversation: ConversationRow, userId: number) =>
  conversation.user1Id === userId || conversation.user2Id === userId

/**
 * Cursors name a position exactly: PostgreSQL keeps microseconds, a JS Date only milliseconds, so
 * the time travels as whole microseconds since the epoch next to the id that breaks ties.
 */
export const encodeCursor = (micros: string, id: number) => `${micros}_${id}`

export function decodeCursor(cursor: string | undefined): { micros: string; id: number } | null {
  if (!cursor) return null
  const match = /^(\d{1,18})_(\d{1,10})$/.exec(cursor)
  if (!match) throw new AppError('INVALID_CURSOR', SERVER_MESSAGES.invalidCursor, 400, 'cursor')
  return { micros: match[1]!, id: Number(match[2]) }
}

const microsOf = (column: SQL | typeof conversations.lastMessageAt | typeof messages.createdAt) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`
const fromMicros = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`

export async function findConversation(db: Db, id: number) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1)
  return row ?? null
}

export async function findConversationBetween(db: Db, a: number, b: number) {
  const pair = orderedPair(a, b)
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.user1Id, pair.user1Id), eq(conversations.user2Id, pair.user2Id)))
    .limit(1)
  return row ?? null
}

export async function findUserCard(db: Db, id: number): Promise<TConversationUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
  return row ?? null
}

type LastMessageJson = { content: string; senderId: number; createdAt: string; status: TMessageStatus }

/** Conversations of a member, latest activity first, in the SPEC.md §3 list shape. */
export async function listConversations(
  db: Db,
  viewer: TConversationUser,
  options: { cursor?: string; limit: number; conversationId?: number; q?: string | undefined },
): Promise<{ conversations: TConversationListItem[]; nextCursor: string | null }> {
  const other = alias(users, 'other_user')
  const cursor = decodeCursor(options.cursor)
  const where: (SQL | undefined)[] = [
    or(eq(conversations.user1Id, viewer.id), eq(conversations.user2Id, viewer.id)),
  ]
  if (options.conversationId !== undefined) where.push(eq(conversations.id, options.conversationId))
  if (options.q) {
    // LIKE's own wildcards are taken literally: a search for "a_b" finds "a_b", not "axb".
    const pattern = `%${options.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    where.push(or(ilike(other.username, pattern), ilike(other.fullName, pattern)))
  }
  if (cursor) {
    where.push(
      sql`(${conversations.lastMessageAt}, ${conversations.id}) < (${fromMicros(cursor.micros)}, ${cursor.id})`,
    )
  }
  const rows = await db
    .select({
      id: conversations.id,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      micros: microsOf(conversations.lastMessageAt),
      otherUser: {
        id: other.id,
        username: other.username,
        fullName: other.fullName,
        profilePicture: other.profilePicture,
      },
      lastMessage: sql<LastMessageJson | null>`(
        select json_build_object('content', m.content, 'senderId', m.sender_id, 'createdAt', m.created_at, 'status', m.status)
        from ${messages} m where m.conversation_id = ${conversations.id}
        order by m.created_at desc, m.id desc limit 1)`,
      messageCount: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id})`,
      unreadCount: sql<number>`(
        select count(*)::int from ${messages} m
        where m.conversation_id = ${conversations.id} and m.recipient_id = ${viewer.id} and m.status <> 'read')`,
    })
    .from(conversations)
    .innerJoin(
      other,
      sql`${other.id} = case when ${conversations.user1Id} = ${viewer.id} then ${conversations.user2Id} else ${conversations.user1Id} end`,
    )
    .where(and(...where))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(options.limit + 1)

  const page = rows.slice(0, options.limit)
  const last = page.at(-1)
  return {
    conversations: page.map((row) => ({
      id: row.id,
      user: viewer,
      otherUser: row.otherUser,
      lastMessage: row.lastMessage
        ? { ...row.lastMessage, createdAt: new Date(row.lastMessage.createdAt).toISOString() }
        : null,
      unreadCount: Number(row.unreadCount),
      messageCount: Number(row.messageCount),
      lastMessageAt: row.lastMessageAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.micros, last.id) : null,
  }
}

/** One page of a conversation, newest page first, each page oldest first (SPEC.md §3 read shape). */
export async function listMessages(
  db: Db,
  conversationId: number,
  options: { cursor?: string; limit: number },
): Promise<{ messages: TMessage[]; nextCursor: string | null }> {
  const cursor = decodeCursor(options.cursor)
  const where: SQL[] = [eq(messages.conversationId, conversationId)]
  if (cursor)
    where.push(sql`(${messages.createdAt}, ${messages.id}) < (${fromMicros(cursor.micros)}, ${cursor.id})`)
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      content: messages.content,
      status: messages.status,
      createdAt: messages.createdAt,
      micros: microsOf(messages.createdAt),
      senderUsername: users.username,
      senderFullName: users.fullName,
      senderProfilePicture: users.profilePicture,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(options.limit + 1)
  const page = rows.slice(0, options.limit)
  const oldest = page.at(-1)
  return {
    messages: page
      .reverse()
      .map(({ micros: _micros, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor: rows.length > options.limit && oldest ? encodeCursor(oldest.micros, oldest.id) : null,
  }
}

export async function findMessage(db: Db, id: number): Promise<TMessage | null> {
  const [row] = await db
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
    .where(eq(messages.id, id))
    .limit(1)
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null
}

/** Messages a member received and has not read yet, across every conversation. */
export async function countUnread(db: Db, userId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.recipientId, userId), inArray(messages.status, ['sent', 'delivered'])))
  return Number(row?.count ?? 0)
}

/**
 * Moves a member's received messages forward (sent → delivered, or sent/delivered → read) and
 * says which conversations changed, with their senders, so the senders can be told.
 */
export async function advanceReceivedStatus(
  db: Db,
  recipientId: number,
  to: 'delivered' | 'read',
  conversationId?: number,
) {
  const where: SQL[] = [eq(messages.recipientId, recipientId)]
  where.push(to === 'delivered' ? eq(messages.status, 'sent') : ne(messages.status, 'read'))
  if (conversationId !== undefined) where.push(eq(messages.conversationId, conversationId))
  return db
    .update(messages)
    .set({ status: to })
    .where(and(...where))
    .returning({ conversationId: messages.conversationId, senderId: messages.senderId })
}
