import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '@vouched/shared/admin'
import { auditLog, sessions, users } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, uniqueSuffix } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

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
