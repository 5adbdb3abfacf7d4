import {
  ENDORSEMENT_REQUEST_MESSAGES,
  ENDORSEMENT_REQUESTS_PER_DAY,
} from '@vouched/shared/endorsement-requests'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  blocks,
  connectionRequests,
  endorsementRequests,
  notifications,
  vouches,
} from '../../db/schema/index'
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

const connect = (a: Member, b: Member) =>
  t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'accepted' })
const connectedPair = async () => {
  const [a, b] = [await createMember(t.db), await createMember(t.db)]
  await connect(a, b)
  return [a, b] as const
}
const ask = (from: Member, payload: Record<string, unknown>) =>
  t.inject(from, { method: 'POST', url: '/api/endorsement-requests', payload })
const askFor = (from: Member, to: Member, hashtags = ['TypeScript']) =>
  ask(from, { toUserId: to.id, hashtags, category: 'Technical Skills', message: 'For the migration' })
const list = async (member: Member, box: 'received' | 'sent') =>
  (await t.inject(member, { method: 'GET', url: `/api/endorsement-requests?box=${box}` })).json()
    .requests as { id: number; status: string; vouchId: number | null }[]
const decline = (member: Member, id: number) =>
  t.inject(member, { method: 'POST', url: `/api/endorsement-requests/${id}/decline` })
const cancel = (member: Member, id: number) =>
  t.inject(member, { method: 'DELETE', url: `/api/endorsement-requests/${id}` })
const vouch = (from: Member, to: Member, extra: Record<string, unknown> = {}) =>
  t.inject(from, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: to.id, category: 'Teamwork', hashtags: ['Mentoring'], ...extra },
  })

