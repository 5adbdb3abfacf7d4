import { REPORT_MESSAGES } from '@vouched/shared/reports'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, messages, sessions, users, vouchComments, vouches } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, DEFAULT_PASSWORD, endorse } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const report = (member: Member, payload: Record<string, unknown>) =>
  t.inject(member, { method: 'POST', url: '/api/reports', payload })
const queue = async (admin: Member, query = '') => {
  const res = await t.inject(admin, { method: 'GET', url: `/api/admin/reports${query}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const login = (member: Member) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: member.username, password: DEFAULT_PASSWORD },
  })
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!

describe('401 without a session, 403 for members', () => {
  it.each([
    ['POST', '/api/reports'],
    ['GET', '/api/admin/reports'],
    ['POST', '/api/admin/reports/1/resolve'],
    ['POST', '/api/admin/reports/1/dismiss'],
    ['POST', '/api/admin/users/1/suspend'],
    ['POST', '/api/admin/users/1/unsuspend'],
  ] as const)('%s %s answers 401', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401)
  })
  it.each([
    ['GET', '/api/admin/reports'],
    ['POST', '/api/admin/reports/1/resolve'],
    ['POST', '/api/admin/users/1/suspend'],
  ] as const)('%s %s answers 403 to a member', async (method, url) => {
    const member = await createMember(t.db)
    expect((await t.inject(member, { method, url, payload: {} })).statusCode).toBe(403)
  })
})

describe('reporting', () => {
  it('validates the body, the target and duplicates', async () => {
    const [me, other] = [await createMember(t.db), await createMember(t.db)]
    const empty = await report(me, { targetType: 'profile', targetId: other.id, reason: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ field: 'reason', message: REPORT_MESSAGES.reasonRequired })
    const long = await report(me, { targetType: 'profile', targetId: other.id, reason: 'x'.repeat(1001) })
    expect(long.json()).toMatchObject({ field: 'reason', message: REPORT_MESSAGES.reasonMax })
    expect((await report(me, { targetType: 'post', targetId: 1, reason: 'x' })).json().field).toBe(
      'targetType',
    )
    expect((await report(me, { targetType: 'comment', targetId: 99999999, reason: 'x' })).statusCode).toBe(
      404,
    )
    expect((await report(me, { targetType: 'profile', targetId: me.id, reason: 'x' })).statusCode).toBe(400)

    const created = await report(me, { targetType: 'profile', targetId: other.id, reason: ' Fake profile ' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      targetType: 'profile',
      targetId: other.id,
      reason: 'Fake profile',
      status: 'open',
    })
    const again = await report(me, { targetType: 'profile', targetId: other.id, reason: 'Still fake' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(REPORT_MESSAGES.duplicate)
  })

  it('lets only its recipient report a message', async () => {
    const [sender, recipient, stranger] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const sent = await t.inject(sender, {
      method: 'POST',
      url: `/api/connection-requests/${recipient.id}`,
      payload: {},
    })
    await t.inject(recipient, {
      method: 'POST',
      url: `/api/connection-requests/${sent.json().request.id}/accept`,
    })
    const message = await t.inject(sender, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: recipient.id, content: 'Buy my course' },
    })
    expect(message.statusCode).toBe(201)
    const id = message.json().id as number
    expect((await report(stranger, { targetType: 'message', targetId: id, reason: 'Spam' })).statusCode).toBe(
      404,
    )
    expect((await report(sender, { targetType: 'message', targetId: id, reason: 'Spam' })).statusCode).toBe(
      404,
    )
    expect(
      (await report(recipient, { targetType: 'message', targetId: id, reason: 'Spam' })).statusCode,
    ).toBe(201)
  })
})

describe('review', () => {
  it('queues reports with filters, and dismisses one into the audit log', async () => {
    const [me, other, admin] = [await createMember(t.db), await createMember(t.db), await createAdmin(t.db)]
    const id = (
      await report(me, { targetType: 'profile', targetId: other.id, reason: 'Impersonation' })
    ).json().id
    const open = await queue(admin, '?targetType=profile&limit=100')
    const item = open.items.find((r: { id: number }) => r.id === id)
    expect(item).toMatchObject({
      status: 'open',
      reason: 'Impersonation',
      reporter: { id: me.id, username: me.username },
      targetUser: { id: other.id, email: other.email, suspendedAt: null },
      targetExists: true,
      snapshot: expect.stringContaining(`@${other.username}`),
    })
    expect(
      (await queue(admin, '?targetType=comment&limit=100')).items.some((r: { id: number }) => r.id === id),
    ).toBe(false)

    const dismissed = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${id}/dismiss`,
      payload: { note: 'Looks genuine' },
    })
    expect(dismissed.statusCode).toBe(200)
    expect((await queue(admin, '?limit=100')).items.some((r: { id: number }) => r.id === id)).toBe(false)
    expect(
      (await queue(admin, '?status=dismissed&limit=100')).items.find((r: { id: number }) => r.id === id),
    ).toMatchObject({
      resolvedBy: { id: admin.id },
      resolution: 'Looks genuine',
      action: 'none',
    })
    expect(await lastAudit()).toMatchObject({
      adminId: admin.id,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: id,
    })
    const twice = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${id}/dismiss`,
      payload: {},
    })
    expect(twice.statusCode).toBe(409)
  })

  it('deletes a reported endorsement through the service (counters follow) and closes every report of it', async () => {
    const [giver, receiver, r1, r2, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    const id = (await endorse(t, giver, receiver, { note: 'Rude words', hashtags: ['Spam'] })).id
    const first = (await report(r1, { targetType: 'endorsement', targetId: id, reason: 'Abusive' })).json().id
    const second = (await report(r2, { targetType: 'endorsement', targetId: id, reason: 'Offensive' })).json()
      .id
    const res = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${first}/resolve`,
      payload: { action: 'delete-content', note: 'Removed' },
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.select().from(vouches).where(eq(vouches.id, id))).toEqual([])
    const [after] = await t.db.select().from(users).where(eq(users.id, receiver.id))
    expect(after).toMatchObject({ reputationScore: 0, vouchCount: 0 })
    const resolved = await queue(admin, '?status=resolved&limit=100')
    for (const reportId of [first, second]) {
      expect(resolved.items.find((r: { id: number }) => r.id === reportId)).toMatchObject({
        action: 'delete-content',
        targetExists: false,
        snapshot: expect.stringContaining('Rude words'),
      })
    }
    expect(await lastAudit()).toMatchObject({ action: 'report.resolve', targetId: first })
  })

  it('deletes a reported comment', async () => {
    const [giver, receiver, author, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    const vouchId = (await endorse(t, giver, receiver)).id
    const comment = await t.inject(author, {
      method: 'POST',
      url: `/api/vouches/${vouchId}/comments`,
      payload: { comment: 'Nasty' },
    })
    const reportId = (
      await report(receiver, { targetType: 'comment', targetId: comment.json().id, reason: 'Insult' })
    ).json().id
    await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${reportId}/resolve`,
      payload: { action: 'delete-content' },
    })
    expect(await t.db.select().from(vouchComments).where(eq(vouchComments.id, comment.json().id))).toEqual([])
    const [vouch] = await t.db.select().from(vouches).where(eq(vouches.id, vouchId))
    expect(vouch!.commentCount).toBe(0)
  })

  it('suspends the author: sessions end, login answers 403 with the reason; unsuspending lets them in', async () => {
    const [spammer, victim, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    await t.cookieFor(spammer) // a live session that must end
    const profileReport = (
      await report(victim, { targetType: 'profile', targetId: spammer.id, reason: 'Spam account' })
    ).json().id
    const cannotDelete = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${profileReport}/resolve`,
      payload: { action: 'delete-content' },
    })
    expect(cannotDelete.statusCode).toBe(400)
    expect(cannotDelete.json().message).toBe(REPORT_MESSAGES.profileNotDeletable)

    const res = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${profileReport}/resolve`,
      payload: { action: 'suspend-member', note: 'Repeated spam' },
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, spammer.id))).toEqual([])
    const refused = await login(spammer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account has been suspended. Reason: Repeated spam',
    })
    // A wrong password still says only that the login failed.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: spammer.username, password: 'not-the-password' },
    })
    expect(wrong.statusCode).toBe(401)
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, spammer.id))
    expect(audit.map((a) => a.action)).toContain('user.suspend')

    expect(
      (await t.inject(admin, { method: 'POST', url: `/api/admin/users/${spammer.id}/unsuspend` })).json(),
    ).toEqual({ id: spammer.id, suspendedAt: null, suspensionReason: null })
    expect((await login(spammer)).statusCode).toBe(200)
    expect(await lastAudit()).toMatchObject({ action: 'user.unsuspend', targetId: spammer.id })
  })

  it('suspends directly, never an admin or oneself, and refuses a second suspension', async () => {
    const [member, admin, otherAdmin] = [
      await createMember(t.db),
      await createAdmin(t.db),
      await createAdmin(t.db),
    ]
    const suspend = (id: number, reason = 'Harassment') =>
      t.inject(admin, { method: 'POST', url: `/api/admin/users/${id}/suspend`, payload: { reason } })
    expect((await suspend(admin.id)).statusCode).toBe(400)
    expect((await suspend(otherAdmin.id)).json().message).toBe(REPORT_MESSAGES.adminNotSuspendable)
    expect((await suspend(member.id, '')).statusCode).toBe(400)
    const ok = await suspend(member.id)
    expect(ok.json()).toMatchObject({
      id: member.id,
      suspensionReason: 'Harassment',
      suspendedAt: expect.any(String),
    })
    expect((await suspend(member.id)).statusCode).toBe(409)
    // A session made after the fact (e.g. racing the suspension) is not honoured either.
    expect((await t.inject(member, { method: 'GET', url: '/api/user' })).statusCode).toBe(401)
  })

  it('deletes a reported message', async () => {
    const [sender, recipient, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    const sent = await t.inject(sender, {
      method: 'POST',
      url: `/api/connection-requests/${recipient.id}`,
      payload: {},
    })
    await t.inject(recipient, {
      method: 'POST',
      url: `/api/connection-requests/${sent.json().request.id}/accept`,
    })
    const id = (
      await t.inject(sender, {
        method: 'POST',
        url: '/api/messages',
        payload: { recipientId: recipient.id, content: 'Threat' },
      })
    ).json().id as number
    const reportId = (
      await report(recipient, { targetType: 'message', targetId: id, reason: 'Threat' })
    ).json().id
    await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${reportId}/resolve`,
      payload: { action: 'delete-and-suspend' },
    })
    expect(await t.db.select().from(messages).where(eq(messages.id, id))).toEqual([])
    expect((await login(sender)).json().code).toBe('ACCOUNT_SUSPENDED')
  })
})
