import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  connectionRequests,
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberHashtags,
  messages,
  users,
} from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse, uniqueSuffix } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const connect = (a: Member, b: Member) =>
  t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'accepted' })

describe('GET /api/admin/vouches and DELETE /api/admin/vouches/:id', () => {
  it('lists endorsements with both sides named, anonymous ones included, and searches', async () => {
    const admin = await createAdmin(t.db)
    const suffix = uniqueSuffix()
    const giver = await createMember(t.db, { username: `giver_${suffix}` })
    const receiver = await createMember(t.db)
    const created = await endorse(t, giver, receiver, {
      category: 'Leadership',
      isAnonymous: true,
      hashtags: ['Mentoring'],
    })
    const res = await t.inject(admin, { method: 'GET', url: `/api/admin/vouches?q=giver_${suffix}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(1)
    expect(res.json().items[0]).toMatchObject({
      id: created.id,
      fromUserId: giver.id,
      fromUsername: giver.username,
      toUserId: receiver.id,
      toUsername: receiver.username,
      category: 'Leadership',
      isAnonymous: true,
      hashtags: ['Mentoring'],
      engagementWeight: 1,
    })
  })

  it("deletes an endorsement: the receiver's score, tag counts and medal drop, and it is audited", async () => {
    const admin = await createAdmin(t.db)
    const receiver = await createMember(t.db)
    const tag = `Medal${uniqueSuffix()}`
    const givers = await Promise.all(Array.from({ length: 10 }, () => createMember(t.db)))
    const given = []
    for (const giver of givers)
      given.push(await endorse(t, giver, receiver, { category: 'Teamwork', hashtags: [tag] }))
    let [stored] = await t.db.select().from(users).where(eq(users.id, receiver.id))
    expect(stored!.reputationScore).toBeCloseTo(100)
    expect(await t.db.select().from(medals).where(eq(medals.userId, receiver.id))).toHaveLength(1)

    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/vouches/${given[0]!.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    ;[stored] = await t.db.select().from(users).where(eq(users.id, receiver.id))
    expect(stored!.reputationScore).toBeCloseTo(90)
    expect(stored!.vouchCount).toBe(9)
    expect(await t.db.select().from(medals).where(eq(medals.userId, receiver.id))).toHaveLength(0)
    const [tagRow] = await t.db.select().from(hashtags).where(eq(hashtags.tag, tag))
    expect(tagRow!.count).toBe(9)
    const [stats] = await t.db
      .select()
      .from(memberCategoryStats)
      .where(eq(memberCategoryStats.userId, receiver.id))
    expect(stats).toMatchObject({ category: 'Teamwork', count: 9 })
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, given[0]!.id))
    expect(entry).toMatchObject({
      action: 'endorsement.delete',
      targetType: 'endorsement',
      adminId: admin.id,
    })

    const again = await t.inject(admin, { method: 'DELETE', url: `/api/admin/vouches/${given[0]!.id}` })
    expect(again.statusCode).toBe(404)
  })
})

describe('GET /api/admin/hashtags and DELETE /api/admin/hashtags/:id', () => {
  it('lists tags by count and searches them, a leading # ignored', async () => {
    const admin = await createAdmin(t.db)
    const suffix = uniqueSuffix()
    const [a, b, c] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    await endorse(t, a, c, { hashtags: [`Alpha${suffix}`, `Beta${suffix}`] })
    await endorse(t, b, c, { hashtags: [`Beta${suffix}`] })
    const res = await t.inject(admin, { method: 'GET', url: `/api/admin/hashtags?q=%23${suffix}` })
    expect(res.json()).toMatchObject({ total: 2 })
    expect(res.json().items.map((h: { tag: string; count: number }) => [h.tag, h.count])).toEqual([
      [`Beta${suffix}`, 2],
      [`Alpha${suffix}`, 1],
    ])
  })

  it('deletes a tag from every endorsement, takes its counts and medals away, and audits it', async () => {
    const admin = await createAdmin(t.db)
    const receiver = await createMember(t.db)
    const tag = `Gone${uniqueSuffix()}`
    const kept = `Kept${uniqueSuffix()}`
    for (let i = 0; i < 10; i++) {
      await endorse(t, await createMember(t.db), receiver, { category: 'Creativity', hashtags: [tag, kept] })
    }
    const before = await t.db.select().from(medals).where(eq(medals.userId, receiver.id))
    expect(before.map((m) => m.skillName).sort()).toEqual([kept, tag].sort())
    const [tagRow] = await t.db.select().from(hashtags).where(eq(hashtags.tag, tag))

    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/hashtags/${tagRow!.id}` })
    expect(res.statusCode).toBe(200)
    expect(await t.db.select().from(hashtags).where(eq(hashtags.id, tagRow!.id))).toHaveLength(0)
    const after = await t.db.select().from(medals).where(eq(medals.userId, receiver.id))
    expect(after.map((m) => m.skillName)).toEqual([kept])
    expect(
      await t.db.select().from(memberHashtags).where(eq(memberHashtags.hashtagId, tagRow!.id)),
    ).toHaveLength(0)
    expect(
      await t.db
        .select()
        .from(memberCategoryHashtags)
        .where(eq(memberCategoryHashtags.hashtagId, tagRow!.id)),
    ).toHaveLength(0)
    // The endorsements stay, with the other tag; the score does not depend on tags.
    const [stored] = await t.db.select().from(users).where(eq(users.id, receiver.id))
    expect(stored!.vouchCount).toBe(10)
    const listed = await t.inject(admin, { method: 'GET', url: `/api/admin/vouches?q=${receiver.username}` })
    expect(listed.json().items.every((v: { hashtags: string[] }) => v.hashtags.join() === kept)).toBe(true)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'hashtag.delete'))
      .orderBy(sql`id desc`)
      .limit(1)
    expect(entry).toMatchObject({ targetId: tagRow!.id, adminId: admin.id })
    expect(entry!.details).toContain(tag)
    expect(
      (await t.inject(admin, { method: 'DELETE', url: `/api/admin/hashtags/${tagRow!.id}` })).statusCode,
    ).toBe(404)
  })
})