describe('401 without a session', () => {
  it.each([
    ['GET', '/api/endorsement-requests'],
    ['POST', '/api/endorsement-requests'],
    ['POST', '/api/endorsement-requests/1/decline'],
    ['DELETE', '/api/endorsement-requests/1'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({ method, url })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})

describe('POST /api/endorsement-requests', () => {
  it('asks a connection, who is notified and sees it in the received list', async () => {
    const [a, b] = await connectedPair()
    const res = await ask(a, {
      toUserId: b.id,
      hashtags: ['#TypeScript', 'typescript', ' Mentoring '],
      category: 'Technical Skills',
      message: '  For the migration  ',
    })
    expect(res.statusCode).toBe(201)
    const request = res.json()
    expect(request).toMatchObject({
      fromUser: { id: a.id, username: a.username },
      toUser: { id: b.id, username: b.username },
      hashtags: ['TypeScript', 'Mentoring'],
      category: 'Technical Skills',
      message: 'For the migration',
      status: 'open',
      vouchId: null,
      answeredAt: null,
    })
    expect(JSON.stringify(request)).not.toContain('email')
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.type, 'endorsement-request')))
    expect(notice).toMatchObject({
      entityId: request.id,
      fromUserId: a.id,
      message: `${a.fullName} asked you to vouch for #TypeScript, #Mentoring`,
    })
    expect((await list(b, 'received')).map((r) => r.id)).toEqual([request.id])
    expect((await list(a, 'sent')).map((r) => r.id)).toEqual([request.id])
    expect(await list(a, 'received')).toEqual([])
  })

  it('takes a request without category or message', async () => {
    const [a, b] = await connectedPair()
    const res = await ask(a, { toUserId: b.id, hashtags: ['Design'] })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ category: null, message: null })
  })

  it('refuses a member who is not a connection with 403', async () => {
    const [a, stranger] = [await createMember(t.db), await createMember(t.db)]
    const res = await askFor(a, stranger)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      code: 'NOT_CONNECTED',
      message: ENDORSEMENT_REQUEST_MESSAGES.notConnected,
      field: 'toUserId',
    })
  })

  it('answers a block either way, and an unknown member, exactly as a stranger', async () => {
    const stranger = (await askFor(await createMember(t.db), await createMember(t.db))).json()
    for (const direction of ['blocker', 'blocked'] as const) {
      const [a, b] = await connectedPair()
      const [blockerId, blockedId] = direction === 'blocker' ? [a.id, b.id] : [b.id, a.id]
      await t.db.insert(blocks).values({ blockerId, blockedId })
      const res = await askFor(a, b)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual(stranger)
    }
    const a = await createMember(t.db)
    const unknown = await ask(a, { toUserId: 2_000_000_000, hashtags: ['Go'] })
    expect(unknown.statusCode).toBe(403)
    expect(unknown.json()).toEqual(stranger)
  })

  it('refuses asking oneself and a request without skills with 400', async () => {
    const a = await createMember(t.db)
    const self = await askFor(a, a)
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ code: 'SELF_REQUEST', field: 'toUserId' })
    const [b, c] = await connectedPair()
    const empty = await ask(b, { toUserId: c.id, hashtags: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({
      field: 'hashtags',
      message: ENDORSEMENT_REQUEST_MESSAGES.hashtagsRequired,
    })
    const badCategory = await ask(b, { toUserId: c.id, hashtags: ['Go'], category: 'Juggling' })
    expect(badCategory.statusCode).toBe(400)
    expect(badCategory.json()).toMatchObject({ field: 'category' })
    const long = await ask(b, { toUserId: c.id, hashtags: ['Go'], message: 'x'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ field: 'message', message: ENDORSEMENT_REQUEST_MESSAGES.messageMax })
  })

  it('refuses a second open request to the same member with 409, and allows one after an answer', async () => {
    const [a, b] = await connectedPair()
    const first = (await askFor(a, b)).json()
    const again = await askFor(a, b, ['Rust'])
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      code: 'REQUEST_OPEN',
      message: ENDORSEMENT_REQUEST_MESSAGES.duplicate,
    })
    // The other direction is another request: B may ask A.
    expect((await askFor(b, a)).statusCode).toBe(201)
    expect((await decline(b, first.id)).statusCode).toBe(200)
    expect((await askFor(a, b)).statusCode).toBe(201)
  })

  it('lets only one of two racing requests to the same member through', async () => {
    const [a, b] = await connectedPair()
    const answers = await Promise.all([askFor(a, b), askFor(a, b, ['Go'])])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409])
    expect(await list(b, 'received')).toHaveLength(1)
  })

  it('never lets racing requests pass the daily limit', async () => {
    const a = await createMember(t.db)
    const others: Member[] = []
    for (let i = 0; i < ENDORSEMENT_REQUESTS_PER_DAY + 3; i++) {
      const other = await createMember(t.db)
      await connect(a, other)
      others.push(other)
    }
    const answers = await Promise.all(others.map((other) => askFor(a, other)))
    const codes = answers.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 201)).toHaveLength(ENDORSEMENT_REQUESTS_PER_DAY)
    expect(codes.filter((code) => code === 429)).toHaveLength(3)
  })

  it('allows 10 a day, then answers 429 with when, cancelled requests counted', async () => {
    const a = await createMember(t.db)
    const others: Member[] = []
    for (let i = 0; i <= ENDORSEMENT_REQUESTS_PER_DAY; i++) {
      const other = await createMember(t.db)
      await connect(other, a)
      others.push(other)
    }
    for (const other of others.slice(0, ENDORSEMENT_REQUESTS_PER_DAY)) {
      const res = await askFor(a, other)
      expect(res.statusCode).toBe(201)
      // Cancelling gives no place back.
      expect((await cancel(a, res.json().id)).statusCode).toBe(200)
    }
    const over = await askFor(a, others[ENDORSEMENT_REQUESTS_PER_DAY]!)
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ code: 'REQUEST_LIMIT' })
    expect(over.json().message).toMatch(/You can ask again in about 24 hours\.$/)
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(86_000)
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(86_400)

    // Requests older than 24 hours no longer count.
    await t.db
      .update(endorsementRequests)
      .set({ createdAt: new Date(Date.now() - 86_400_000 - 60_000) })
      .where(eq(endorsementRequests.fromUserId, a.id))
    expect((await askFor(a, others[ENDORSEMENT_REQUESTS_PER_DAY]!)).statusCode).toBe(201)
  })
})

describe('GET /api/endorsement-requests', () => {
  it('answers received by default and 400 for another box', async () => {
    const [a, b] = await connectedPair()
    const { id } = (await askFor(a, b)).json()
    const res = await t.inject(b, { method: 'GET', url: '/api/endorsement-requests' })
    expect(res.json().requests.map((r: { id: number }) => r.id)).toEqual([id])
    const bad = await t.inject(b, { method: 'GET', url: '/api/endorsement-requests?box=all' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'box' })
  })

  it('leaves out requests between members who blocked each other', async () => {
    const [a, b] = await connectedPair()
    await askFor(a, b)
    await t.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id })
    expect(await list(b, 'received')).toEqual([])
    expect(await list(a, 'sent')).toEqual([])
  })
})

