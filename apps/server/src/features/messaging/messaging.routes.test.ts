import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TLiveEvent } from '@vouched/shared/events'
import { MESSAGING_MESSAGES } from '@vouched/shared/messaging'
import { createEventBus, type EventBus } from '../../core/event-bus'
import { connectionRequests, conversations, messages } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'

let t: TestApp
let bus: EventBus
beforeAll(async () => {
  t = await buildTestApp()
  bus = createEventBus(t.database, t.app.log)
})
afterAll(async () => {
  await bus.close()
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const connect = async (a: Member, b: Member) => {
  await t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'accepted' })
}

const connectedPair = async () => {
  const a = await createMember(t.db)
  const b = await createMember(t.db)
  await connect(a, b)
  return [a, b] as const
}

const send = (from: Member, recipientId: number, content: string) =>
  t.inject(from, { method: 'POST', url: '/api/messages', payload: { recipientId, content } })

/** Collects the live events of a member until stopped. */
async function recordEvents(member: Member) {
  const events: TLiveEvent[] = []
  const stop = await bus.subscribe(member.id, { onEvent: (e) => events.push(e), onResync: () => {} })
  return {
    events,
    /** NOTIFY is delivered asynchronously after commit. */
    settle: async (count: number, type?: TLiveEvent['type']) => {
      const seen = () => events.filter((e) => !type || e.type === type).length
      for (let i = 0; i < 100 && seen() < count; i++) await new Promise((r) => setTimeout(r, 20))
      return events
    },
    stop,
  }
}

const statusesOf = async (conversationId: number) =>
  (
    await t.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.id)
  ).map((m) => m.status)

describe('POST /api/messages', () => {
  it('answers 401 without a session, even with a bad body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/messages', payload: {} })
    expect(res.statusCode).toBe(401)
  })

  it('sends between connections, opens one conversation with the smaller id first, and tells the recipient', async () => {
    const [a, b] = await connectedPair()
    const recipientEvents = await recordEvents(b)
    const res = await send(b, a.id, '  Hello there  ')
    expect(res.statusCode).toBe(201)
    const message = res.json()
    expect(message).toEqual({
      id: expect.any(Number),
      conversationId: expect.any(Number),
      senderId: b.id,
      recipientId: a.id,
      content: 'Hello there',
      status: 'sent',
      createdAt: expect.any(String),
      senderUsername: b.username,
      senderFullName: b.fullName,
      senderProfilePicture: null,
    })
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, message.conversationId))
    expect(conversation).toMatchObject({ user1Id: Math.min(a.id, b.id), user2Id: Math.max(a.id, b.id) })

    const second = await send(a, b.id, 'Hi back')
    expect(second.json().conversationId).toBe(message.conversationId)
    expect(
      await t.db.select().from(conversations).where(eq(conversations.id, message.conversationId)),
    ).toHaveLength(1)

    // The recipient of the first message was a; b hears of the second one.
    await recipientEvents.settle(1)
    expect(recipientEvents.events).toContainEqual({ type: 'message', entityId: message.conversationId })
    recipientEvents.stop()
  })

  it('answers 403 between members who are not connected, or only pending', async () => {
    const a = await createMember(t.db)
    const b = await createMember(t.db)
    let res = await send(a, b.id, 'Hello')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'NOT_CONNECTED', message: MESSAGING_MESSAGES.notConnected })
    await t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'pending' })
    res = await send(a, b.id, 'Hello')
    expect(res.statusCode).toBe(403)
    expect(await t.db.select().from(messages).where(eq(messages.senderId, a.id))).toHaveLength(0)
  })

  it('answers 400 to a message to oneself and 404 to an unknown recipient', async () => {
    const a = await createMember(t.db)
    const self = await send(a, a.id, 'Hello me')
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ code: 'SELF_MESSAGE', message: MESSAGING_MESSAGES.selfMessage })
    const unknown = await send(a, 99_999_999, 'Hello?')
    expect(unknown.statusCode).toBe(404)
  })

  it.each([
    ['', MESSAGING_MESSAGES.contentEmpty],
    ['    ', MESSAGING_MESSAGES.contentEmpty],
    ['x'.repeat(2001), MESSAGING_MESSAGES.contentMax],
  ])('refuses content %j with its message', async (content, message) => {
    const [a, b] = await connectedPair()
    const res = await send(a, b.id, content)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'content', message })
  })

  it('accepts 1 and 2000 characters and refuses a missing or non-numeric recipient', async () => {
    const [a, b] = await connectedPair()
    expect((await send(a, b.id, 'x')).statusCode).toBe(201)
    expect((await send(a, b.id, 'y'.repeat(2000))).statusCode).toBe(201)
    const missing = await t.inject(a, { method: 'POST', url: '/api/messages', payload: { content: 'Hi' } })
    expect(missing.json()).toMatchObject({ field: 'recipientId' })
    const text = await t.inject(a, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: 'bob', content: 'Hi' },
    })
    expect(text.statusCode).toBe(400)
  })

  it('refuses new messages once the connection is removed, but keeps the history readable', async () => {
    const [a, b] = await connectedPair()
    const first = (await send(a, b.id, 'Before')).json()
    await t.db.delete(connectionRequests).where(eq(connectionRequests.fromUserId, a.id))
    expect((await send(a, b.id, 'After')).statusCode).toBe(403)
    const thread = await t.inject(a, {
      method: 'GET',
      url: `/api/conversations/${first.conversationId}/messages`,
    })
    expect(thread.json().messages.map((m: { content: string }) => m.content)).toEqual(['Before'])
  })
})

