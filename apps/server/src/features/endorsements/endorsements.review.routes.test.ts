import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { hashtags, medals, notifications, pendingVouches, users, vouches } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await t.reset()
})

type Member = Awaited<ReturnType<typeof createMember>>

const endorse = async (from: Member, to: Member, payload: Record<string, unknown> = {}) => {
  const res = await t.inject(from, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: to.id, category: 'Leadership', hashtags: ['Mentoring'], ...payload },
  })
  expect(res.statusCode).toBe(201)
  return res.json()
}
const reviewing = async () => createMember(t.db, { reviewEndorsements: true })
const score = async (member: Member) => {
  const [row] = await t.db
    .select({ reputation: users.reputationScore, count: users.vouchCount })
    .from(users)
    .where(eq(users.id, member.id))
  return row!
}
const endorsementNotices = (member: Member) =>
  t.db.select().from(notifications).where(eq(notifications.userId, member.id))

describe('relationship and level', () => {
  it('are optional, kept when given, and refused outside the lists', async () => {
    const [ana, ben] = [await createMember(t.db), await createMember(t.db)]
    const plain = await endorse(ana, ben)
    expect(plain.relationship).toBeNull()
    expect(plain.level).toBeNull()
    const given = await endorse(ana, ben, {
      category: 'Teamwork',
      relationship: 'managed-them',
      level: 'expert',
    })
    expect(given).toMatchObject({ relationship: 'managed-them', level: 'expert' })
    const page = await t.inject(ana, { method: 'GET', url: `/api/users/${ben.username}/vouches` })
    expect(page.json().vouches[0]).toMatchObject({ relationship: 'managed-them', level: 'expert' })

    const bad = await t.inject(ana, {
      method: 'POST',
      url: '/api/vouches',
      payload: { toUserId: ben.id, category: 'Creativity', relationship: 'cousin' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'relationship' })
  })
})

describe('GET/PATCH /api/account/settings', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/settings' })).statusCode).toBe(401)
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/account/settings', payload: {} })
    expect(patch.statusCode).toBe(401)
  })

  it('reads and saves reviewEndorsements, and refuses anything else', async () => {
    const ana = await createMember(t.db)
    const read = await t.inject(ana, { method: 'GET', url: '/api/account/settings' })
    expect(read.json()).toEqual({
      reviewEndorsements: false,
      colorScheme: null,
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    const saved = await t.inject(ana, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { reviewEndorsements: true },
    })
    expect(saved.json()).toEqual({
      reviewEndorsements: true,
      colorScheme: null,
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await t.inject(ana, { method: 'GET', url: '/api/account/settings' })).json()).toEqual({
      reviewEndorsements: true,
      colorScheme: null,
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    const bad = await t.inject(ana, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { reviewEndorsements: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('reviewEndorsements')
  })
})

describe('review before showing', () => {
  it('keeps a received endorsement pending: counted nowhere, announced to nobody, seen by the two', async () => {
    const [ana, ben, cy] = [await createMember(t.db), await reviewing(), await createMember(t.db)]
    const admin = await createAdmin(t.db)
    const created = await endorse(ana, ben, { relationship: 'client' })
    expect(created.isPending).toBe(true)
    expect(await score(ben)).toEqual({ reputation: 0, count: 0 })
    expect(await endorsementNotices(ben)).toEqual([])
    expect(await t.db.select().from(vouches)).toEqual([])
    expect(await t.db.select().from(hashtags)).toEqual([])

    const list = await t.inject(ben, { method: 'GET', url: '/api/vouches/pending' })
    expect(list.json().received.map((v: { id: number }) => v.id)).toEqual([created.id])
    const mine = await t.inject(ana, { method: 'GET', url: '/api/vouches/pending' })
    expect(mine.json().given).toMatchObject([{ id: created.id, isPending: true, relationship: 'client' }])
    for (const viewer of [ana, ben, admin]) {
      const read = await t.inject(viewer, { method: 'GET', url: `/api/vouches/${created.id}` })
      expect(read.statusCode).toBe(200)
    }
    expect((await t.inject(cy, { method: 'GET', url: `/api/vouches/${created.id}` })).statusCode).toBe(404)
    const profile = await t.inject(cy, { method: 'GET', url: `/api/users/${ben.username}` })
    expect(profile.json().vouches).toEqual([])
    // The pending one takes its category: a second answers 409, and the dialog marks it used.
    const again = await t.inject(ana, {
      method: 'POST',
      url: '/api/vouches',
      payload: { toUserId: ben.id, category: 'Leadership' },
    })
    expect(again.statusCode).toBe(409)
    const used = await t.inject(ana, { method: 'GET', url: `/api/vouches/given/${ben.id}` })
    expect(used.json().categories).toEqual(['Leadership'])
  })

  it('counts and announces an accepted endorsement as a new one, under the same id', async () => {
    const [ana, ben] = [await createMember(t.db, { isEmailVerified: true }), await reviewing()]
    const created = await endorse(ana, ben, { note: 'Great mentor', level: 'expert' })
    const accepted = await t.inject(ben, { method: 'POST', url: `/api/vouches/${created.id}/accept` })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ id: created.id, level: 'expert', hashtags: ['Mentoring'] })
    expect(accepted.json().isPending).toBeUndefined()
    expect(await score(ben)).toEqual({ reputation: 15, count: 1 })
    const notices = await endorsementNotices(ben)
    expect(notices).toMatchObject([{ type: 'endorsement', entityId: created.id }])
    expect(await t.db.select().from(pendingVouches)).toEqual([])

    const twice = await t.inject(ben, { method: 'POST', url: `/api/vouches/${created.id}/accept` })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'ALREADY_ACCEPTED' })
    const declineAccepted = await t.inject(ben, { method: 'POST', url: `/api/vouches/${created.id}/decline` })
    expect(declineAccepted.statusCode).toBe(409)
  })

  it('declines quietly: the endorsement goes and its endorser hears nothing', async () => {
    const [ana, ben] = [await createMember(t.db), await reviewing()]
    const created = await endorse(ana, ben)
    const declined = await t.inject(ben, { method: 'POST', url: `/api/vouches/${created.id}/decline` })
    expect(declined.statusCode).toBe(200)
    expect(await t.db.select().from(pendingVouches)).toEqual([])
    expect(await endorsementNotices(ana)).toEqual([])
    expect((await t.inject(ana, { method: 'GET', url: '/api/vouches/pending' })).json().given).toEqual([])
    const gone = await t.inject(ben, { method: 'POST', url: `/api/vouches/${created.id}/accept` })
    expect(gone.statusCode).toBe(404)
  })

  it('lets only the receiver answer: 403 for the endorser, 404 for anyone else and unknown ids', async () => {
    const [ana, ben, cy] = [await createMember(t.db), await reviewing(), await createMember(t.db)]
    const created = await endorse(ana, ben)
    for (const action of ['accept', 'decline']) {
      const own = await t.inject(ana, { method: 'POST', url: `/api/vouches/${created.id}/${action}` })
      expect(own.statusCode).toBe(403)
      expect(own.json()).toMatchObject({ code: 'FORBIDDEN' })
      const stranger = await t.inject(cy, { method: 'POST', url: `/api/vouches/${created.id}/${action}` })
      expect(stranger.statusCode).toBe(404)
      const unknown = await t.inject(ben, { method: 'POST', url: `/api/vouches/99999999/${action}` })
      expect(unknown.statusCode).toBe(404)
    }
    // An accepted endorsement someone else received: theirs to answer, not the caller's.
    const counted = await endorse(ana, cy)
    const notMine = await t.inject(ben, { method: 'POST', url: `/api/vouches/${counted.id}/accept` })
    expect(notMine.statusCode).toBe(403)
  })

  it('answers 401 without a session on every new route', async () => {
    for (const [method, url] of [
      ['GET', '/api/vouches/pending'],
      ['POST', '/api/vouches/1/accept'],
      ['POST', '/api/vouches/1/decline'],
      ['PATCH', '/api/vouches/1'],
      ['DELETE', '/api/vouches/1'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'PATCH' ? {} : undefined })).statusCode,
      ).toBe(401)
    }
  })
})

