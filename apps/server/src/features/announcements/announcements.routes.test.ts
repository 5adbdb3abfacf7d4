import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ANNOUNCEMENT_MESSAGES } from '@vouched/shared/announcements'
import { announcements, auditLog } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})
// Lists are global: every test starts from an empty board.
beforeEach(async () => {
  await t.db.delete(announcements)
})

const valid = { title: 'Welcome to Vouched', content: 'We are glad to have you here, friends.' }

const post = async (admin: { id: number }, payload: Record<string, unknown>) =>
  t.inject(admin, { method: 'POST', url: '/api/announcements', payload })

describe('GET /api/announcements', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/announcements' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('lists pinned first, then newest, with the author', async () => {
    const admin = await createAdmin(t.db, { fullName: 'Ada Admin', profilePicture: '/uploads/a.png' })
    const member = await createMember(t.db)
    const first = (await post(admin, { ...valid, title: 'First news' })).json()
    const pinned = (await post(admin, { ...valid, title: 'Pinned news', pinned: true })).json()
    const last = (await post(admin, { ...valid, title: 'Latest news' })).json()

    const res = await t.inject(member, { method: 'GET', url: '/api/announcements' })
    expect(res.statusCode).toBe(200)
    expect(res.json().map((a: { id: number }) => a.id)).toEqual([pinned.id, last.id, first.id])
    expect(res.json()[0]).toEqual({
      id: pinned.id,
      adminId: admin.id,
      title: 'Pinned news',
      content: valid.content,
      imageUrl: null,
      pinned: true,
      createdAt: expect.any(String),
      adminUsername: admin.username,
      adminFullName: 'Ada Admin',
      adminProfilePicture: '/uploads/a.png',
    })
  })

  it('filters by pinned and bounds the page', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    for (const title of ['One news', 'Two news', 'Three news', 'Four news'])
      await post(admin, { ...valid, title })
    await post(admin, { ...valid, title: 'Pinned news', pinned: true })

    const unpinned = await t.inject(member, { method: 'GET', url: '/api/announcements?pinned=false&limit=3' })
    expect(unpinned.json().map((a: { title: string }) => a.title)).toEqual([
      'Four news',
      'Three news',
      'Two news',
    ])
    const pinnedOnly = await t.inject(member, { method: 'GET', url: '/api/announcements/pinned' })
    expect(pinnedOnly.json().map((a: { title: string }) => a.title)).toEqual(['Pinned news'])

    const tooMany = await t.inject(member, { method: 'GET', url: '/api/announcements?limit=1000' })
    expect(tooMany.statusCode).toBe(400)
  })
})

describe('GET /api/announcements/pinned', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/announcements/pinned' })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /api/announcements', () => {
  it('answers 401 without a session, even with a bad body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/announcements', payload: {} })
    expect(res.statusCode).toBe(401)
  })

  it('answers 403 to a member and stores nothing', async () => {
    const member = await createMember(t.db)
    const res = await post(member, valid)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) })
    expect(await t.db.select().from(announcements)).toHaveLength(0)
  })

  it('creates an unpinned announcement by default, drops an empty image URL and audits it', async () => {
    const admin = await createAdmin(t.db)
    const res = await post(admin, { ...valid, title: '  Trimmed title  ', imageUrl: '' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ title: 'Trimmed title', pinned: false, imageUrl: null })
    const [stored] = await t.db.select().from(announcements).where(eq(announcements.id, res.json().id))
    expect(stored!.imageUrl).toBeNull()
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, res.json().id))
    expect(audit.find((a) => a.action === 'announcement.create')).toMatchObject({
      adminId: admin.id,
      targetType: 'announcement',
    })
  })

  it('keeps a valid image URL and a pinned flag', async () => {
    const admin = await createAdmin(t.db)
    const res = await post(admin, { ...valid, imageUrl: 'https://example.com/banner.png', pinned: true })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ imageUrl: 'https://example.com/banner.png', pinned: true })
  })

  it.each([
    [{ ...valid, title: 'ab' }, 'title', ANNOUNCEMENT_MESSAGES.titleMin],
    [{ ...valid, title: '   ab   ' }, 'title', ANNOUNCEMENT_MESSAGES.titleMin],
    [{ ...valid, title: 'x'.repeat(101) }, 'title', ANNOUNCEMENT_MESSAGES.titleMax],
    [{ ...valid, content: 'too short' }, 'content', ANNOUNCEMENT_MESSAGES.contentMin],
    [{ ...valid, content: 'x'.repeat(5001) }, 'content', ANNOUNCEMENT_MESSAGES.contentMax],
    [{ ...valid, imageUrl: 'not a url' }, 'imageUrl', ANNOUNCEMENT_MESSAGES.url],
    [{ ...valid, imageUrl: 'javascript:alert(1)' }, 'imageUrl', ANNOUNCEMENT_MESSAGES.url],
    [{ ...valid, imageUrl: 'ftp://example.com/a.png' }, 'imageUrl', ANNOUNCEMENT_MESSAGES.url],
  ])('refuses %o on %s with its message', async (payload, field, message) => {
    const admin = await createAdmin(t.db)
    const res = await post(admin, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message })
  })

  it('accepts titles of exactly 3 and 100 characters', async () => {
    const admin = await createAdmin(t.db)
    expect((await post(admin, { ...valid, title: 'abc' })).statusCode).toBe(201)
    expect((await post(admin, { ...valid, title: 'x'.repeat(100) })).statusCode).toBe(201)
  })

  it('refuses a missing title or a non-boolean pinned', async () => {
    const admin = await createAdmin(t.db)
    expect((await post(admin, { content: valid.content })).json()).toMatchObject({ field: 'title' })
    expect((await post(admin, { ...valid, pinned: 'yes' })).json()).toMatchObject({ field: 'pinned' })
  })
})