describe('GET /api/conversations', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations' })
    expect(res.statusCode).toBe(401)
  })

  it("lists the viewer's conversations in the list shape, newest activity first", async () => {
    const me = await createMember(t.db)
    const ann = await createMember(t.db, { fullName: 'Ann', profilePicture: '/uploads/ann.png' })
    const bob = await createMember(t.db)
    const stranger = await createMember(t.db)
    await connect(me, ann)
    await connect(bob, me)
    await connect(ann, stranger)
    await send(ann, me.id, 'Hi from Ann')
    await send(me, ann.id, 'Hi Ann')
    await send(bob, me.id, 'One from Bob')
    await send(bob, me.id, 'Two from Bob')
    await send(ann, stranger.id, 'Not yours')

    const res = await t.inject(me, { method: 'GET', url: '/api/conversations' })
    expect(res.statusCode).toBe(200)
    const { conversations: list, nextCursor } = res.json()
    expect(nextCursor).toBeNull()
    expect(list).toHaveLength(2)
    expect(list[0]).toEqual({
      id: expect.any(Number),
      user: { id: me.id, username: me.username, fullName: me.fullName, profilePicture: null },
      otherUser: { id: bob.id, username: bob.username, fullName: bob.fullName, profilePicture: null },
      lastMessage: {
        content: 'Two from Bob',
        senderId: bob.id,
        createdAt: expect.any(String),
        status: 'delivered',
      },
      unreadCount: 2,
      messageCount: 2,
      lastMessageAt: expect.any(String),
      createdAt: expect.any(String),
    })
    expect(list[1]).toMatchObject({
      otherUser: { id: ann.id, fullName: 'Ann', profilePicture: '/uploads/ann.png' },
      lastMessage: { content: 'Hi Ann', senderId: me.id, status: 'sent' },
      unreadCount: 1,
      messageCount: 2,
    })
  })

  it('marks what the viewer received as delivered, and tells each sender once per conversation', async () => {
    const [a, b] = await connectedPair()
    const senderEvents = await recordEvents(a)
    const sent = (await send(a, b.id, 'First')).json()
    await send(a, b.id, 'Second')
    await send(b, a.id, 'Mine stays sent')
    await senderEvents.settle(1)
    await t.inject(b, { method: 'GET', url: '/api/conversations' })
    expect(await statusesOf(sent.conversationId)).toEqual(['delivered', 'delivered', 'sent'])
    await senderEvents.settle(2)
    await new Promise((r) => setTimeout(r, 100))
    expect(senderEvents.events).toEqual([
      { type: 'message', entityId: sent.conversationId },
      { type: 'message-status', entityId: sent.conversationId },
    ])
    senderEvents.stop()
  })

  it('pages with a cursor', async () => {
    const me = await createMember(t.db)
    const others = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    for (const other of others) {
      await connect(me, other)
      await send(other, me.id, `From ${other.username}`)
    }
    const first = (await t.inject(me, { method: 'GET', url: '/api/conversations?limit=2' })).json()
    expect(first.conversations.map((c: { otherUser: { id: number } }) => c.otherUser.id)).toEqual([
      others[2]!.id,
      others[1]!.id,
    ])
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = (
      await t.inject(me, { method: 'GET', url: `/api/conversations?limit=2&cursor=${first.nextCursor}` })
    ).json()
    expect(second.conversations.map((c: { otherUser: { id: number } }) => c.otherUser.id)).toEqual([
      others[0]!.id,
    ])
    expect(second.nextCursor).toBeNull()
  })
})

