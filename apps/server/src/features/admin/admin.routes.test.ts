import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '@vouched/shared/admin'
import type { Db } from '../../db/client'
import {
  announcements,
  auditLog,
  connectionRequests,
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  messages,
  notifications,
  sessions,
  uploads,
  users,
  vouches,
} from '../../db/schema/index'
import { createSession } from '../../core/session'
import { uploadsDir } from '../../core/uploads'
import { recomputeHashtagCounts, recomputeMemberStats } from '../endorsements/endorsements.recompute.service'
import { addComment, likeEndorsement } from '../endorsements/endorsements.likes-comments.service'
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

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

const connect = (a: Member, b: Member) =>
  t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'accepted' })

const sessionCookieOf = async (member: Member) => t.cookieFor(member)

const ADMIN_ROUTES: [string, string, Record<string, unknown>?][] = [
  ['GET', '/api/admin/users'],
  ['PATCH', '/api/admin/users/1', { isAdmin: true }],
  ['DELETE', '/api/admin/users/1'],
  ['GET', '/api/admin/vouches'],
  ['DELETE', '/api/admin/vouches/1'],
  ['GET', '/api/admin/hashtags'],
  ['DELETE', '/api/admin/hashtags/1'],
  ['GET', '/api/admin/conversations'],
  ['GET', '/api/admin/conversations/1/messages'],
  ['GET', '/api/admin/audit'],
]

describe('permissions', () => {
  it.each(ADMIN_ROUTES)('%s %s answers 401 without a session', async (method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it.each(ADMIN_ROUTES)('%s %s answers 403 to a member', async (method, url, payload) => {
    const member = await createMember(t.db)
    const res = await t.inject(member, { method: method as 'GET', url, ...(payload ? { payload } : {}) })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' })
  })

  it('answers 403 to a member even with an invalid body', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, {
      method: 'PATCH',
      url: '/api/admin/users/1',
      payload: { isAdmin: 'x' },
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('GET /api/admin/users', () => {
  it('pages through members, newest first, with their emails', async () => {
    const admin = await createAdmin(t.db)
    const tag = uniqueSuffix()
    const created: Member[] = []
    for (let i = 0; i < 3; i++) created.push(await createMember(t.db, { fullName: `Paged ${tag} ${i}` }))
    const first = await t.inject(admin, { method: 'GET', url: `/api/admin/users?q=${tag}&limit=2` })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ total: 3, page: 1, limit: 2 })
    expect(first.json().items.map((u: { id: number }) => u.id)).toEqual([created[2]!.id, created[1]!.id])
    expect(first.json().items[0]).toMatchObject({ email: created[2]!.email, isAdmin: false })
    expect(first.json().items[0]).not.toHaveProperty('password')
    const second = await t.inject(admin, { method: 'GET', url: `/api/admin/users?q=${tag}&limit=2&page=2` })
    expect(second.json().items.map((u: { id: number }) => u.id)).toEqual([created[0]!.id])
  })

  it('searches by username, full name or email, ignoring case, with LIKE wildcards taken literally', async () => {
    const admin = await createAdmin(t.db)
    const suffix = uniqueSuffix()
    const member = await createMember(t.db, {
      username: `Zed_${suffix}`,
      email: `zed.${suffix}@corp.example`,
    })
    const byName = await t.inject(admin, { method: 'GET', url: `/api/admin/users?q=zED_${suffix}` })
    expect(byName.json().items.map((u: { id: number }) => u.id)).toEqual([member.id])
    const byEmail = await t.inject(admin, { method: 'GET', url: `/api/admin/users?q=${suffix}@corp` })
    expect(byEmail.json().items.map((u: { id: number }) => u.id)).toEqual([member.id])
    const wildcard = await t.inject(admin, {
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent('%%%')}`,
    })
    expect(wildcard.json().total).toBe(0)
  })

  it('refuses a bad page or limit', async () => {
    const admin = await createAdmin(t.db)
    expect((await t.inject(admin, { method: 'GET', url: '/api/admin/users?page=0' })).statusCode).toBe(400)
    expect((await t.inject(admin, { method: 'GET', url: '/api/admin/users?limit=101' })).statusCode).toBe(400)
  })
})

describe('PATCH /api/admin/users/:id', () => {
  it('grants admin rights, signs the member out everywhere and audits it', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const cookie = await sessionCookieOf(member)
    const res = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { isAdmin: true },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: member.id, isAdmin: true, email: member.email })
    const [stored] = await t.db.select().from(users).where(eq(users.id, member.id))
    expect(stored!.isAdmin).toBe(true)
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    expect(me.statusCode).toBe(401)
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0)
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.id))
    expect(entry).toMatchObject({ adminId: admin.id, action: 'user.grant-admin', targetType: 'user' })
    expect(entry!.details).toContain(member.username)
  })

  it("revokes another admin's rights, and the new member gets 403 on admin routes", async () => {
    const admin = await createAdmin(t.db)
    const other = await createAdmin(t.db)
    const res = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${other.id}`,
      payload: { isAdmin: false },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().isAdmin).toBe(false)
    const after = await t.inject(other, { method: 'GET', url: '/api/admin/users' })
    expect(after.statusCode).toBe(403)
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, other.id))).map(
      (a) => a.action,
    )
    expect(actions).toContain('user.revoke-admin')
  })

  it('refuses an admin revoking their own rights (400) and keeps their session', async () => {
    const admin = await createAdmin(t.db)
    const cookie = await sessionCookieOf(admin)
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}`,
      payload: { isAdmin: false },
      headers: { cookie },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'SELF_DEMOTION', message: ADMIN_MESSAGES.selfDemotion })
    const [stored] = await t.db.select().from(users).where(eq(users.id, admin.id))
    expect(stored!.isAdmin).toBe(true)
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      200,
    )
  })

  it('changes nothing (no audit, no sign-out) when the flag already has that value', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const cookie = await sessionCookieOf(member)
    const res = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { isAdmin: false },
    })
    expect(res.statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      200,
    )
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, member.id))).toHaveLength(0)
  })

  it('answers 404 for an unknown member and 400 for a bad body or id', async () => {
    const admin = await createAdmin(t.db)
    const missing = await t.inject(admin, {
      method: 'PATCH',
      url: '/api/admin/users/99999999',
      payload: { isAdmin: true },
    })
    expect(missing.statusCode).toBe(404)
    const bad = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}`,
      payload: { isAdmin: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'isAdmin' })
    const badId = await t.inject(admin, {
      method: 'PATCH',
      url: '/api/admin/users/-1',
      payload: { isAdmin: true },
    })
    expect(badId.statusCode).toBe(400)
  })
})

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

