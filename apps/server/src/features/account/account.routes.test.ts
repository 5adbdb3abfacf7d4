import { ACCOUNT_MESSAGES } from '@vouched/shared/account'
import { PASSWORD_MESSAGES } from '@vouched/shared/password-policy'
import { asc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  blocks,
  connectionRequests,
  endorsementRequests,
  conversations,
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  messages,
  notificationMails,
  notificationPreferences,
  notifications,
  reports,
  sessions,
  uploads,
  users,
  vouchComments,
  vouches,
  vouchLikes,
} from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, DEFAULT_PASSWORD, endorse } from '../../../test/factories'
import { makeImage, multipart } from '../../../test/multipart'
import { recomputeHashtagCounts, recomputeMemberStats } from '../endorsements/endorsements.recompute.service'
import { sendNotificationMails } from '../notifications/notifications.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const connect = async (a: Member, b: Member) => {
  const sent = await t.inject(a, { method: 'POST', url: `/api/connection-requests/${b.id}`, payload: {} })
  await t.inject(b, { method: 'POST', url: `/api/connection-requests/${sent.json().request.id}/accept` })
}
const message = (from: Member, to: Member, content: string) =>
  t.inject(from, { method: 'POST', url: '/api/messages', payload: { recipientId: to.id, content } })

/**
 * A member with a row in every table that can hold one: endorsements given and received (one
 * anonymous, one reciprocal), comments, likes, a connection, pending requests both ways, a
 * conversation, notifications, a report, a block, an upload, preferences and activity.
 */
async function richWorld() {
  const me = await createMember(t.db, { isEmailVerified: true, workEmail: 'me@acme.example' })
  const [friend, fan, stranger, asker, pest, secret] = await Promise.all(
    Array.from({ length: 6 }, () => createMember(t.db)),
  )
  const upload = await t.inject(me, {
    method: 'POST',
    url: '/api/vouches/attachments',
    ...multipart({
      field: 'file',
      fileName: 'p.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    }),
  })
  const given = (
    await endorse(t, me, friend!, {
      category: 'Leadership',
      note: 'Sharp',
      contentUrl: upload.json().contentUrl,
      hashtags: ['Vision'],
    })
  ).id
  await endorse(t, me, fan!, { category: 'Teamwork', hashtags: ['Care'] })
  const received = (
    await endorse(t, friend!, me, {
      category: 'Leadership',
      note: 'Thanks',
      hashtags: ['Vision'],
    })
  ).id
  await endorse(t, fan!, me, { category: 'Teamwork', hashtags: ['Care'] }) // reciprocal with mine
  await endorse(t, secret!, me, { category: 'Creativity', isAnonymous: true })
  await endorse(t, pest!, me, { category: 'Other' })
  await t.inject(me, { method: 'POST', url: `/api/vouches/${received}/likes` })
  await t.inject(fan!, { method: 'POST', url: `/api/vouches/${given}/likes` })
  await t.inject(me, {
    method: 'POST',
    url: `/api/vouches/${given}/comments`,
    payload: { comment: 'Well deserved' },
  })
  await t.inject(fan!, {
    method: 'POST',
    url: `/api/vouches/${received}/comments`,
    payload: { comment: 'Agreed' },
  })
  await connect(me, friend!)
  for (const [from, to] of [
    [me, friend!],
    [friend!, me],
  ] as const) {
    await t.inject(from, {
      method: 'POST',
      url: '/api/endorsement-requests',
      payload: { toUserId: to.id, hashtags: ['Vision'], message: 'Please' },
    })
  }
  await t.inject(asker!, {
    method: 'POST',
    url: `/api/connection-requests/${me.id}`,
    payload: { message: 'Hi' },
  })
  await t.inject(me, { method: 'POST', url: `/api/connection-requests/${stranger!.id}`, payload: {} })
  await message(me, friend!, 'Hello friend')
  await message(friend!, me, 'Hello back')
  await t.inject(me, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetType: 'profile', targetId: pest!.id, reason: 'Spam' },
  })
  await t.inject(me, { method: 'POST', url: `/api/blocks/${pest!.id}` })
  await t.inject(me, {
    method: 'PUT',
    url: '/api/account/notification-preferences',
    payload: { preferences: [{ type: 'like', inApp: true, email: true }] },
  })
  return { me, others: [friend!, fan!, stranger!, asker!, pest!, secret!] }
}