describe('GET /api/conversations/unread-count', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations/unread-count' })
    expect(res.statusCode).toBe(401)
  })

  it('counts unread received messages and marks them delivered', async () => {
    const [a, b] = await connectedPair()
    const sent = (await send(a, b.id, 'One')).json()
    await send(a, b.id, 'Two')
    await send(b, a.id, 'Reply')
    const res = await t.inject(b, { method: 'GET', url: '/api/conversations/unread-count' })
    expect(res.json()).toEqual({ unreadCount: 2 })
    expect(await statusesOf(sent.conversationId)).toEqual(['delivered', 'delivered', 'sent'])
    await t.inject(b, { method: 'GET', url: `/api/conversations/${sent.conversationId}/messages` })
    expect((await t.inject(b, { method: 'GET', url: '/api/conversations/unread-count' })).json()).toEqual({
      unreadCount: 2,
    })
    await t.inject(b, { method: 'POST', url: `/api/conversations/${sent.conversationId}/read` })
    expect((await t.inject(b, { method: 'GET', url: '/api/conversations/unread-count' })).json()).toEqual({
      unreadCount: 0,
    })
  })
})

describe('GET /api/conversations/:id/messages', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations/1/messages' })
    expect(res.statusCode).toBe(401)
  })

  it("answers 404 for someone else's conversation and for an unknown one", async () => {
    const [a, b] = await connectedPair()
    const outsider = await createMember(t.db)
    const sent = (await send(a, b.id, 'Private')).json()
    const res = await t.inject(outsider, {
      method: 'GET',
      url: `/api/conversations/${sent.conversationId}/messages`,
    })
    expect(res.statusCode).toBe(404)
    expect(await statusesOf(sent.conversationId)).toEqual(['sent'])
    const unknown = await t.inject(a, { method: 'GET', url: '/api/conversations/99999999/messages' })
    expect(unknown.statusCode).toBe(404)
  })

  it("returns the thread oldest first in the read shape, marking the other side's messages delivered, not read", async () => {
    const [a, b] = await connectedPair()
    const first = (await send(a, b.id, 'Question?')).json()
    await send(b, a.id, 'Answer!')
    await send(a, b.id, 'Thanks')
    const senderEvents = await recordEvents(a)

    const res = await t.inject(b, {
      method: 'GET',
      url: `/api/conversations/${first.conversationId}/messages`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.nextCursor).toBeNull()
    expect(body.messages.map((m: { content: string }) => m.content)).toEqual([
      'Question?',
      'Answer!',
      'Thanks',
    ])
    expect(body.messages[1]).toMatchObject({
      senderId: b.id,
      senderUsername: b.username,
      senderFullName: b.fullName,
    })
    // What b received reached b's client; what b sent is untouched until a's client fetches it.
    expect(await statusesOf(first.conversationId)).toEqual(['delivered', 'sent', 'delivered'])
    expect(body.messages.map((m: { status: string }) => m.status)).toEqual(['delivered', 'sent', 'delivered'])
    await senderEvents.settle(1, 'message-status')
    // A late 'message' NOTIFY of b's answer may still arrive: only the status news is asserted.
    expect(senderEvents.events.filter((e) => e.type === 'message-status')).toEqual([
      { type: 'message-status', entityId: first.conversationId },
    ])
    senderEvents.stop()

    await t.inject(a, { method: 'GET', url: `/api/conversations/${first.conversationId}/messages` })
    expect(await statusesOf(first.conversationId)).toEqual(['delivered', 'delivered', 'delivered'])
  })

  it('serves the latest 50 by default and older pages through the cursor', async () => {
    const [a, b] = await connectedPair()
    const conversationId = (await send(a, b.id, 'Message 0')).json().conversationId
    await t.db.insert(messages).values(
      Array.from({ length: 59 }, (_, i) => ({
        conversationId,
        senderId: a.id,
        recipientId: b.id,
        content: `Message ${i + 1}`,
        createdAt: new Date(Date.now() + (i + 1) * 1000),
      })),
    )
    const latest = (
      await t.inject(b, { method: 'GET', url: `/api/conversations/${conversationId}/messages` })
    ).json()
    expect(latest.messages).toHaveLength(50)
    expect(latest.messages[0].content).toBe('Message 10')
    expect(latest.messages.at(-1).content).toBe('Message 59')
    const older = (
      await t.inject(b, {
        method: 'GET',
        url: `/api/conversations/${conversationId}/messages?cursor=${latest.nextCursor}`,
      })
    ).json()
    expect(older.messages.map((m: { content: string }) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${i}`),
    )
    expect(older.nextCursor).toBeNull()
    const bad = await t.inject(b, {
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages?limit=500`,
    })
    expect(bad.statusCode).toBe(400)
    const badCursor = await t.inject(b, {
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages?cursor=yesterday`,
    })
    expect(badCursor.statusCode).toBe(400)
    expect(badCursor.json()).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' })
  })

  it('keeps messages with the same timestamp apart across pages', async () => {
    const [a, b] = await connectedPair()
    const conversationId = (await send(a, b.id, 'Seed')).json().conversationId
    const at = new Date(Date.now() + 60_000)
    await t.db.insert(messages).values(
      ['A', 'B', 'C'].map((content) => ({
        conversationId,
        senderId: a.id,
        recipientId: b.id,
        content,
        createdAt: at,
      })),
    )
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const url: string = `/api/conversations/${conversationId}/messages?limit=1${cursor ? `&cursor=${cursor}` : ''}`
      const page = (await t.inject(b, { method: 'GET', url })).json()
      seen.push(...page.messages.map((m: { content: string }) => m.content))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen.sort()).toEqual(['A', 'B', 'C', 'Seed'])
  })
})

describe('POST /api/conversations/:id/read', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/conversations/1/read' })
    expect(res.statusCode).toBe(401)
  })

  it("marks only the other side's messages read and tells the sender once", async () => {
    const [a, b] = await connectedPair()
    const first = (await send(a, b.id, 'Question?')).json()
    await send(b, a.id, 'Answer!')
    await send(a, b.id, 'Thanks')
    const senderEvents = await recordEvents(a)
    const res = await t.inject(b, { method: 'POST', url: `/api/conversations/${first.conversationId}/read` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ updated: 2 })
    expect(await statusesOf(first.conversationId)).toEqual(['read', 'sent', 'read'])
    await senderEvents.settle(1, 'message-status')
    expect(senderEvents.events.filter((e) => e.type === 'message-status')).toEqual([
      { type: 'message-status', entityId: first.conversationId },
    ])
    senderEvents.stop()
    const again = await t.inject(b, {
      method: 'POST',
      url: `/api/conversations/${first.conversationId}/read`,
    })
    expect(again.json()).toEqual({ updated: 0 })
  })

  it("answers 404 for someone else's conversation and changes nothing", async () => {
    const [a, b] = await connectedPair()
    const outsider = await createMember(t.db)
    const sent = (await send(a, b.id, 'Private')).json()
    const res = await t.inject(outsider, {
      method: 'POST',
      url: `/api/conversations/${sent.conversationId}/read`,
    })
    expect(res.statusCode).toBe(404)
    expect(await statusesOf(sent.conversationId)).toEqual(['sent'])
  })
})

describe('POST /api/conversations/:id/delivered', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/conversations/1/delivered' })
    expect(res.statusCode).toBe(401)
  })

  it("marks the viewer's received sent messages delivered and tells the sender", async () => {
    const [a, b] = await connectedPair()
    const sent = (await send(a, b.id, 'Ping')).json()
    const senderEvents = await recordEvents(a)
    const res = await t.inject(b, {
      method: 'POST',
      url: `/api/conversations/${sent.conversationId}/delivered`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ updated: 1 })
    expect(await statusesOf(sent.conversationId)).toEqual(['delivered'])
    await senderEvents.settle(1)
    expect(senderEvents.events).toEqual([{ type: 'message-status', entityId: sent.conversationId }])
    // Nothing left to deliver; a read message never goes back to delivered.
    expect(
      (
        await t.inject(b, { method: 'POST', url: `/api/conversations/${sent.conversationId}/delivered` })
      ).json(),
    ).toEqual({ updated: 0 })
    await t.inject(b, { method: 'POST', url: `/api/conversations/${sent.conversationId}/read` })
    await t.inject(b, { method: 'POST', url: `/api/conversations/${sent.conversationId}/delivered` })
    expect(await statusesOf(sent.conversationId)).toEqual(['read'])
    senderEvents.stop()
  })

  it("does not deliver the sender's own messages, and 404s for outsiders", async () => {
    const [a, b] = await connectedPair()
    const outsider = await createMember(t.db)
    const sent = (await send(a, b.id, 'Ping')).json()
    expect(
      (
        await t.inject(a, { method: 'POST', url: `/api/conversations/${sent.conversationId}/delivered` })
      ).json(),
    ).toEqual({ updated: 0 })
    const res = await t.inject(outsider, {
      method: 'POST',
      url: `/api/conversations/${sent.conversationId}/delivered`,
    })
    expect(res.statusCode).toBe(404)
    const rows = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, sent.conversationId), eq(messages.status, 'sent')))
    expect(rows).toHaveLength(1)
  })
})

describe('GET /api/conversations/:id', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations/1' })
    expect(res.statusCode).toBe(401)
  })

  it('gives one conversation in the list shape without changing any status, and 404s for outsiders', async () => {
    const [a, b] = await connectedPair()
    const outsider = await createMember(t.db)
    const sent = (await send(a, b.id, 'Hello')).json()
    const res = await t.inject(b, { method: 'GET', url: `/api/conversations/${sent.conversationId}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: sent.conversationId,
      user: { id: b.id },
      otherUser: { id: a.id, username: a.username },
      lastMessage: { content: 'Hello', senderId: a.id, status: 'sent' },
      unreadCount: 1,
      messageCount: 1,
    })
    expect(await statusesOf(sent.conversationId)).toEqual(['sent'])
    const other = await t.inject(outsider, {
      method: 'GET',
      url: `/api/conversations/${sent.conversationId}`,
    })
    expect(other.statusCode).toBe(404)
  })
})