describe('PATCH /api/announcements/:id', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/announcements/1',
      payload: { pinned: true },
    })
    expect(res.statusCode).toBe(401)
  })

  it('answers 403 to a member', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const created = (await post(admin, valid)).json()
    const res = await t.inject(member, {
      method: 'PATCH',
      url: `/api/announcements/${created.id}`,
      payload: { pinned: true },
    })
    expect(res.statusCode).toBe(403)
    const [stored] = await t.db.select().from(announcements).where(eq(announcements.id, created.id))
    expect(stored!.pinned).toBe(false)
  })

  it('pins and unpins, moving it in the order, and audits both', async () => {
    const admin = await createAdmin(t.db)
    const older = (await post(admin, { ...valid, title: 'Older news' })).json()
    await post(admin, { ...valid, title: 'Newer news' })
    const pin = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/announcements/${older.id}`,
      payload: { pinned: true },
    })
    expect(pin.statusCode).toBe(200)
    expect(pin.json()).toMatchObject({ id: older.id, pinned: true, adminUsername: admin.username })
    let list = await t.inject(admin, { method: 'GET', url: '/api/announcements' })
    expect(list.json()[0].id).toBe(older.id)

    await t.inject(admin, {
      method: 'PATCH',
      url: `/api/announcements/${older.id}`,
      payload: { pinned: false },
    })
    list = await t.inject(admin, { method: 'GET', url: '/api/announcements' })
    expect(list.json()[1].id).toBe(older.id)
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetId, older.id))).map(
      (a) => a.action,
    )
    expect(actions).toEqual(expect.arrayContaining(['announcement.pin', 'announcement.unpin']))
  })

  it('answers 404 for an unknown announcement and 400 for a bad body', async () => {
    const admin = await createAdmin(t.db)
    const missing = await t.inject(admin, {
      method: 'PATCH',
      url: '/api/announcements/999999',
      payload: { pinned: true },
    })
    expect(missing.statusCode).toBe(404)
    const bad = await t.inject(admin, { method: 'PATCH', url: '/api/announcements/1', payload: {} })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'pinned' })
    const badId = await t.inject(admin, {
      method: 'PATCH',
      url: '/api/announcements/abc',
      payload: { pinned: true },
    })
    expect(badId.statusCode).toBe(400)
  })
})

describe('DELETE /api/announcements/:id', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/announcements/1' })
    expect(res.statusCode).toBe(401)
  })

  it('answers 403 to a member and keeps the announcement', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const created = (await post(admin, valid)).json()
    const res = await t.inject(member, { method: 'DELETE', url: `/api/announcements/${created.id}` })
    expect(res.statusCode).toBe(403)
    expect(await t.db.select().from(announcements)).toHaveLength(1)
  })

  it('deletes it for good, audits it, and a second delete is 404', async () => {
    const admin = await createAdmin(t.db)
    const created = (await post(admin, valid)).json()
    const res = await t.inject(admin, { method: 'DELETE', url: `/api/announcements/${created.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect(await t.db.select().from(announcements)).toHaveLength(0)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, created.id))
    expect(audit.map((a) => a.action)).toContain('announcement.delete')
    expect(audit.find((a) => a.action === 'announcement.delete')!.details).toContain('Welcome to Vouched')
    const again = await t.inject(admin, { method: 'DELETE', url: `/api/announcements/${created.id}` })
    expect(again.statusCode).toBe(404)
  })
})
