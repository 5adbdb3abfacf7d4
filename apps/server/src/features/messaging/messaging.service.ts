import { sql } from 'drizzle-orm'
import { MESSAGING_MESSAGES, type TConversationUser } from '@vouched/shared/messaging'
import type { Db } from '../../db/client'
import { conversations, messages } from '../../db/schema/index'
import { assertNotBlocked } from '../blocks/blocks.queries'
import { AppError } from '../../core/errors'
import { publishEvent } from '../../core/events'
import type { Member } from '../../core/user-shapes'
import { areConnected } from '../connections/connections.service'
import {
  advanceReceivedStatus,
  findConversation,
  findMessage,
  findUserCard,
  isParticipant,
  orderedPair,
} from './messaging.queries'

export const toConversationUser = (user: Member): TConversationUser => ({
  id: user.id,
  username: user.username,
  fullName: user.fullName,
  profilePicture: user.profilePicture,
})

const conversationNotFound = () => new AppError('NOT_FOUND', MESSAGING_MESSAGES.conversationNotFound, 404)

/** A conversation the member takes part in; anyone else's is a 404, as if it did not exist. */
export async function getOwnConversation(db: Db, userId: number, id: number) {
  const conversation = await findConversation(db, id)
  if (!conversation || !isParticipant(conversation, userId)) throw conversationNotFound()
  return conversation
}

/**
 * Sends a message between two connected members, opening their conversation on the first one.
 * The recipient hears of it live ('message'); the whole write is one transaction.
 */
export async function sendMessage(db: Db, sender: Member, recipientId: number, content: string) {
  if (recipientId === sender.id) {
    throw new AppError('SELF_MESSAGE', MESSAGING_MESSAGES.selfMessage, 400, 'recipientId')
  }
  const recipient = await findUserCard(db, recipientId)
  if (!recipient) throw new AppError('NOT_FOUND', MESSAGING_MESSAGES.recipientNotFound, 404, 'recipientId')
  // A block says so plainly (blocking also removed the connection, so the next check would refuse too).
  await assertNotBlocked(db, sender.id, recipientId)
  if (!(await areConnected(db, sender.id, recipientId))) {
    throw new AppError('NOT_CONNECTED', MESSAGING_MESSAGES.notConnected, 403)
  }

  const id = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(conversations)
      .values({ ...orderedPair(sender.id, recipientId) })
      .onConflictDoUpdate({
        target: [conversations.user1Id, conversations.user2Id],
        set: { lastMessageAt: sql`now()` },
      })
      .returning({ id: conversations.id })
    const [message] = await tx
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: sender.id, recipientId, content })
      .returning({ id: messages.id })
    await publishEvent(tx, recipientId, { type: 'message', entityId: conversation!.id })
    return message!.id
  })
  return (await findMessage(db, id))!
}

/**
 * Advances the statuses of what a member received and tells each sender whose messages moved
 * ('message-status', with the conversation id), in the same transaction.
 */
export async function advanceStatus(
  db: Db,
  recipientId: number,
  to: 'delivered' | 'read',
  conversationId?: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await advanceReceivedStatus(tx, recipientId, to, conversationId)
    const told = new Set<string>()
    for (const { senderId, conversationId: changedId } of changed) {
      const key = `${senderId}:${changedId}`
      if (told.has(key)) continue
      told.add(key)
      await publishEvent(tx, senderId, { type: 'message-status', entityId: changedId })
    }
    return changed.length
  })
}
