import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse } from '../../../test/factories'

/** GET /api/vouches/:id: what a notification about an endorsement opens. */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const read = (member: Member, id: number) => t.inject(member, { method: 'GET', url: `/api/vouches/${id}` })

describe('GET /api/vouches/:id', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vouches/1' })
    expect(res.statusCode).toBe(401)
  })

  it('answers the endorsement in the list shape, with the viewer’s like', async () => {
    const [giver, receiver, reader] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const created = await endorse(t, giver, receiver, {
      category: 'Leadership',
      hashtags: ['Mentoring'],
      note: 'Ran our incident reviews',
    })
    await t.inject(reader, { method: 'POST', url: `/api/vouches/${created.id}/likes` })
    await t.inject(reader, {
      method: 'POST',
      url: `/api/vouches/${created.id}/comments`,
      payload: { comment: 'Seconded' },
    })

    const res = await read(reader, created.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: created.id,
      fromUsername: giver.username,
      toUser: { id: receiver.id, username: receiver.username },
      note: 'Ran our incident reviews',
      hashtags: ['Mentoring'],
      likeCount: 1,
      commentCount: 1,
      hasLiked: true,
    })
    expect((await read(giver, created.id)).json()).toMatchObject({ hasLiked: false })
  })

  it('keeps an anonymous endorser hidden from everyone but themself and admins', async () => {
    const [giver, receiver, reader] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const admin = await createAdmin(t.db)
    const created = await endorse(t, giver, receiver, { isAnonymous: true })
    for (const member of [receiver, reader]) {
      const res = await read(member, created.id)
      expect(res.json()).toMatchObject({ fromUserId: null, fromUsername: null, fromUser: null })
      expect(res.body).not.toContain(giver.username)
    }
    expect((await read(giver, created.id)).json()).toMatchObject({ fromUsername: giver.username })
    expect((await read(admin, created.id)).json()).toMatchObject({ fromUsername: giver.username })
  })

  it('shows a hidden endorsement to its receiver and admins only; to anyone else it does not exist', async () => {
    const [giver, receiver, reader] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const admin = await createAdmin(t.db)
    const created = await endorse(t, giver, receiver)
    const hide = await t.inject(receiver, { method: 'POST', url: `/api/vouches/${created.id}/hide` })
    expect(hide.statusCode).toBe(200)

    expect((await read(receiver, created.id)).json()).toMatchObject({ id: created.id, isHidden: true })
    expect((await read(admin, created.id)).statusCode).toBe(200)
    for (const member of [giver, reader]) {
      const res = await read(member, created.id)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Endorsement not found', code: 'NOT_FOUND' })
    }
  })

  it('answers 404 to a member the receiver blocked, as their profile does', async () => {
    const [giver, receiver, blocked] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const created = await endorse(t, giver, receiver)
    const block = await t.inject(receiver, { method: 'POST', url: `/api/blocks/${blocked.id}` })
    expect(block.statusCode).toBe(201)
    expect((await read(blocked, created.id)).statusCode).toBe(404)
    expect((await read(giver, created.id)).statusCode).toBe(200)
  })

  it('answers 404 for an unknown endorsement and 400 for an id that is not one', async () => {
    const me = await createMember(t.db)
    expect((await read(me, 99_999_999)).statusCode).toBe(404)
    const bad = await t.inject(me, { method: 'GET', url: '/api/vouches/abc' })
    expect(bad.statusCode).toBe(400)
    expect((await t.inject(me, { method: 'GET', url: '/api/vouches/99999999999' })).statusCode).toBe(400)
  })
})