describe('GET /api/conversations/with/:userId', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations/with/1' })
    expect(res.statusCode).toBe(401)
  })

  it('gives the other member, the conversation if any, and whether a message may be sent', async () => {
    const [a, b] = await connectedPair()
    const stranger = await createMember(t.db)
    let res = await t.inject(a, { method: 'GET', url: `/api/conversations/with/${b.id}` })
    expect(res.json()).toEqual({
      otherUser: { id: b.id, username: b.username, fullName: b.fullName, profilePicture: null },
      conversation: null,
      canMessage: true,
    })
    const sent = (await send(a, b.id, 'Hello')).json()
    res = await t.inject(a, { method: 'GET', url: `/api/conversations/with/${b.id}` })
    expect(res.json().conversation).toMatchObject({ id: sent.conversationId, messageCount: 1 })
    res = await t.inject(a, { method: 'GET', url: `/api/conversations/with/${stranger.id}` })
    expect(res.json()).toMatchObject({ conversation: null, canMessage: false })
    expect((await t.inject(a, { method: 'GET', url: `/api/conversations/with/${a.id}` })).statusCode).toBe(
      400,
    )
    expect((await t.inject(a, { method: 'GET', url: '/api/conversations/with/99999999' })).statusCode).toBe(
      404,
    )
  })
})
