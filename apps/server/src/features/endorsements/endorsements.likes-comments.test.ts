import { ENDORSEMENT_MESSAGES } from '@vouched/shared/endorsements'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('likes', () => {
  it('answer 401 without a session', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/vouches/1/likes' })).statusCode).toBe(401)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/vouches/1/likes/check' })).statusCode).toBe(401)
  })

  it('answer 404 for an unknown endorsement', async () => {
    const alice = await createMember(t.db)
    for (const [method, url] of [
      ['POST', '/api/vouches/99999999/likes'],
      ['DELETE', '/api/vouches/99999999/likes'],
      ['GET', '/api/vouches/99999999/likes/check'],
    ] as const) {
      expect((await t.inject(alice, { method, url })).statusCode).toBe(404)
    }
  })

  it('on endorsements in opposite directions at once never deadlock, and count every unread notification', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const aliceToBob = (await endorse(t, alice, bob.id, { category: 'Other' })).id
    const bobToAlice = (await endorse(t, bob, alice.id, { category: 'Other' })).id
    const likers = await Promise.all(Array.from({ length: 24 }, () => createMember(t.db)))
    const answers = await Promise.all(
      likers.flatMap((liker) =>
        [aliceToBob, bobToAlice].map((id) =>
          t.inject(liker, { method: 'POST', url: `/api/vouches/${id}/likes` }),
        ),
      ),
    )
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200))
    // Each like notified both of them; each also has the other's endorsement.
    for (const member of [alice, bob]) {
      const res = await t.inject(member, { method: 'GET', url: '/api/notifications?limit=1' })
      expect(res.json().unreadCount).toBe(2 * likers.length + 1)
    }
  })

  it('toggle idempotently and notify the receiver and the giver, never the actor', async () => {
    const [alice, bob, carol] = [
      await createMember(t.db),
      await createMember(t.db, { fullName: 'Bob Receiver' }),
      await createMember(t.db, { fullName: 'Carol Liker' }),
    ]
    const id = (await endorse(t, alice, bob.id, { category: 'Other' })).id
    const url = `/api/vouches/${id}/likes`
    expect((await t.inject(carol, { method: 'GET', url: `${url}/check` })).json()).toEqual({
      hasLiked: false,
    })
    expect((await t.inject(carol, { method: 'POST', url })).json()).toEqual({ hasLiked: true, likeCount: 1 })
    expect((await t.inject(carol, { method: 'POST', url })).json()).toEqual({ hasLiked: true, likeCount: 1 })
    expect((await t.inject(carol, { method: 'GET', url: `${url}/check` })).json()).toEqual({ hasLiked: true })
    const page = (await t.inject(carol, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches[0]).toMatchObject({ id, likeCount: 1, hasLiked: true })

    const likeNotes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'like'), eq(notifications.entityId, id)))
    expect(likeNotes.map((n) => [n.userId, n.fromUserId, n.message]).sort()).toEqual(
      [
        [bob.id, carol.id, 'Carol Liker liked an endorsement you received'],
        [alice.id, carol.id, 'Carol Liker liked your endorsement of Bob Receiver'],
      ].sort(),
    )

    expect((await t.inject(carol, { method: 'DELETE', url })).json()).toEqual({
      hasLiked: false,
      likeCount: 0,
    })
    expect((await t.inject(carol, { method: 'DELETE', url })).json()).toEqual({
      hasLiked: false,
      likeCount: 0,
    })

    // The receiver liking their own endorsement notifies only the giver.
    await t.inject(bob, { method: 'POST', url })
    const bobs = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'like'), eq(notifications.fromUserId, bob.id)))
    expect(bobs.map((n) => n.userId)).toEqual([alice.id])
  })
})

describe('comments', () => {
  it('answer 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vouches/1/comments' })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/vouches/1/comments', payload: { comment: 'x' } }))
        .statusCode,
    ).toBe(401)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/comments/1' })).statusCode).toBe(401)
  })

  it('are added, listed and counted, with their author', async () => {
    const [alice, bob, carol] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db, { fullName: 'Carol Commenter' }),
    ]
    const id = (await endorse(t, alice, bob.id)).id
    const res = await t.inject(carol, {
      method: 'POST',
      url: `/api/vouches/${id}/comments`,
      payload: { comment: '  Totally agree!  ' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      vouchId: id,
      userId: carol.id,
      comment: 'Totally agree!',
      username: carol.username,
      fullName: 'Carol Commenter',
    })
    await t.inject(bob, {
      method: 'POST',
      url: `/api/vouches/${id}/comments`,
      payload: { comment: 'Thanks!' },
    })
    const list = (await t.inject(alice, { method: 'GET', url: `/api/vouches/${id}/comments` })).json()
    expect(list.map((c: { comment: string }) => c.comment)).toEqual(['Totally agree!', 'Thanks!'])
    const page = (await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches[0].commentCount).toBe(2)
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'comment'), eq(notifications.entityId, id)))
    // Carol's comment notifies Bob and Alice; Bob's notifies Alice only.
    expect(notes.map((n) => `${n.userId}<-${n.fromUserId}`).sort()).toEqual(
      [`${bob.id}<-${carol.id}`, `${alice.id}<-${carol.id}`, `${alice.id}<-${bob.id}`].sort(),
    )
  })

  it.each([
    ['   ', ENDORSEMENT_MESSAGES.commentEmpty],
    ['', ENDORSEMENT_MESSAGES.commentEmpty],
    ['c'.repeat(1001), ENDORSEMENT_MESSAGES.commentMax],
  ])('refuses %j with a 400', async (comment, message) => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const id = (await endorse(t, alice, bob.id)).id
    const res = await t.inject(bob, {
      method: 'POST',
      url: `/api/vouches/${id}/comments`,
      payload: { comment },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'comment', message })
  })

  it('answer 404 on an unknown endorsement or comment', async () => {
    const alice = await createMember(t.db)
    expect((await t.inject(alice, { method: 'GET', url: '/api/vouches/99999999/comments' })).statusCode).toBe(
      404,
    )
    const post = await t.inject(alice, {
      method: 'POST',
      url: '/api/vouches/99999999/comments',
      payload: { comment: 'hi' },
    })
    expect(post.statusCode).toBe(404)
    expect((await t.inject(alice, { method: 'DELETE', url: '/api/comments/99999999' })).statusCode).toBe(404)
  })

  it('are deleted by their author or an admin, nobody else', async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const admin = await createAdmin(t.db)
    const id = (await endorse(t, alice, bob.id)).id
    const add = async (comment: string) =>
      (
        await t.inject(carol, { method: 'POST', url: `/api/vouches/${id}/comments`, payload: { comment } })
      ).json().id
    const first = await add('first')
    const second = await add('second')
    // Not even the endorsement's receiver or giver deletes someone else's comment.
    for (const other of [alice, bob]) {
      const res = await t.inject(other, { method: 'DELETE', url: `/api/comments/${first}` })
      expect(res.statusCode).toBe(403)
    }
    expect((await t.inject(carol, { method: 'DELETE', url: `/api/comments/${first}` })).json()).toEqual({
      success: true,
    })
    expect((await t.inject(admin, { method: 'DELETE', url: `/api/comments/${second}` })).statusCode).toBe(200)
    const list = (await t.inject(alice, { method: 'GET', url: `/api/vouches/${id}/comments` })).json()
    expect(list).toEqual([])
    const page = (await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches[0].commentCount).toBe(0)
  })
})
