import { CONNECTION_MESSAGES } from '@vouched/shared/connections'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionRequests, notifications } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import { areConnected } from './connections.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const send = (from: Member, to: { id: number }, payload?: unknown) =>
  t.inject(from, {
    method: 'POST',
    url: `/api/connection-requests/${to.id}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
const act = (member: Member, id: number, action: 'accept' | 'reject') =>
  t.inject(member, { method: 'POST', url: `/api/connection-requests/${id}/${action}` })
const cancel = (member: Member, id: number) =>
  t.inject(member, { method: 'DELETE', url: `/api/connection-requests/${id}` })
const pending = async (member: Member) =>
  (await t.inject(member, { method: 'GET', url: '/api/connection-requests/pending' })).json().requests
const sent = async (member: Member) =>
  (await t.inject(member, { method: 'GET', url: '/api/connection-requests/sent' })).json().requests
const connectionsOf = async (viewer: Member, of: { id: number }) =>
  (await t.inject(viewer, { method: 'GET', url: `/api/connections/${of.id}` })).json().connections
const check = async (viewer: Member, of: { id: number }) =>
  (await t.inject(viewer, { method: 'GET', url: `/api/connections/${of.id}?checkConnection=true` })).json()
const connectionNotifications = (userId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'connection')))

describe('401 without a session', () => {
  it.each([
    ['GET', '/api/connection-requests/pending'],
    ['GET', '/api/connection-requests/sent'],
    ['POST', '/api/connection-requests/1'],
    ['POST', '/api/connection-requests/1/accept'],
    ['POST', '/api/connection-requests/1/reject'],
    ['DELETE', '/api/connection-requests/1'],
    ['GET', '/api/connections/1'],
    ['GET', '/api/connections/1?checkConnection=true'],
    ['DELETE', '/api/connections/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})

describe('the connection lifecycle', () => {
  it('request → accept → connected both ways → remove', async () => {
    const alice = await createMember(t.db, { fullName: 'Alice Martin', isEmailVerified: true })
    const bob = await createMember(t.db, { fullName: 'Bob Stone', profilePicture: '/uploads/bob.png' })

    const created = await send(alice, bob, { message: '  Met you at the conference  ' })
    expect(created.statusCode).toBe(201)
    const request = created.json().request
    expect(request).toMatchObject({
      fromUserId: alice.id,
      toUserId: bob.id,
      status: 'pending',
      message: 'Met you at the conference',
      fromUsername: alice.username,
      fromFullName: 'Alice Martin',
      fromProfilePicture: null,
      fromUser: { id: alice.id, username: alice.username, fullName: 'Alice Martin', isVerified: true },
      toUser: { id: bob.id, username: bob.username, profilePicture: '/uploads/bob.png', isVerified: false },
    })
    expect(new Date(request.createdAt).toISOString()).toBe(request.createdAt)

    // The recipient sees it pending, the sender sees it sent; strangers see neither.
    const bobPending = await pending(bob)
    expect(bobPending).toHaveLength(1)
    expect(bobPending[0]).toMatchObject({
      id: request.id,
      fromUsername: alice.username,
      message: request.message,
    })
    expect(JSON.stringify(bobPending)).not.toContain('email')
    expect(await pending(alice)).toEqual([])
    expect((await sent(alice)).map((r: { id: number }) => r.id)).toEqual([request.id])
    expect(await sent(bob)).toEqual([])

    expect(await check(alice, bob)).toEqual({
      isConnected: false,
      status: 'pending-sent',
      requestId: request.id,
    })
    expect(await check(bob, alice)).toEqual({
      isConnected: false,
      status: 'pending-received',
      requestId: request.id,
    })

    // Bob was notified of the request.
    const [requestNote] = await connectionNotifications(bob.id)
    expect(requestNote).toMatchObject({ fromUserId: alice.id, entityId: request.id, isRead: false })
    expect(requestNote!.message).toBe('Alice Martin sent you a connection request')

    const accepted = await act(bob, request.id, 'accept')
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ success: true, request: { id: request.id, status: 'accepted' } })

    // Alice was notified of the acceptance.
    const [acceptNote] = await connectionNotifications(alice.id)
    expect(acceptNote).toMatchObject({ fromUserId: bob.id, entityId: request.id })
    expect(acceptNote!.message).toBe('Bob Stone accepted your connection request')

    expect(await pending(bob)).toEqual([])
    expect(await sent(alice)).toEqual([])
    expect(await check(alice, bob)).toEqual({ isConnected: true, status: 'connected', requestId: request.id })
    expect(await check(bob, alice)).toMatchObject({ isConnected: true, status: 'connected' })
    expect(await areConnected(t.db, alice.id, bob.id)).toBe(true)
    expect(await areConnected(t.db, bob.id, alice.id)).toBe(true)

    const aliceConnections = await connectionsOf(alice, alice)
    expect(aliceConnections).toEqual([
      {
        id: bob.id,
        username: bob.username,
        fullName: 'Bob Stone',
        profilePicture: '/uploads/bob.png',
        isVerified: false,
        reputationScore: 0,
        title: null,
        connectedAt: expect.any(String),
      },
    ])
    expect((await connectionsOf(bob, bob)).map((c: { id: number }) => c.id)).toEqual([alice.id])
    // Any signed-in member may read someone's connections.
    const carol = await createMember(t.db)
    expect((await connectionsOf(carol, alice)).map((c: { id: number }) => c.id)).toEqual([bob.id])

    // A stranger cannot remove someone else's connection: they are not connected to either side.
    expect(
      (await t.inject(carol, { method: 'DELETE', url: `/api/connections/${alice.id}` })).statusCode,
    ).toBe(404)

    const removed = await t.inject(bob, { method: 'DELETE', url: `/api/connections/${alice.id}` })
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ success: true })
    expect(await connectionsOf(alice, alice)).toEqual([])
    expect(await connectionsOf(bob, bob)).toEqual([])
    expect(await check(alice, bob)).toEqual({ isConnected: false, status: 'none', requestId: null })
    expect(await areConnected(t.db, alice.id, bob.id)).toBe(false)

    // Removing twice: nothing left to remove.
    const again = await t.inject(alice, { method: 'DELETE', url: `/api/connections/${bob.id}` })
    expect(again.statusCode).toBe(404)

    // After a removal either side may ask again.
    expect((await send(bob, alice)).statusCode).toBe(201)
  })

  it('request → reject: nobody is connected and the sender waits 30 days', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const request = (await send(alice, bob)).json().request
    expect(request.message).toBeNull()

    const rejected = await act(bob, request.id, 'reject')
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json().request).toMatchObject({ id: request.id, status: 'rejected' })
    expect(await pending(bob)).toEqual([])
    expect(await sent(alice)).toEqual([])
    expect(await check(alice, bob)).toMatchObject({ isConnected: false, status: 'none' })
    // The sender is not told about a rejection.
    expect(await connectionNotifications(alice.id)).toEqual([])

    // Answering twice is a conflict.
    expect((await act(bob, request.id, 'accept')).statusCode).toBe(409)

    const tooSoon = await send(alice, bob)
    expect(tooSoon.statusCode).toBe(409)
    expect(tooSoon.json().code).toBe('REQUEST_DECLINED_RECENTLY')
    const retryAt = new Date(Date.now() + 30 * 86_400_000)
    const expectedDate = retryAt.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    })
    expect(tooSoon.json().message).toBe(CONNECTION_MESSAGES.retryAfter(expectedDate))

    // The member who declined may still ask the other way round.
    const reverse = await send(bob, alice)
    expect(reverse.statusCode).toBe(201)
    expect((await cancel(bob, reverse.json().request.id)).statusCode).toBe(200)

    // Thirty-one days later the sender may ask again.
    await t.db
      .update(connectionRequests)
      .set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(connectionRequests.id, request.id))
    expect((await send(alice, bob)).statusCode).toBe(201)
  })

  it('request → cancel: the request disappears and may be sent again', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const request = (await send(alice, bob)).json().request

    // Only the sender cancels.
    const byRecipient = await cancel(bob, request.id)
    expect(byRecipient.statusCode).toBe(403)
    expect(byRecipient.json()).toMatchObject({ code: 'FORBIDDEN', message: CONNECTION_MESSAGES.onlySender })

    const canceled = await cancel(alice, request.id)
    expect(canceled.statusCode).toBe(200)
    expect(canceled.json()).toEqual({ success: true })
    expect(await pending(bob)).toEqual([])
    expect(await sent(alice)).toEqual([])
    expect((await cancel(alice, request.id)).statusCode).toBe(404)
    expect((await act(bob, request.id, 'accept')).statusCode).toBe(404)

    expect((await send(alice, bob)).statusCode).toBe(201)
  })
})

describe('conflicts and validation', () => {
  it('answers 409 to a duplicate and to a reverse duplicate', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    expect((await send(alice, bob)).statusCode).toBe(201)

    const duplicate = await send(alice, bob)
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({ code: 'REQUEST_PENDING', message: CONNECTION_MESSAGES.alreadyPending })

    const reverse = await send(bob, alice)
    expect(reverse.statusCode).toBe(409)
    expect(reverse.json()).toEqual({
      code: 'REQUEST_PENDING_FROM_THEM',
      message: CONNECTION_MESSAGES.reversePending,
    })
    expect(await pending(bob)).toHaveLength(1)
  })

  it('answers 409 to a request between connected members, in both directions', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const request = (await send(alice, bob)).json().request
    await act(bob, request.id, 'accept')
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const res = await send(from, to)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'ALREADY_CONNECTED',
        message: CONNECTION_MESSAGES.alreadyConnected,
      })
    }
  })

  it('answers 409 when two requests for one pair race each other', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const results = await Promise.all([send(alice, bob), send(bob, alice), send(alice, bob)])
    const codes = results.map((r) => r.statusCode).sort()
    expect(codes).toEqual([201, 409, 409])
    const live = await t.db
      .select()
      .from(connectionRequests)
      .where(eq(connectionRequests.status, 'pending'))
      .then((rows) => rows.filter((r) => [alice.id, bob.id].includes(r.fromUserId)))
    expect(live).toHaveLength(1)
  })

  it('refuses a request to oneself (400) and to an unknown member (404)', async () => {
    const alice = await createMember(t.db)
    const self = await send(alice, alice)
    expect(self.statusCode).toBe(400)
    expect(self.json()).toEqual({ code: 'SELF_CONNECTION', message: CONNECTION_MESSAGES.self })
    const unknown = await send(alice, { id: 999_999 })
    expect(unknown.statusCode).toBe(404)
  })

  it('refuses a message over 500 characters with the message of the spec', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const res = await send(alice, bob, { message: 'x'.repeat(501) })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'message',
      message: 'Message must be less than 500 characters',
    })
    const ok = await send(alice, bob, { message: 'x'.repeat(500) })
    expect(ok.statusCode).toBe(201)
  })

  it('treats a blank or null message as no message', async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    expect((await send(alice, bob, { message: '   ' })).json().request.message).toBeNull()
    expect((await send(alice, carol, { message: null })).json().request.message).toBeNull()
  })

  it('answers 400 to a malformed id', async () => {
    const alice = await createMember(t.db)
    expect((await t.inject(alice, { method: 'POST', url: '/api/connection-requests/abc' })).statusCode).toBe(
      400,
    )
    expect((await t.inject(alice, { method: 'GET', url: '/api/connections/0' })).statusCode).toBe(400)
  })
})

describe('permissions', () => {
  it('lets only the recipient accept or reject (403), and answers 404 for unknown requests', async () => {
    const [alice, bob, mallory] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const request = (await send(alice, bob)).json().request

    for (const action of ['accept', 'reject'] as const) {
      const bySender = await act(alice, request.id, action)
      expect(bySender.statusCode).toBe(403)
      expect(bySender.json().message).toBe(CONNECTION_MESSAGES.onlyRecipient)
      expect((await act(mallory, request.id, action)).statusCode).toBe(403)
      expect((await act(mallory, 999_999, action)).statusCode).toBe(404)
    }
    expect((await cancel(mallory, request.id)).statusCode).toBe(403)
    expect((await cancel(mallory, 999_999)).statusCode).toBe(404)
    // Still pending and untouched.
    expect(await pending(bob)).toHaveLength(1)
    expect(await pending(mallory)).toEqual([])
    expect(await sent(mallory)).toEqual([])
  })

  it('answers 404 for the connections of an unknown member, and to the check', async () => {
    const alice = await createMember(t.db)
    for (const url of ['/api/connections/999999', '/api/connections/999999?checkConnection=true']) {
      const res = await t.inject(alice, { method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: CONNECTION_MESSAGES.userNotFound })
    }
  })

  it('hides a blocker from the member they blocked: their list, the check, and third members’ lists', async () => {
    const [blocker, blocked, friend, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db, { isAdmin: true }),
    ]
    const connect = async (a: Member, b: Member) =>
      expect((await act(b, (await send(a, b)).json().request.id, 'accept')).statusCode).toBe(200)
    await connect(blocker, friend)
    await connect(blocked, friend)
    expect((await t.inject(blocker, { method: 'POST', url: `/api/blocks/${blocked.id}` })).statusCode).toBe(
      201,
    )
    const ids = (list: { id: number }[]) => list.map((c) => c.id).sort((x, y) => x - y)

    // The blocked member: the blocker is 'User not found' and missing from the friend's list.
    for (const url of [
      `/api/connections/${blocker.id}`,
      `/api/connections/${blocker.id}?checkConnection=true`,
    ]) {
      const res = await t.inject(blocked, { method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: CONNECTION_MESSAGES.userNotFound })
    }
    expect(ids(await connectionsOf(blocked, friend))).toEqual([blocked.id])
    // The blocker still reads the blocked member (to unblock them), the friend and admins read everyone.
    expect(ids(await connectionsOf(blocker, friend))).toEqual(ids([blocker, blocked]))
    expect(await check(blocker, blocked)).toEqual({ isConnected: false, status: 'none', requestId: null })
    expect(ids(await connectionsOf(friend, friend))).toEqual(ids([blocker, blocked]))
    expect(ids(await connectionsOf(admin, friend))).toEqual(ids([blocker, blocked]))
    expect(await connectionsOf(admin, blocker)).toEqual([expect.objectContaining({ id: friend.id })])

    // Unblocked, the blocked member reads the blocker again.
    await t.inject(blocker, { method: 'DELETE', url: `/api/blocks/${blocked.id}` })
    expect(ids(await connectionsOf(blocked, friend))).toEqual(ids([blocker, blocked]))
    expect(await connectionsOf(blocked, blocker)).toEqual([expect.objectContaining({ id: friend.id })])
  })

  it('says a member is not connected to themself', async () => {
    const alice = await createMember(t.db)
    expect(await check(alice, alice)).toEqual({ isConnected: false, status: 'none', requestId: null })
    expect(
      (await t.inject(alice, { method: 'DELETE', url: `/api/connections/${alice.id}` })).statusCode,
    ).toBe(404)
  })
})

describe('lists', () => {
  it('orders pending requests newest first and lists connections of both directions', async () => {
    const hub = await createMember(t.db)
    const others = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const ids: number[] = []
    for (const other of others) ids.push((await send(other, hub)).json().request.id)
    expect((await pending(hub)).map((r: { id: number }) => r.id)).toEqual([...ids].reverse())

    await act(hub, ids[0]!, 'accept')
    const outgoing = await createMember(t.db)
    const out = (await send(hub, outgoing)).json().request
    await act(outgoing, out.id, 'accept')

    const list = await connectionsOf(hub, hub)
    expect(list.map((c: { id: number }) => c.id).sort()).toEqual([others[0]!.id, outgoing.id].sort())
    expect(list[0].id).toBe(outgoing.id)
  })
})