describe('401 without a session', () => {
  it.each([
    ['GET', '/api/account/export'],
    ['POST', '/api/account/password'],
    ['DELETE', '/api/account'],
    ['GET', '/api/account/notification-preferences'],
    ['PUT', '/api/account/notification-preferences'],
  ] as const)('%s %s answers 401', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401)
  })
})

describe('colour scheme', () => {
  const settings = (member: Member) => t.inject(member, { method: 'GET', url: '/api/account/settings' })
  const patch = (member: Member, payload: Record<string, unknown>) =>
    t.inject(member, { method: 'PATCH', url: '/api/account/settings', payload })

  it('is null until the member picks one, then kept per member', async () => {
    const [ana, ben] = await Promise.all([createMember(t.db), createMember(t.db)])
    expect((await settings(ana)).json()).toEqual({
      reviewEndorsements: false,
      colorScheme: null,
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })

    const saved = await patch(ana, { colorScheme: 'dark' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      reviewEndorsements: false,
      colorScheme: 'dark',
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await settings(ana)).json().colorScheme).toBe('dark')
    // Another member's choice is their own.
    expect((await settings(ben)).json().colorScheme).toBeNull()

    // Saving one setting leaves the other as it was, both ways.
    await patch(ana, { reviewEndorsements: true })
    expect((await settings(ana)).json()).toEqual({
      reviewEndorsements: true,
      colorScheme: 'dark',
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    await patch(ana, { colorScheme: 'system' })
    expect((await settings(ana)).json()).toEqual({
      reviewEndorsements: true,
      colorScheme: 'system',
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })

    // null hands the choice back to each device.
    expect((await patch(ana, { colorScheme: null })).json().colorScheme).toBeNull()
    const [row] = await t.db
      .select({ colorScheme: users.colorScheme })
      .from(users)
      .where(eq(users.id, ana.id))
    expect(row?.colorScheme).toBeNull()
  })

  it.each([['sepia'], [''], [1], [true], ['DARK']])('refuses colorScheme %j with 400', async (value) => {
    const ana = await createMember(t.db)
    const res = await patch(ana, { colorScheme: value as unknown })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'colorScheme',
      message: 'colorScheme must be one of system, light, dark',
    })
    expect((await settings(ana)).json().colorScheme).toBeNull()
  })

  it('travels in the data export', async () => {
    const ana = await createMember(t.db)
    await patch(ana, { colorScheme: 'light' })
    const archive = (await t.inject(ana, { method: 'GET', url: '/api/account/export' })).json()
    expect(archive.settings).toEqual({
      reviewEndorsements: false,
      colorScheme: 'light',
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
  })
})

describe('data export', () => {
  it("carries the member's medal and public endorsement credentials, each verifiable", async () => {
    const [me, named, secret, hiddenOne] = await Promise.all(
      Array.from({ length: 4 }, () => createMember(t.db)),
    )
    const shown = await endorse(t, named!, me!, { category: 'Leadership', note: 'Ran the launch' })
    await endorse(t, secret!, me!, { category: 'Creativity', isAnonymous: true })
    const hidden = await endorse(t, hiddenOne!, me!, { category: 'Teamwork' })
    expect((await t.inject(me!, { method: 'POST', url: `/api/vouches/${hidden.id}/hide` })).statusCode).toBe(
      200,
    )
    // A medal: ten members name the same skill (bronze at 10).
    for (let i = 0; i < 10; i += 1) {
      await endorse(t, await createMember(t.db), me!, { category: 'Teamwork', hashtags: ['Kotlin'] })
    }
    const given = await endorse(t, me!, named!, { category: 'Initiative' })
    await t.settle()

    const res = await t.inject(me!, { method: 'GET', url: '/api/account/export' })
    expect(res.statusCode, res.body).toBe(200)
    const { credentials } = res.json<{
      credentials: { medals: Record<string, unknown>[]; endorsements: Record<string, unknown>[] }
    }>()
    expect(credentials.medals).toHaveLength(1)
    expect(credentials.medals[0]).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: 'Bronze medal in #Kotlin',
    })
    // Received, named and shown only: not the anonymous one, not the hidden one, not the one given.
    const endorsementIds = credentials.endorsements.map((c) => c.id)
    expect(credentials.endorsements).toHaveLength(11)
    const shownCredential = (
      await t.inject(me!, { method: 'GET', url: `/api/credentials/vouches/${shown.id}` })
    ).json<{ id: string }>()
    expect(endorsementIds).toContain(shownCredential.id)
    const credentialOf = (id: number) =>
      t.inject(me!, { method: 'GET', url: `/api/credentials/vouches/${id}` })
    expect((await credentialOf(hidden.id)).statusCode).toBe(404)
    const givenCredential = await credentialOf(given.id)
    expect(givenCredential.statusCode).toBe(200)
    expect(endorsementIds).not.toContain(givenCredential.json().id)
    expect(JSON.stringify(credentials)).not.toContain(secret!.username)
    expect(JSON.stringify(credentials)).not.toContain(hiddenOne!.username)

    for (const credential of [...credentials.medals, credentials.endorsements[0]!]) {
      const verdict = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        payload: credential,
      })
      expect(verdict.json()).toMatchObject({ valid: true, revoked: false })
    }
  })

  it('holds the review setting, waiting endorsements both ways, and relationship and level', async () => {
    const [me, reviewer, fan, secretFan] = await Promise.all(
      Array.from({ length: 4 }, () => createMember(t.db)),
    )
    for (const member of [me!, reviewer!]) {
      const res = await t.inject(member, {
        method: 'PATCH',
        url: '/api/account/settings',
        payload: { reviewEndorsements: true },
      })
      expect(res.statusCode).toBe(200)
    }
    // Waiting: one I gave (the reviewer reviews), one I received named, one I received anonymously.
    await endorse(t, me!, reviewer!, {
      category: 'Leadership',
      relationship: 'managed-them',
      level: 'expert',
    })
    await endorse(t, fan!, me!, { category: 'Teamwork', hashtags: ['Care'], relationship: 'client' })
    await endorse(t, secretFan!, me!, { category: 'Creativity', isAnonymous: true })

    const res = await t.inject(me!, { method: 'GET', url: '/api/account/export' })
    expect(res.statusCode).toBe(200)
    const archive = res.json()
    expect(archive.settings).toEqual({
      reviewEndorsements: true,
      colorScheme: null,
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect(archive.endorsementsGiven).toEqual([])
    expect(archive.pendingEndorsements).toEqual([
      expect.objectContaining({
        direction: 'given',
        user: expect.objectContaining({ id: reviewer!.id }),
        category: 'Leadership',
        relationship: 'managed-them',
        level: 'expert',
      }),
      expect.objectContaining({
        direction: 'received',
        user: expect.objectContaining({ id: fan!.id }),
        hashtags: ['Care'],
        relationship: 'client',
        level: null,
      }),
      expect.objectContaining({ direction: 'received', user: null, isAnonymous: true }),
    ])
    // The anonymous giver is named nowhere in the receiver's archive.
    expect(res.body).not.toContain(secretFan!.username)
  })

  it('holds every row of the member in every table, and nothing private of anyone else', async () => {
    const { me, others } = await richWorld()
    const res = await t.inject(me, { method: 'GET', url: '/api/account/export' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="vouched-data-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    )
    const archive = res.json()
    const count = async (table: PgTable, where: SQL | undefined) =>
      Number(
        (
          await t.db
            .select({ n: sql<number>`count(*)::int` })
            .from(table)
            .where(where)
        )[0]!.n,
      )

    expect(archive.profile).toMatchObject({ id: me.id, email: me.email, workEmail: 'me@acme.example' })
    expect(archive.endorsementsGiven).toHaveLength(await count(vouches, eq(vouches.fromUserId, me.id)))
    expect(archive.endorsementsReceived).toHaveLength(await count(vouches, eq(vouches.toUserId, me.id)))
    expect(archive.endorsementsGiven).toHaveLength(2)
    expect(archive.endorsementsReceived).toHaveLength(4)
    expect(archive.comments).toHaveLength(await count(vouchComments, eq(vouchComments.userId, me.id)))
    expect(archive.likes).toHaveLength(await count(vouchLikes, eq(vouchLikes.userId, me.id)))
    expect(archive.connectionRequests).toHaveLength(
      await count(
        connectionRequests,
        or(eq(connectionRequests.fromUserId, me.id), eq(connectionRequests.toUserId, me.id)),
      ),
    )
    expect(archive.connectionRequests).toHaveLength(3)
    expect(archive.endorsementRequests).toHaveLength(
      await count(
        endorsementRequests,
        or(eq(endorsementRequests.fromUserId, me.id), eq(endorsementRequests.toUserId, me.id)),
      ),
    )
    expect(archive.endorsementRequests.map((r: { direction: string }) => r.direction)).toEqual([
      'sent',
      'received',
    ])
    expect(archive.connections).toEqual([
      {
        user: { id: others[0]!.id, username: others[0]!.username, fullName: others[0]!.fullName },
        connectedAt: expect.any(String),
      },
    ])
    expect(archive.conversations).toHaveLength(
      await count(conversations, or(eq(conversations.user1Id, me.id), eq(conversations.user2Id, me.id))),
    )
    expect(archive.conversations[0].messages.map((m: { content: string }) => m.content)).toEqual([
      'Hello friend',
      'Hello back',
    ])
    expect(archive.notifications).toHaveLength(await count(notifications, eq(notifications.userId, me.id)))
    expect(archive.notifications.length).toBeGreaterThan(3)
    expect(archive.reports).toHaveLength(await count(reports, eq(reports.reporterId, me.id)))
    expect(archive.reports).toHaveLength(1)
    expect(archive.blocks).toEqual([
      { user: expect.objectContaining({ id: others[4]!.id }), createdAt: expect.any(String) },
    ])
    expect(archive.uploads).toHaveLength(await count(uploads, eq(uploads.userId, me.id)))
    expect(archive.uploads).toHaveLength(1)
    expect(archive.activity).toHaveLength(
      await count(memberDailyActivity, eq(memberDailyActivity.userId, me.id)),
    )
    expect(archive.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    expect(archive.notificationPreferences).toContainEqual({ type: 'like', inApp: true, email: true })
    expect(archive.medals).toHaveLength(await count(medals, eq(medals.userId, me.id)))

    // The anonymous giver stays anonymous, the block's hiding is visible, the reciprocal one is there.
    const anonymous = archive.endorsementsReceived.find(
      (e: { category: string }) => e.category === 'Creativity',
    )
    expect(anonymous).toMatchObject({ isAnonymous: true, fromUser: null })
    expect(
      archive.endorsementsReceived.find((e: { category: string }) => e.category === 'Other'),
    ).toMatchObject({
      hiddenByBlock: true,
    })
    const text = res.body
    for (const other of others) expect(text).not.toContain(other.email)
    // The anonymous giver is named nowhere (not even by a notification's sender).
    expect(text).not.toContain(others[5]!.username)
  })
})

describe('password change', () => {
  it('checks the current password, then signs out every other session', async () => {
    const me = await createMember(t.db)
    const otherSession = await t.cookieFor(me)
    const change = (payload: Record<string, unknown>) =>
      t.inject(me, { method: 'POST', url: '/api/account/password', payload })
    const wrong = await change({
      currentPassword: 'nope-nope',
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      field: 'currentPassword',
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
    })
    const mismatch = await change({
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'brand-new-1',
      confirmPassword: 'other-1',
    })
    expect(mismatch.json().field).toBe('confirmPassword')
    const short = await change({
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'abc',
      confirmPassword: 'abc',
    })
    expect(short.json().field).toBe('newPassword')

    const cookie = await t.cookieFor(me)
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'brand-new-1',
        confirmPassword: 'brand-new-1',
      },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged)
    // This session stays, the other one is gone, and the new password signs in.
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      200,
    )
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: otherSession } })).statusCode,
    ).toBe(401)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: me.username, password: 'brand-new-1' },
    })
    expect(login.statusCode).toBe(200)
  })
})

