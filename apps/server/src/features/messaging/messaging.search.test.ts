import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionRequests } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const connect = async (a: Member, b: Member) => {
  await t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'accepted' })
}

const send = async (from: Member, recipientId: number, content: string) => {
  const res = await t.inject(from, {
    method: 'POST',
    url: '/api/messages',
    payload: { recipientId, content },
  })
  expect(res.statusCode).toBe(201)
}

const search = (viewer: Member, query: string) =>
  t.inject(viewer, { method: 'GET', url: `/api/conversations?${query}` })

const names = (res: Awaited<ReturnType<typeof search>>) =>
  (res.json().conversations as { otherUser: { username: string } }[]).map((c) => c.otherUser.username)

describe('GET /api/conversations?q=', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversations?q=ann' })
    expect(res.statusCode).toBe(401)
  })

  it("finds the viewer's conversations by the other member's full name or username, ignoring case", async () => {
    const me = await createMember(t.db)
    const ann = await createMember(t.db, { fullName: 'Annabel Lee' })
    const bob = await createMember(t.db, {
      fullName: 'Bob Stone',
      username: `bobby_${Date.now().toString(36)}`,
    })
    const stranger = await createMember(t.db, { fullName: 'Annie Outsider' })
    for (const other of [ann, bob, stranger]) await connect(me, other)
    await connect(ann, stranger)
    await send(ann, me.id, 'Hello')
    await send(me, bob.id, 'Hi Bob')
    // Someone else's conversation with a matching name never shows.
    await send(ann, stranger.id, 'Not yours')

    expect(names(await search(me, 'q=ANNA'))).toEqual([ann.username])
    expect(names(await search(me, `q=${encodeURIComponent(bob.username.toUpperCase())}`))).toEqual([
      bob.username,
    ])
    expect(names(await search(me, 'q=stone'))).toEqual([bob.username])
    expect(names(await search(me, 'q=zzz-nobody'))).toEqual([])
    // A blank search is no search.
    expect(names(await search(me, 'q=%20%20'))).toEqual([bob.username, ann.username])
  })

  it("takes LIKE's wildcards literally and pages the matches", async () => {
    const me = await createMember(t.db)
    const others = [
      await createMember(t.db, { fullName: 'Dana 100% Sure' }),
      await createMember(t.db, { fullName: 'Dana Plain' }),
      await createMember(t.db, { fullName: 'Dana Third' }),
    ]
    for (const other of others) {
      await connect(me, other)
      await send(other, me.id, 'Hi')
    }
    expect(names(await search(me, `q=${encodeURIComponent('%')}`))).toEqual([others[0]!.username])
    const first = await search(me, 'q=dana&limit=2')
    expect(names(first)).toEqual([others[2]!.username, others[1]!.username])
    const cursor = first.json().nextCursor as string
    const second = await search(me, `q=dana&limit=2&cursor=${encodeURIComponent(cursor)}`)
    expect(names(second)).toEqual([others[0]!.username])
    expect(second.json().nextCursor).toBeNull()
  })

  it('answers 400 for a search text over 100 characters', async () => {
    const me = await createMember(t.db)
    const res = await search(me, `q=${'a'.repeat(101)}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ field: 'q' })
  })
})