describe('editing and withdrawing', () => {
  it('moves points, tags and medals when the endorser edits note and skills', async () => {
    const [ana, ben] = [await createMember(t.db), await createMember(t.db)]
    const created = await endorse(ana, ben, { hashtags: ['Mentoring', 'Rust'] })
    expect(await score(ben)).toEqual({ reputation: 10, count: 1 })
    const edited = await t.inject(ana, {
      method: 'PATCH',
      url: `/api/vouches/${created.id}`,
      payload: {
        note: 'Taught me Go',
        hashtags: ['Go', 'mentoring'],
        level: 'very-good',
        relationship: 'worked-together',
      },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({
      note: 'Taught me Go',
      hashtags: ['Go', 'Mentoring'],
      level: 'very-good',
      relationship: 'worked-together',
      engagementWeight: 1.2,
    })
    expect(await score(ben)).toEqual({ reputation: 12, count: 1 })
    const tags = await t.db.select({ tag: hashtags.tag, count: hashtags.count }).from(hashtags)
    expect(tags.sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([
      { tag: 'Go', count: 1 },
      { tag: 'Mentoring', count: 1 },
    ])
    const cleared = await t.inject(ana, {
      method: 'PATCH',
      url: `/api/vouches/${created.id}`,
      payload: { note: null, level: null },
    })
    expect(cleared.json()).toMatchObject({ note: null, level: null, relationship: 'worked-together' })
    expect(await score(ben)).toEqual({ reputation: 10, count: 1 })
  })

  it('answers 403 to anyone but the endorser, admins included, without naming an anonymous one', async () => {
    const [ana, ben, cy] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const admin = await createAdmin(t.db)
    const created = await endorse(ana, ben, { isAnonymous: true })
    for (const other of [ben, cy, admin]) {
      const edit = await t.inject(other, {
        method: 'PATCH',
        url: `/api/vouches/${created.id}`,
        payload: { note: 'x' },
      })
      expect(edit.statusCode).toBe(403)
      expect(JSON.stringify(edit.json())).not.toContain(ana.username)
      const remove = await t.inject(other, { method: 'DELETE', url: `/api/vouches/${created.id}` })
      expect(remove.statusCode).toBe(403)
    }
    const unknown = await t.inject(ana, { method: 'DELETE', url: '/api/vouches/99999999' })
    expect(unknown.statusCode).toBe(404)
    const badBody = await t.inject(ana, {
      method: 'PATCH',
      url: `/api/vouches/${created.id}`,
      payload: { category: 'Teamwork' },
    })
    expect(badBody.statusCode).toBe(400)
    // The endorser still reads their anonymous endorsement as theirs; others still see nobody.
    const read = await t.inject(ben, { method: 'GET', url: `/api/vouches/${created.id}` })
    expect(read.json().fromUserId).toBeNull()
  })

  it('withdraws: counters, tags, medals and the notification go in the same transaction', async () => {
    const ben = await createMember(t.db)
    const givers: Member[] = []
    for (let i = 0; i < 10; i++) givers.push(await createMember(t.db))
    const ids: number[] = []
    for (const giver of givers) ids.push((await endorse(giver, ben, { hashtags: ['Kotlin'] })).id)
    expect(await t.db.select().from(medals).where(eq(medals.userId, ben.id))).toHaveLength(1)
    const res = await t.inject(givers[0]!, { method: 'DELETE', url: `/api/vouches/${ids[0]}` })
    expect(res.statusCode).toBe(200)
    expect(await score(ben)).toEqual({ reputation: 90, count: 9 })
    expect(await t.db.select().from(medals).where(eq(medals.userId, ben.id))).toEqual([])
    expect(await t.db.select().from(notifications).where(eq(notifications.entityId, ids[0]!))).toEqual([])
    const again = await t.inject(givers[0]!, { method: 'DELETE', url: `/api/vouches/${ids[0]}` })
    expect(again.statusCode).toBe(404)
  })

  it('withdraws and edits a pending endorsement without counting it', async () => {
    const [ana, ben] = [await createMember(t.db), await reviewing()]
    const created = await endorse(ana, ben)
    const edited = await t.inject(ana, {
      method: 'PATCH',
      url: `/api/vouches/${created.id}`,
      payload: { hashtags: ['Design'], level: 'good' },
    })
    expect(edited.json()).toMatchObject({ isPending: true, hashtags: ['Design'], level: 'good' })
    expect(await t.db.select().from(hashtags)).toEqual([])
    const gone = await t.inject(ana, { method: 'DELETE', url: `/api/vouches/${created.id}` })
    expect(gone.statusCode).toBe(200)
    expect((await t.inject(ben, { method: 'GET', url: '/api/vouches/pending' })).json().received).toEqual([])
    expect(await score(ben)).toEqual({ reputation: 0, count: 0 })
  })

  it('gives the full worth back to the other side of a withdrawn reciprocal pair', async () => {
    const [ana, ben] = [await createMember(t.db), await createMember(t.db)]
    await endorse(ana, ben)
    const back = await endorse(ben, ana)
    expect((await score(ben)).reputation).toBe(5)
    await t.inject(ben, { method: 'DELETE', url: `/api/vouches/${back.id}` })
    expect((await score(ben)).reputation).toBe(10)
    expect((await score(ana)).reputation).toBe(0)
  })
})