describe('password change rules', () => {
  it('refuses a common new password, and one holding the username or the email', async () => {
    const me = await createMember(t.db, { email: `grace.${Date.now()}@example.com` })
    const change = (newPassword: string) =>
      t.inject(me, {
        method: 'POST',
        url: '/api/account/password',
        payload: { currentPassword: DEFAULT_PASSWORD, newPassword, confirmPassword: newPassword },
      })
    const local = me.email.split('@')[0]!
    for (const [newPassword, message] of [
      ['iloveyou2', PASSWORD_MESSAGES.common],
      ['      ', PASSWORD_MESSAGES.blank],
      [`${me.username}-2024`, PASSWORD_MESSAGES.containsUsername],
      [`${local.toUpperCase()}!`, PASSWORD_MESSAGES.containsEmail],
    ] as const) {
      const res = await change(newPassword)
      expect(res.statusCode, newPassword).toBe(400)
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'newPassword', message })
    }
    // None of them was stored: the old password still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: me.username, password: DEFAULT_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
  })
})

describe('notification preferences', () => {
  it('default to in-app on and email off; in-app off writes nothing; email on mails each event', async () => {
    const [me, fan] = [await createMember(t.db), await createMember(t.db)]
    const prefs = await t.inject(me, { method: 'GET', url: '/api/account/notification-preferences' })
    expect(prefs.json().preferences).toEqual([
      { type: 'endorsement', inApp: true, email: false },
      { type: 'like', inApp: true, email: false },
      { type: 'comment', inApp: true, email: false },
      { type: 'connection', inApp: true, email: false },
    ])
    const bad = await t.inject(me, {
      method: 'PUT',
      url: '/api/account/notification-preferences',
      payload: { preferences: [{ type: 'weather', inApp: true, email: true }] },
    })
    expect(bad.statusCode).toBe(400)
    const saved = await t.inject(me, {
      method: 'PUT',
      url: '/api/account/notification-preferences',
      payload: {
        preferences: [
          { type: 'endorsement', inApp: false, email: true },
          { type: 'connection', inApp: false, email: false },
        ],
      },
    })
    expect(saved.json().preferences).toContainEqual({ type: 'endorsement', inApp: false, email: true })

    await sendNotificationMails(t.db, t.app.mailer, t.config) // an empty queue sends nothing
    const mailsBefore = (await t.outbox()).length
    await endorse(t, fan, me, { category: 'Teamwork' })
    await t.inject(fan, { method: 'POST', url: `/api/connection-requests/${me.id}`, payload: {} })
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, me.id))).toEqual([])
    expect(await sendNotificationMails(t.db, t.app.mailer, t.config)).toBe(1)
    const mails = (await t.outbox()).slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`To: ${me.email}`)
    expect(mails[0]).toContain('Subject: Vouched: You received a new endorsement')
    // The account email was never proven: nothing a member wrote goes to it, names included.
    expect(mails[0]).not.toContain(fan.fullName!)
    expect(mails[0]).not.toContain(me.fullName!)
    expect(mails[0]).toContain('http://localhost:3000/settings')
    expect(await t.db.select().from(notificationMails)).toEqual([])
  })
})