describe('GET /api/admin/audit', () => {
  it('lists admin actions newest first with who, what and when, and searches them', async () => {
    const suffix = uniqueSuffix()
    const admin = await createAdmin(t.db, { username: `auditor_${suffix}` })
    const member = await createMember(t.db)
    await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { isAdmin: true },
    })
    await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { isAdmin: false },
    })
    const res = await t.inject(admin, { method: 'GET', url: `/api/admin/audit?q=auditor_${suffix}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().total).toBe(2)
    expect(res.json().items[0]).toEqual({
      id: expect.any(Number),
      adminId: admin.id,
      adminUsername: admin.username,
      action: 'user.revoke-admin',
      targetType: 'user',
      targetId: member.id,
      details: expect.stringContaining(member.username),
      createdAt: expect.any(String),
    })
    expect(res.json().items[1].action).toBe('user.grant-admin')
  })
})

/** Every counter the product keeps about members, tags and endorsements, rounded where it is a real. */
async function counterSnapshot() {
  const round = (n: number) => Math.round(n * 100) / 100
  return {
    users: (
      await t.db
        .select({ id: users.id, r: users.reputationScore, v: users.vouchCount })
        .from(users)
        .orderBy(users.id)
    ).map((u) => ({ ...u, r: round(u.r) })),
    categoryStats: (
      await t.db
        .select()
        .from(memberCategoryStats)
        .orderBy(memberCategoryStats.userId, memberCategoryStats.category)
    ).map((s) => ({ ...s, score: round(s.score) })),
    memberHashtags: await t.db
      .select()
      .from(memberHashtags)
      .orderBy(memberHashtags.userId, memberHashtags.hashtagId),
    categoryHashtags: await t.db
      .select()
      .from(memberCategoryHashtags)
      .orderBy(
        memberCategoryHashtags.userId,
        memberCategoryHashtags.category,
        memberCategoryHashtags.hashtagId,
      ),
    medals: await t.db
      .select({
        userId: medals.userId,
        skill: medals.skillName,
        tier: medals.tier,
        n: medals.endorsementCount,
      })
      .from(medals)
      .orderBy(medals.userId, medals.skillName),
    activity: await t.db
      .select()
      .from(memberDailyActivity)
      .orderBy(memberDailyActivity.userId, memberDailyActivity.day),
    vouches: await t.db
      .select({ id: vouches.id, likes: vouches.likeCount, comments: vouches.commentCount })
      .from(vouches)
      .orderBy(vouches.id),
    hashtags: await t.db.select().from(hashtags).orderBy(hashtags.id),
  }
}

describe('DELETE /api/admin/users/:id', () => {
  it('refuses an admin deleting themself (400)', async () => {
    const admin = await createAdmin(t.db)
    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${admin.id}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'SELF_DELETION', message: ADMIN_MESSAGES.selfDeletion })
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1)
  })

  it('answers 404 for an unknown member', async () => {
    const admin = await createAdmin(t.db)
    const res = await t.inject(admin, { method: 'DELETE', url: '/api/admin/users/99999999' })
    expect(res.statusCode).toBe(404)
  })

  it("deletes the member and all their data, leaves no row pointing at them, and keeps others' counters exact", async () => {
    await t.reset()
    const admin = await createAdmin(t.db)
    // The victim is an admin too, so announcements and audit rows of theirs exist.
    const victim = await createAdmin(t.db, { username: `victim_${uniqueSuffix()}` })
    const [ann, bob, cid] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const crowd = await Promise.all(Array.from({ length: 9 }, () => createMember(t.db)))

    // Ann holds a bronze medal only thanks to the victim's endorsement (9 + 1 = 10).
    for (const member of crowd)
      await endorse(t, member, ann, { category: 'Leadership', hashtags: ['Mentorship'] })
    const victimToAnn = await endorse(t, victim, ann, {
      category: 'Leadership',
      note: 'Great mentor',
      hashtags: ['Mentorship', 'Rare'],
    })
    await endorse(t, victim, bob, { category: 'Communication', hashtags: ['Clarity'], isAnonymous: true })
    const bobToVictim = await endorse(t, bob, victim, { category: 'Teamwork', hashtags: ['Clarity'] })
    const cidToBob = await endorse(t, cid, bob, { category: 'Creativity', hashtags: ['Design'] })
    // The victim's likes and comments on others' endorsements, and others' on the victim's.
    await likeEndorsement(t.db, victim, cidToBob.id)
    await addComment(t.db, victim, cidToBob.id, 'Agreed!')
    await likeEndorsement(t.db, ann, cidToBob.id)
    await likeEndorsement(t.db, cid, bobToVictim.id)
    await addComment(t.db, ann, victimToAnn.id, 'Thank you')
    // Connections, messages, notifications, announcements, uploads, sessions, audit.
    await connect(victim, bob)
    await t.db
      .insert(connectionRequests)
      .values({ fromUserId: cid.id, toUserId: victim.id, status: 'pending' })
    await t.inject(victim, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: bob.id, content: 'Hi Bob' },
    })
    await t.inject(bob, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: victim.id, content: 'Hi!' },
    })
    await t.inject(victim, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'From the victim', content: 'This will disappear with its author.' },
    })
    const pictureName = `${'a'.repeat(32)}.jpg`
    await mkdir(uploadsDir(t.config), { recursive: true })
    await writeFile(path.join(uploadsDir(t.config), pictureName), 'jpeg bytes')
    await t.db.insert(uploads).values({
      userId: victim.id,
      kind: 'profile-picture',
      fileName: pictureName,
      contentType: 'image/jpeg',
      size: 10,
    })
    await createSession(t.db, victim.id)
    await t.inject(victim, { method: 'PATCH', url: `/api/admin/users/${cid.id}`, payload: { isAdmin: true } })
    expect(await t.db.select().from(medals).where(eq(medals.userId, ann.id))).toHaveLength(1)
    const [cidToBobBefore] = await t.db.select().from(vouches).where(eq(vouches.id, cidToBob.id))
    expect(cidToBobBefore).toMatchObject({ likeCount: 2, commentCount: 1 })
    const [annBefore] = await t.db.select().from(users).where(eq(users.id, ann.id))

    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${victim.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })

    // No row anywhere still names the victim: every column that references a member, declared or not.
    const memberColumns = await rows<{ table_name: string; column_name: string }>(
      t.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
          where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
            and c.data_type = 'integer'
            and (c.column_name ~ '(^|_)(user|user1|user2|admin|sender|recipient)_id$'
              or exists (
                select 1 from information_schema.referential_constraints rc
                join information_schema.key_column_usage k on k.constraint_name = rc.constraint_name
                  and k.table_schema = 'public' and k.table_name = c.table_name and k.column_name = c.column_name
                join information_schema.constraint_column_usage u on u.constraint_name = rc.unique_constraint_name
                where u.table_name = 'users'))`,
    )
    const tablesChecked = new Set(memberColumns.map((c) => c.table_name))
    for (const table of [
      'sessions',
      'vouches',
      'vouch_likes',
      'vouch_comments',
      'member_category_stats',
      'member_hashtags',
      'member_category_hashtags',
      'member_daily_activity',
      'medals',
      'connection_requests',
      'conversations',
      'messages',
      'notifications',
      'announcements',
      'uploads',
      'audit_log',
    ]) {
      expect(tablesChecked, `${table} is checked`).toContain(table)
    }
    for (const { table_name, column_name } of memberColumns) {
      const [found] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${victim.id}`,
      )
      expect(found!.n, `${table_name}.${column_name}`).toBe(0)
    }
    // And no row anywhere points at a row that is gone (every foreign key, every table).
    const foreignKeys = await rows<{
      table_name: string
      column_name: string
      ref_table: string
      ref_column: string
    }>(
      t.db,
      sql`select cl.relname as table_name, a.attname as column_name, rcl.relname as ref_table, ra.attname as ref_column
          from pg_constraint c
          join pg_class cl on cl.oid = c.conrelid
          join pg_class rcl on rcl.oid = c.confrelid
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    )
    expect(foreignKeys.length).toBeGreaterThan(15)
    for (const fk of foreignKeys) {
      const [orphans] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(fk.table_name)} x
            where x.${sql.identifier(fk.column_name)} is not null and not exists (
              select 1 from ${sql.identifier(fk.ref_table)} r where r.${sql.identifier(fk.ref_column)} = x.${sql.identifier(fk.column_name)})`,
      )
      expect(orphans!.n, `${fk.table_name}.${fk.column_name} → ${fk.ref_table}`).toBe(0)
    }
    // Notifications about the victim's endorsements are gone too.
    expect(
      await t.db.select().from(notifications).where(eq(notifications.entityId, victimToAnn.id)),
    ).toHaveLength(0)
    expect(await t.db.select().from(announcements)).toHaveLength(0)

    // Others' counters: what was kept on each write equals a recomputation from the source rows.
    const [annAfter] = await t.db.select().from(users).where(eq(users.id, ann.id))
    expect(annAfter!.reputationScore).toBeCloseTo(annBefore!.reputationScore - 12)
    expect(annAfter!.vouchCount).toBe(9)
    expect(await t.db.select().from(medals).where(eq(medals.userId, ann.id))).toHaveLength(0)
    expect(await t.db.select().from(hashtags).where(eq(hashtags.tag, 'Rare'))).toHaveLength(0)
    const [mentorship] = await t.db.select().from(hashtags).where(eq(hashtags.tag, 'Mentorship'))
    expect(mentorship!.count).toBe(9)
    const [clarity] = await t.db.select().from(hashtags).where(eq(hashtags.tag, 'Clarity'))
    expect(clarity).toBeUndefined()
    const [cidToBobAfter] = await t.db.select().from(vouches).where(eq(vouches.id, cidToBob.id))
    expect(cidToBobAfter).toMatchObject({ likeCount: 1, commentCount: 0 })

    const kept = await counterSnapshot()
    const survivors = await t.db.select({ id: users.id }).from(users)
    for (const { id } of survivors) await recomputeMemberStats(t.db, id)
    await recomputeHashtagCounts(t.db)
    expect(await counterSnapshot()).toEqual(kept)

    // The audit row stays, naming the deleted member in words.
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete'))
    expect(entry).toMatchObject({ adminId: admin.id, targetId: victim.id, targetType: 'user' })
    expect(entry!.details).toContain(victim.username)
    // The victim's own audit rows stay, no longer naming an account.
    const [theirs] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.grant-admin'))
    expect(theirs!.adminId).toBeNull()
    // Their files left the disk.
    expect(existsSync(path.join(uploadsDir(t.config), pictureName))).toBe(false)
    // Their username and email are free again.
    expect(await t.db.select().from(users).where(eq(users.username, victim.username))).toHaveLength(0)
  })
})
