import { BLOCK_MESSAGES } from '@vouched/shared/blocks'
import { and, eq, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionRequests, notifications } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse, postEndorsement } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const block = (me: Member, other: Member) => t.inject(me, { method: 'POST', url: `/api/blocks/${other.id}` })
const unblock = (me: Member, other: Member) =>
  t.inject(me, { method: 'DELETE', url: `/api/blocks/${other.id}` })
const requestConnection = (from: Member, to: Member) =>
  t.inject(from, { method: 'POST', url: `/api/connection-requests/${to.id}`, payload: {} })

async function connected(a: Member, b: Member) {
  const sent = await requestConnection(a, b)
  expect(sent.statusCode).toBe(201)
  const id = sent.json().request.id as number
  expect(
    (await t.inject(b, { method: 'POST', url: `/api/connection-requests/${id}/accept` })).statusCode,
  ).toBe(200)
}

describe('401 without a session', () => {
  it.each([
    ['GET', '/api/blocks'],
    ['POST', '/api/blocks/1'],
    ['DELETE', '/api/blocks/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401)
  })
})

describe('blocking', () => {
  it('lists, is idempotent, refuses oneself and unknown members, and unblocks', async () => {
    const [me, other] = [await createMember(t.db), await createMember(t.db)]
    const self = await block(me, me)
    expect(self.statusCode).toBe(400)
    expect(self.json().message).toBe(BLOCK_MESSAGES.self)
    expect((await t.inject(me, { method: 'POST', url: '/api/blocks/99999999' })).statusCode).toBe(404)
    expect((await t.inject(me, { method: 'POST', url: '/api/blocks/abc' })).statusCode).toBe(400)

    expect((await block(me, other)).statusCode).toBe(201)
    expect((await block(me, other)).json()).toEqual({ success: true, blocked: true })
    const list = await t.inject(me, { method: 'GET', url: '/api/blocks' })
    expect(list.json().blocks).toEqual([
      {
        user: { id: other.id, username: other.username, fullName: other.fullName, profilePicture: null },
        createdAt: expect.any(String),
      },
    ])
    // The blocked member's own list is theirs: it does not show who blocked them.
    expect((await t.inject(other, { method: 'GET', url: '/api/blocks' })).json().blocks).toEqual([])

    expect((await unblock(me, other)).json()).toEqual({ success: true, blocked: false })
    expect((await unblock(me, other)).statusCode).toBe(200)
    expect((await t.inject(me, { method: 'GET', url: '/api/blocks' })).json().blocks).toEqual([])
  })

  it('removes the connection, pending requests and notifications between the two', async () => {
    const [me, friend, asker] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    await connected(me, friend)
    expect((await requestConnection(asker, me)).statusCode).toBe(201)
    expect(
      await t.db.select().from(notifications).where(eq(notifications.fromUserId, asker.id)),
    ).toHaveLength(1)

    const before = await t.inject(me, { method: 'GET', url: `/api/connections/${me.id}` })
    expect(JSON.stringify(before.json())).toContain(friend.username)
    await block(me, friend)
    await block(me, asker)
    const rows = await t.db
      .select()
      .from(connectionRequests)
      .where(or(eq(connectionRequests.fromUserId, me.id), eq(connectionRequests.toUserId, me.id)))
    expect(rows).toEqual([])
    expect(await t.db.select().from(notifications).where(eq(notifications.fromUserId, asker.id))).toEqual([])
    const list = await t.inject(me, { method: 'GET', url: `/api/connections/${me.id}` })
    expect(list.statusCode).toBe(200)
    expect(JSON.stringify(list.json())).not.toContain(friend.username)
  })

  it('refuses endorsements, requests, likes, comments and messages either way, with a clear message', async () => {
    const [me, blocked, third] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    await connected(me, blocked)
    const mine = (await endorse(t, third, me, { category: 'Leadership' })).id
    const theirs = (await endorse(t, third, blocked, { category: 'Leadership' })).id
    await block(me, blocked)

    const endorsement = await postEndorsement(t, blocked, me)
    expect(endorsement.statusCode).toBe(403)
    expect(endorsement.json()).toMatchObject({ code: 'BLOCKED', message: BLOCK_MESSAGES.blockedYou })
    const request = await requestConnection(blocked, me)
    expect(request.statusCode).toBe(403)
    expect(request.json().message).toBe(BLOCK_MESSAGES.blockedYou)
    // The blocker is told how to undo it.
    const back = await postEndorsement(t, me, blocked)
    expect(back.statusCode).toBe(403)
    expect(back.json().message).toBe(BLOCK_MESSAGES.youBlocked)
    expect((await requestConnection(me, blocked)).json().message).toBe(BLOCK_MESSAGES.youBlocked)

    for (const [actor, id] of [
      [blocked, mine],
      [me, theirs],
    ] as const) {
      const like = await t.inject(actor, { method: 'POST', url: `/api/vouches/${id}/likes` })
      expect(like.statusCode).toBe(403)
      const comment = await t.inject(actor, {
        method: 'POST',
        url: `/api/vouches/${id}/comments`,
        payload: { comment: 'Hello' },
      })
      expect(comment.statusCode).toBe(403)
      expect(comment.json().code).toBe('BLOCKED')
    }
    // Someone else still likes and comments on both.
    expect((await t.inject(third, { method: 'POST', url: `/api/vouches/${mine}/likes` })).statusCode).toBe(
      200,
    )

    const message = await t.inject(blocked, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: me.id, content: 'Hi' },
    })
    expect(message.statusCode).toBe(403)

    // Unblocked, they may reach each other again.
    await unblock(me, blocked)
    expect((await postEndorsement(t, blocked, me)).statusCode).toBe(201)
    expect((await requestConnection(blocked, me)).statusCode).toBe(201)
  })

  it('does not refuse a like on an anonymous endorsement because of its hidden giver', async () => {
    const [me, giver, receiver] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const id = (await endorse(t, giver, receiver, { isAnonymous: true })).id
    await block(me, giver)
    const like = await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/likes` })
    expect(like.statusCode).toBe(200)
    // ...and the blocked giver hears nothing of it.
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, giver.id), eq(notifications.fromUserId, me.id)))
    expect(told).toEqual([])
  })

  it('hides the blocker’s profile from the blocked member (404) but not the other way, nor from admins', async () => {
    const [me, blocked, admin] = [await createMember(t.db), await createMember(t.db), await createAdmin(t.db)]
    await block(me, blocked)
    const hidden = await t.inject(blocked, { method: 'GET', url: `/api/users/${me.username}` })
    expect(hidden.statusCode).toBe(404)
    expect(hidden.json().message).toBe('User not found')
    expect(
      (await t.inject(blocked, { method: 'GET', url: `/api/users/${me.username}/vouches` })).statusCode,
    ).toBe(404)
    expect((await t.inject(blocked, { method: 'GET', url: `/api/medals/user/${me.id}` })).statusCode).toBe(
      404,
    )
    expect((await t.inject(me, { method: 'GET', url: `/api/users/${blocked.username}` })).statusCode).toBe(
      200,
    )
    expect((await t.inject(admin, { method: 'GET', url: `/api/users/${me.username}` })).statusCode).toBe(200)
  })

  it('hides the blocked member’s endorsements from the blocker’s profile until unblocked', async () => {
    const [me, blocked, viewer] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const id = (await postEndorsement(t, blocked, me, { category: 'Teamwork', hashtags: ['Kind'] })).json()
      .id as number
    const profile = async (as: Member) =>
      (await t.inject(as, { method: 'GET', url: `/api/users/${me.username}` })).json()
    expect((await profile(viewer)).reputationScore).toBe(10)

    await block(me, blocked)
    const seen = await profile(viewer)
    expect(seen.reputationScore).toBe(0)
    expect(seen.user.vouchCount).toBe(0)
    expect(seen.vouches).toEqual([])
    expect(seen.categoryScores).toEqual([])
    // The owner still sees it, marked hidden.
    const own = await profile(me)
    expect(own.vouches).toEqual([expect.objectContaining({ id, isHidden: true })])

    await unblock(me, blocked)
    const again = await profile(viewer)
    expect(again.reputationScore).toBe(10)
    expect(again.vouches).toEqual([expect.objectContaining({ id, isHidden: false })])
  })

  it('hides each from the other in popular members and search, both ways, until unblocked', async () => {
    const suffix = Math.random().toString(36).slice(2, 8)
    const me = await createMember(t.db, {
      username: `blocker_${suffix}`,
      fullName: `Quinn Blocker ${suffix}`,
    })
    const them = await createMember(t.db, {
      username: `blocked_${suffix}`,
      fullName: `Quinn Blocked ${suffix}`,
    })
    const helper = await createMember(t.db)
    // Reputation puts both at the top of the popular list.
    for (const member of [me, them]) {
      await postEndorsement(t, helper, member, {
        category: 'Leadership',
        note: 'Great',
        hashtags: [`Tag${suffix}`],
      })
    }
    const popular = async (viewer: Member) =>
      (
        (await t.inject(viewer, { method: 'GET', url: '/api/users/discover/popular?limit=50' })).json() as {
          id: number
        }[]
      ).map((card) => card.id)
    const search = async (viewer: Member, query: string) =>
      (
        (
          await t.inject(viewer, { method: 'GET', url: `/api/search?q=${encodeURIComponent(query)}` })
        ).json() as {
          id: number
        }[]
      ).map((card) => card.id)

    // Positive controls first: each finds the other by name, username, tag and popularity.
    expect(await search(me, 'Quinn')).toContain(them.id)
    expect(await search(them, me.username)).toContain(me.id)
    expect(await search(me, `Tag${suffix}`)).toContain(them.id)
    expect(await popular(me)).toContain(them.id)
    await block(me, them)
    for (const [viewer, other] of [
      [me, them],
      [them, me],
    ] as const) {
      expect(await popular(viewer)).not.toContain(other.id)
      expect(await search(viewer, 'Quinn')).not.toContain(other.id)
      expect(await search(viewer, other.username)).not.toContain(other.id)
      expect(await search(viewer, `Tag${suffix}`)).not.toContain(other.id)
    }
    // Others still find both.
    expect(await search(helper, 'Quinn')).toEqual(expect.arrayContaining([me.id, them.id]))
    await unblock(me, them)
    expect(await search(them, me.username)).toContain(me.id)
  })
})