describe('account deletion', () => {
  it('refuses a wrong or missing password and admins', async () => {
    const [me, admin] = [await createMember(t.db), await createAdmin(t.db)]
    const wrong = await t.inject(me, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'wrong-one' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ field: 'password', message: ACCOUNT_MESSAGES.passwordWrong })
    expect((await t.inject(me, { method: 'DELETE', url: '/api/account', payload: {} })).statusCode).toBe(400)
    const adminRes = await t.inject(admin, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(adminRes.statusCode).toBe(400)
    expect(await t.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1)
  })

  it('deletes every row of the member, ends the session, and leaves others’ counters exact', async () => {
    await t.reset()
    const { me, others } = await richWorld()
    await t.inject(others[1]!, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'profile', targetId: me.id, reason: 'Test' },
    })
    const cookie = await t.cookieFor(me)
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie },
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.deleted)
    expect(res.headers['set-cookie']).toMatch(/vouched_session=;/)
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      401,
    )

    const leftovers = {
      users: await t.db.select().from(users).where(eq(users.id, me.id)),
      vouches: await t.db
        .select()
        .from(vouches)
        .where(or(eq(vouches.fromUserId, me.id), eq(vouches.toUserId, me.id))),
      likes: await t.db.select().from(vouchLikes).where(eq(vouchLikes.userId, me.id)),
      comments: await t.db.select().from(vouchComments).where(eq(vouchComments.userId, me.id)),
      requests: await t.db
        .select()
        .from(connectionRequests)
        .where(or(eq(connectionRequests.fromUserId, me.id), eq(connectionRequests.toUserId, me.id))),
      conversations: await t.db
        .select()
        .from(conversations)
        .where(or(eq(conversations.user1Id, me.id), eq(conversations.user2Id, me.id))),
      messages: await t.db
        .select()
        .from(messages)
        .where(or(eq(messages.senderId, me.id), eq(messages.recipientId, me.id))),
      notifications: await t.db
        .select()
        .from(notifications)
        .where(or(eq(notifications.userId, me.id), eq(notifications.fromUserId, me.id))),
      reports: await t.db
        .select()
        .from(reports)
        .where(or(eq(reports.reporterId, me.id), eq(reports.targetUserId, me.id))),
      blocks: await t.db
        .select()
        .from(blocks)
        .where(or(eq(blocks.blockerId, me.id), eq(blocks.blockedId, me.id))),
      uploads: await t.db.select().from(uploads).where(eq(uploads.userId, me.id)),
      sessions: await t.db.select().from(sessions).where(eq(sessions.userId, me.id)),
      preferences: await t.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, me.id)),
      activity: await t.db.select().from(memberDailyActivity).where(eq(memberDailyActivity.userId, me.id)),
      stats: await t.db.select().from(memberCategoryStats).where(eq(memberCategoryStats.userId, me.id)),
      tags: await t.db.select().from(memberHashtags).where(eq(memberHashtags.userId, me.id)),
      medals: await t.db.select().from(medals).where(eq(medals.userId, me.id)),
    }
    for (const rows of Object.values(leftovers)) expect(rows).toEqual([])

    const snapshot = async () => ({
      users: await t.db
        .select({ id: users.id, score: users.reputationScore, count: users.vouchCount })
        .from(users)
        .orderBy(asc(users.id)),
      stats: await t.db
        .select()
        .from(memberCategoryStats)
        .orderBy(asc(memberCategoryStats.userId), asc(memberCategoryStats.category)),
      tags: await t.db
        .select()
        .from(memberHashtags)
        .orderBy(asc(memberHashtags.userId), asc(memberHashtags.hashtagId)),
      categoryTags: await t.db
        .select()
        .from(memberCategoryHashtags)
        .orderBy(
          asc(memberCategoryHashtags.userId),
          asc(memberCategoryHashtags.category),
          asc(memberCategoryHashtags.hashtagId),
        ),
      hashtags: await t.db.select().from(hashtags).orderBy(asc(hashtags.id)),
      vouches: await t.db
        .select({ id: vouches.id, likes: vouches.likeCount, comments: vouches.commentCount })
        .from(vouches)
        .orderBy(asc(vouches.id)),
      activity: await t.db
        .select()
        .from(memberDailyActivity)
        .orderBy(asc(memberDailyActivity.userId), asc(memberDailyActivity.day)),
    })
    const before = await snapshot()
    // friend's reciprocal-free Leadership endorsement from me is gone with its points.
    expect(before.users.find((u) => u.id === others[0]!.id)).toMatchObject({ score: 0, count: 0 })
    for (const { id } of await t.db.select({ id: users.id }).from(users)) await recomputeMemberStats(t.db, id)
    await recomputeHashtagCounts(t.db)
    expect(await snapshot()).toEqual(before)
  })
})
