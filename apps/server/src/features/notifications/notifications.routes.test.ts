import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberNotificationCounts, notifications, users, vouches } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember } from '../../../test/factories'
import { createNotification } from './notifications.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const list = async (member: Member, query = '') => {
  const res = await t.inject(member, { method: 'GET', url: `/api/notifications${query}` })
  expect(res.statusCode).toBe(200)
  return res.json() as {
    unreadCount: number
    nextCursor: string | null
    notifications: Array<Record<string, unknown> & { id: number; isRead: boolean; type: string }>
  }
}

const notify = (to: Member, from: Member | null, message = 'Something happened') =>
  createNotification(t.db, { userId: to.id, type: 'connection', fromUserId: from?.id ?? null, message })

describe('401 without a session', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['POST', '/api/notifications/1/read'],
    ['POST', '/api/notifications/read-all'],
    ['DELETE', '/api/notifications/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/notifications', () => {
  it('lists the member’s own notifications newest first with the sender and the unread count', async () => {
    const [me, alice, other] = [
      await createMember(t.db),
      await createMember(t.db, { fullName: 'Alice A', profilePicture: '/uploads/a.png' }),
      await createMember(t.db),
    ]
    const first = await notify(me, alice, 'first')
    const second = await notify(me, null, 'second')
    await notify(other, alice, 'not mine')

    const body = await list(me)
    expect(body.unreadCount).toBe(2)
    expect(body.notifications.map((n) => n.message)).toEqual(['second', 'first'])
    expect(body.notifications[1]).toEqual({
      id: first!.id,
      userId: me.id,
      type: 'connection',
      entityId: null,
      fromUserId: alice.id,
      message: 'first',
      isRead: false,
      createdAt: first!.createdAt.toISOString(),
      fromUsername: alice.username,
      fromFullName: 'Alice A',
      fromProfilePicture: '/uploads/a.png',
    })
    expect(body.notifications[0]).toMatchObject({ id: second!.id, fromUserId: null, fromUsername: null })
  })

  it('never notifies a member of their own action', async () => {
    const me = await createMember(t.db)
    expect(await notify(me, me)).toBeNull()
    expect((await list(me)).notifications).toEqual([])
  })

  it('answers the latest 50 while counting every unread one', async () => {
    const [me, alice] = [await createMember(t.db), await createMember(t.db)]
    await t.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        userId: me.id,
        type: 'like' as const,
        fromUserId: alice.id,
        message: `n${i}`,
        createdAt: new Date(Date.now() - (55 - i) * 1000),
      })),
    )
    const body = await list(me)
    expect(body.notifications).toHaveLength(50)
    expect(body.notifications[0]!.message).toBe('n54')
    expect(body.unreadCount).toBe(55)
    expect((await list(me, '?limit=5')).notifications).toHaveLength(5)
    const tooMany = await t.inject(me, { method: 'GET', url: '/api/notifications?limit=51' })
    expect(tooMany.statusCode).toBe(400)
  })

  it('hides the endorser of an anonymous endorsement from everyone but admins', async () => {
    const [endorsed, endorser] = [await createMember(t.db), await createMember(t.db)]
    const admin = await createAdmin(t.db)
    const insertVouch = async (to: Member, isAnonymous: boolean, category: string) => {
      const [row] = await t.db
        .insert(vouches)
        .values({ fromUserId: endorser.id, toUserId: to.id, category, isAnonymous })
        .returning()
      return row!
    }
    const anonymous = await insertVouch(endorsed, true, 'Leadership')
    const open = await insertVouch(endorsed, false, 'Teamwork')
    for (const vouch of [anonymous, open]) {
      await createNotification(t.db, {
        userId: endorsed.id,
        type: 'endorsement',
        entityId: vouch.id,
        fromUserId: endorser.id,
        message: 'You received an endorsement',
      })
    }
    // A like on that endorsement is not anonymous: the liker is shown.
    await createNotification(t.db, {
      userId: endorsed.id,
      type: 'like',
      entityId: anonymous.id,
      fromUserId: endorser.id,
      message: 'Someone liked an endorsement',
    })

    const byEntity = (body: Awaited<ReturnType<typeof list>>, type: string, entityId: number) =>
      body.notifications.find((n) => n.type === type && n.entityId === entityId)!
    const body = await list(endorsed)
    expect(byEntity(body, 'endorsement', anonymous.id)).toMatchObject({
      fromUserId: null,
      fromUsername: null,
      fromFullName: null,
      fromProfilePicture: null,
    })
    expect(JSON.stringify(byEntity(body, 'endorsement', anonymous.id))).not.toContain(endorser.username)
    expect(byEntity(body, 'endorsement', open.id)).toMatchObject({
      fromUserId: endorser.id,
      fromUsername: endorser.username,
    })
    expect(byEntity(body, 'like', anonymous.id)).toMatchObject({ fromUsername: endorser.username })

    // An admin who receives one sees who gave it.
    const toAdmin = await insertVouch(admin, true, 'Creativity')
    await createNotification(t.db, {
      userId: admin.id,
      type: 'endorsement',
      entityId: toAdmin.id,
      fromUserId: endorser.id,
      message: 'You received an endorsement',
    })
    expect((await list(admin)).notifications[0]).toMatchObject({ fromUsername: endorser.username })
  })
})