describe('POST /api/endorsement-requests/:id/decline', () => {
  it('lets the asked member decline; the asker sees it declined', async () => {
    const [a, b] = await connectedPair()
    const { id } = (await askFor(a, b)).json()
    const res = await decline(b, id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id, status: 'declined', answeredAt: expect.any(String) })
    expect(await list(a, 'sent')).toMatchObject([{ id, status: 'declined' }])
    // Declining is quiet: the asker gets no notification.
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, a.id))
    expect(told).toEqual([])
  })

  it('refuses a request that is not yours with 403, an unknown one with 404, an answered one with 409', async () => {
    const [a, b] = await connectedPair()
    const third = await createMember(t.db)
    const { id } = (await askFor(a, b)).json()
    for (const member of [a, third]) {
      const res = await decline(member, id)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ message: ENDORSEMENT_REQUEST_MESSAGES.onlyRecipient })
    }
    expect((await decline(b, 2_000_000_000)).statusCode).toBe(404)
    expect((await decline(b, id)).statusCode).toBe(200)
    const twice = await decline(b, id)
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'REQUEST_NOT_OPEN' })
  })
})

describe('DELETE /api/endorsement-requests/:id', () => {
  it('lets the asker cancel: it leaves both lists and the notification goes', async () => {
    const [a, b] = await connectedPair()
    const { id } = (await askFor(a, b)).json()
    const res = await cancel(a, id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect(await list(a, 'sent')).toEqual([])
    expect(await list(b, 'received')).toEqual([])
    const left = await t.db.select().from(notifications).where(eq(notifications.userId, b.id))
    expect(left).toEqual([])
    expect((await cancel(a, id)).statusCode).toBe(409)
  })

  it("refuses cancelling someone else's request with 403", async () => {
    const [a, b] = await connectedPair()
    const third = await createMember(t.db)
    const { id } = (await askFor(a, b)).json()
    for (const member of [b, third]) {
      const res = await cancel(member, id)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: ENDORSEMENT_REQUEST_MESSAGES.onlySender,
      })
    }
    expect((await cancel(a, 2_000_000_000)).statusCode).toBe(404)
    expect(await list(b, 'received')).toMatchObject([{ id, status: 'open' }])
  })
})

describe('a vouch fulfils the request', () => {
  it('any named vouch from the asked member to the asker fulfils it, whatever its category', async () => {
    const [a, b] = await connectedPair()
    const { id } = (await askFor(a, b)).json()
    const created = await vouch(b, a)
    expect(created.statusCode).toBe(201)
    expect(await list(a, 'sent')).toMatchObject([{ id, status: 'fulfilled', vouchId: created.json().id }])
    expect(await list(b, 'received')).toMatchObject([{ id, status: 'fulfilled' }])
    // Answered requests take no further action.
    expect((await decline(b, id)).statusCode).toBe(409)
    expect((await cancel(a, id)).statusCode).toBe(409)
  })

  it('leaves it open after an anonymous vouch, and after a vouch for someone else', async () => {
    const [a, b] = await connectedPair()
    const c = await createMember(t.db)
    const { id } = (await askFor(a, b)).json()
    expect((await vouch(b, a, { isAnonymous: true })).statusCode).toBe(201)
    expect((await vouch(b, c)).statusCode).toBe(201)
    // A vouch the other way round (the asker for the asked member) answers nothing either.
    expect((await vouch(a, b)).statusCode).toBe(201)
    expect(await list(a, 'sent')).toMatchObject([{ id, status: 'open', vouchId: null }])
  })

  it('keeps it fulfilled when the vouch is deleted later', async () => {
    const [a, b] = await connectedPair()
    const { id } = (await askFor(a, b)).json()
    const { id: vouchId } = (await vouch(b, a)).json()
    await t.db.delete(vouches).where(eq(vouches.id, vouchId))
    expect(await list(a, 'sent')).toMatchObject([{ id, status: 'fulfilled', vouchId: null }])
  })
})