describe('GET /api/admin/conversations and their messages', () => {
  it('shows every conversation in the admin view shape, and messages without changing their status', async () => {
    const admin = await createAdmin(t.db)
    const suffix = uniqueSuffix()
    const a = await createMember(t.db, { username: `talker_${suffix}`, profilePicture: '/uploads/x.png' })
    const b = await createMember(t.db)
    await connect(a, b)
    const first = await t.inject(a, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: b.id, content: 'Hi' },
    })
    await t.inject(b, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: a.id, content: 'Hello back' },
    })
    const conversationId = first.json().conversationId

    const res = await t.inject(admin, { method: 'GET', url: `/api/admin/conversations?q=talker_${suffix}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(1)
    const [low, high] = a.id < b.id ? [a, b] : [b, a]
    expect(res.json().items[0]).toEqual({
      id: conversationId,
      user: {
        id: low.id,
        username: low.username,
        fullName: low.fullName,
        profilePicture: low.profilePicture,
      },
      otherUser: {
        id: high.id,
        username: high.username,
        fullName: high.fullName,
        profilePicture: high.profilePicture,
      },
      lastMessage: { content: 'Hello back', createdAt: expect.any(String) },
      messageCount: 2,
      lastMessageAt: expect.any(String),
    })

    const thread = await t.inject(admin, {
      method: 'GET',
      url: `/api/admin/conversations/${conversationId}/messages`,
    })
    expect(thread.statusCode).toBe(200)
    expect(thread.json().total).toBe(2)
    expect(thread.json().items.map((m: { content: string }) => m.content)).toEqual(['Hello back', 'Hi'])
    expect(thread.json().items[1]).toMatchObject({ senderUsername: a.username, status: 'sent' })
    const stored = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))
    expect(stored.every((m) => m.status === 'sent')).toBe(true)

    const missing = await t.inject(admin, {
      method: 'GET',
      url: '/api/admin/conversations/99999999/messages',
    })
    expect(missing.statusCode).toBe(404)
  })
})