describe('GET /api/notifications pages and filters', () => {
  /** Fifteen notifications, the three types in turn, all in one second (so the id breaks the ties). */
  async function seed() {
    const [me, alice] = [await createMember(t.db), await createMember(t.db)]
    const types = ['endorsement', 'like', 'comment'] as const
    const at = new Date()
    await t.db.insert(notifications).values(
      Array.from({ length: 15 }, (_, i) => ({
        userId: me.id,
        type: types[i % 3]!,
        fromUserId: alice.id,
        message: `n${i}`,
        createdAt: at,
      })),
    )
    return me
  }

  it('walks every notification once with nextCursor, newest first, ending on null', async () => {
    const me = await seed()
    const seen: string[] = []
    let query = '?limit=4'
    for (let page = 0; page < 10; page++) {
      const body = await list(me, query)
      seen.push(...body.notifications.map((n) => n.message as string))
      expect(body.unreadCount).toBe(15)
      if (!body.nextCursor) break
      query = `?limit=4&cursor=${body.nextCursor}`
    }
    expect(seen).toEqual(Array.from({ length: 15 }, (_, i) => `n${14 - i}`))
    // The last page says so even when it is full.
    const exact = await list(me, '?limit=15')
    expect(exact.notifications).toHaveLength(15)
    expect(exact.nextCursor).toBeNull()
  })

  it('filters by type, pages inside the filter and keeps counting every unread one', async () => {
    const me = await seed()
    const first = await list(me, '?type=like&limit=3')
    expect(first.notifications.map((n) => n.message)).toEqual(['n13', 'n10', 'n7'])
    expect(first.notifications.every((n) => n.type === 'like')).toBe(true)
    expect(first.unreadCount).toBe(15)
    const second = await list(me, `?type=like&limit=3&cursor=${first.nextCursor}`)
    expect(second.notifications.map((n) => n.message)).toEqual(['n4', 'n1'])
    expect(second.nextCursor).toBeNull()
    // "all" and an empty type mean every type; a type nobody sent answers an empty page.
    expect((await list(me, '?type=all')).notifications).toHaveLength(15)
    expect((await list(me, '?type=')).notifications).toHaveLength(15)
    expect(await list(me, '?type=connection')).toMatchObject({ notifications: [], nextCursor: null })
  })

  it('never pages into another member’s notifications', async () => {
    // The other member's are older: a cursor from my list reaches back over all of them.
    const other = await seed()
    const me = await seed()
    const page = await list(me, '?limit=14')
    const rest = await list(other, `?cursor=${page.nextCursor}`)
    expect(rest.notifications).toHaveLength(15)
    expect(rest.notifications.every((n) => n.userId === other.id)).toBe(true)
  })

  it.each([
    ['an unknown type', '?type=likes', 'type'],
    ['a cursor that is not one', '?cursor=not-a-cursor', 'cursor'],
    [
      'a cursor with a bad date',
      `?cursor=${Buffer.from('2025-13-45T99:00:00.000000Z|4').toString('base64url')}`,
      'cursor',
    ],
    [
      'a cursor without an id',
      `?cursor=${Buffer.from('2025-01-01T00:00:00.000000Z|').toString('base64url')}`,
      'cursor',
    ],
    ['a cursor too long', `?cursor=${'a'.repeat(201)}`, 'cursor'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit that is not a number', '?limit=ten', 'limit'],
  ])('answers 400 for %s', async (_, query, field) => {
    const me = await createMember(t.db)
    const res = await t.inject(me, { method: 'GET', url: `/api/notifications${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ field })
  })
})

describe('changing notifications', () => {
  it('marks one read, then all read, then deletes', async () => {
    const [me, alice] = [await createMember(t.db), await createMember(t.db)]
    const a = await notify(me, alice, 'a')
    const b = await notify(me, alice, 'b')
    const c = await notify(me, alice, 'c')

    const one = await t.inject(me, { method: 'POST', url: `/api/notifications/${a!.id}/read` })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual({ success: true })
    let body = await list(me)
    expect(body.unreadCount).toBe(2)
    expect(body.notifications.find((n) => n.id === a!.id)!.isRead).toBe(true)

    // Marking an already read one again is harmless.
    expect((await t.inject(me, { method: 'POST', url: `/api/notifications/${a!.id}/read` })).statusCode).toBe(
      200,
    )

    const all = await t.inject(me, { method: 'POST', url: '/api/notifications/read-all' })
    expect(all.statusCode).toBe(200)
    expect(all.json()).toEqual({ success: true, updated: 2 })
    body = await list(me)
    expect(body.unreadCount).toBe(0)
    expect(body.notifications.every((n) => n.isRead)).toBe(true)
    expect((await t.inject(me, { method: 'POST', url: '/api/notifications/read-all' })).json()).toEqual({
      success: true,
      updated: 0,
    })

    const removed = await t.inject(me, { method: 'DELETE', url: `/api/notifications/${b!.id}` })
    expect(removed.statusCode).toBe(200)
    body = await list(me)
    expect(body.notifications.map((n) => n.id)).toEqual([c!.id, a!.id])
    expect((await t.inject(me, { method: 'DELETE', url: `/api/notifications/${b!.id}` })).statusCode).toBe(
      404,
    )
  })

  it('keeps the unread count equal to a recount through every change, in bulk and by cascade', async () => {
    const [me, alice, bob] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const recount = async (member: Member) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, member.id))).filter(
        (n) => !n.isRead,
      ).length
    const expectCounts = async () => {
      for (const member of [me, alice]) expect((await list(member)).unreadCount).toBe(await recount(member))
    }
    const first = await notify(me, alice)
    await notify(me, bob)
    await notify(alice, me)
    // Many rows in one statement, some born read.
    await t.db.insert(notifications).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: me.id,
        type: 'like' as const,
        fromUserId: i % 2 ? alice.id : bob.id,
        message: 'liked your endorsement',
        isRead: i % 3 === 0,
      })),
    )
    await expectCounts()
    expect((await list(me)).unreadCount).toBe(22)
    // Read, unread again, an update that does not touch isRead, a read one deleted, an unread one deleted.
    await t.inject(me, { method: 'POST', url: `/api/notifications/${first!.id}/read` })
    await t.db.update(notifications).set({ isRead: false }).where(eq(notifications.id, first!.id))
    await t.db.update(notifications).set({ message: 'edited' }).where(eq(notifications.userId, me.id))
    await expectCounts()
    await t.inject(me, { method: 'DELETE', url: `/api/notifications/${first!.id}` })
    await expectCounts()
    // The sender's account goes: their notifications to others go with it, and so does their count.
    await t.db.delete(users).where(eq(users.id, bob.id))
    await expectCounts()
    expect((await list(me)).unreadCount).toBe(10)
    await t.inject(me, { method: 'POST', url: '/api/notifications/read-all' })
    expect((await list(me)).unreadCount).toBe(0)
    await t.db.delete(users).where(eq(users.id, me.id))
    expect(
      await t.db.select().from(memberNotificationCounts).where(eq(memberNotificationCounts.userId, me.id)),
    ).toEqual([])
    expect((await list(alice)).unreadCount).toBe(0)
  })

  it('answers 404 when a member reads, marks or deletes someone else’s notification', async () => {
    const [owner, stranger] = [await createMember(t.db), await createMember(t.db)]
    const mine = await notify(owner, stranger, 'private')

    const read = await t.inject(stranger, { method: 'POST', url: `/api/notifications/${mine!.id}/read` })
    expect(read.statusCode).toBe(404)
    expect(read.json()).toEqual({ code: 'NOT_FOUND', message: 'Notification not found' })
    expect(
      (await t.inject(stranger, { method: 'DELETE', url: `/api/notifications/${mine!.id}` })).statusCode,
    ).toBe(404)
    // Mark all read only touches the caller's own.
    await t.inject(stranger, { method: 'POST', url: '/api/notifications/read-all' })
    expect((await list(stranger)).notifications).toEqual([])

    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, mine!.id))
    expect(row).toMatchObject({ isRead: false })
    expect((await list(owner)).unreadCount).toBe(1)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const me = await createMember(t.db)
    expect((await t.inject(me, { method: 'POST', url: '/api/notifications/999999/read' })).statusCode).toBe(
      404,
    )
    expect((await t.inject(me, { method: 'DELETE', url: '/api/notifications/nope' })).statusCode).toBe(400)
  })
})
