import { ENDORSEMENTS_PER_DAY, REPUTATION_MESSAGES } from '@vouched/shared/reputation'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vouches } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse, postEndorsement } from '../../../test/factories'
import { makeImage, multipart } from '../../../test/multipart'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const reputation = async (member: Member) => {
  const res = await t.inject(member, { method: 'GET', url: '/api/reputation/me' })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const profile = async (viewer: Member, member: Member) =>
  (await t.inject(viewer, { method: 'GET', url: `/api/users/${member.username}` })).json()

describe('401 without a session', () => {
  it.each([
    ['GET', '/api/reputation/me'],
    ['POST', '/api/vouches/1/hide'],
    ['POST', '/api/vouches/1/show'],
  ] as const)('%s %s answers 401', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401)
  })
})

describe('reputation explanation', () => {
  it('lists each endorsement with its factors and points, adding up to the reputation', async () => {
    const me = await createMember(t.db)
    const verified = await createMember(t.db, { isEmailVerified: true })
    const plain = await createMember(t.db)
    const secret = await createMember(t.db)
    const upload = await t.inject(verified, {
      method: 'POST',
      url: '/api/vouches/attachments',
      ...multipart({
        field: 'file',
        fileName: 'p.png',
        contentType: 'image/png',
        data: await makeImage('png'),
      }),
    })
    const rich = (
      await postEndorsement(t, verified, me, {
        category: 'Leadership',
        note: 'Led',
        contentUrl: upload.json().contentUrl,
      })
    ).json().id
    const basic = (await endorse(t, plain, me, { category: 'Teamwork' })).id
    const anonymous = (
      await postEndorsement(t, secret, me, { category: 'Creativity', isAnonymous: true })
    ).json().id
    // Reciprocal: me endorses plain back in Teamwork.
    expect((await postEndorsement(t, me, plain, { category: 'Teamwork' })).statusCode).toBe(201)

    const result = await reputation(me)
    const byId = new Map(result.endorsements.map((e: { id: number }) => [e.id, e]))
    expect(byId.get(rich)).toMatchObject({
      basePoints: 10,
      factors: [
        { key: 'note', label: 'Note', multiplier: 1.2 },
        { key: 'attachment', label: 'Attachment', multiplier: 1.5 },
        { key: 'verified', label: 'Verified endorser', multiplier: 1.25 },
      ],
      reciprocal: false,
      hidden: false,
      points: 22.5,
      fromUser: { id: verified.id, username: verified.username, fullName: verified.fullName },
    })
    expect(byId.get(basic)).toMatchObject({
      factors: [{ key: 'reciprocal', multiplier: 0.5 }],
      reciprocal: true,
      points: 5,
    })
    // The receiver never learns who gave an anonymous endorsement.
    expect(byId.get(anonymous)).toMatchObject({ isAnonymous: true, fromUser: null, points: 10 })
    expect(result.reputationScore).toBe(37.5)
    expect(result).toMatchObject({ countedEndorsements: 3, hiddenEndorsements: 0, total: 3 })
    expect((await profile(plain, me)).reputationScore).toBe(37.5)
    // plain's own view: my endorsement is reciprocal too.
    expect((await reputation(plain)).endorsements).toEqual([
      expect.objectContaining({ points: 5, reciprocal: true }),
    ])
  })
})

describe('hiding received endorsements', () => {
  it('only the receiver hides or shows; 404 for unknown ones', async () => {
    const [me, giver, other, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    const id = (await endorse(t, giver, me)).id
    for (const actor of [giver, other, admin]) {
      const res = await t.inject(actor, { method: 'POST', url: `/api/vouches/${id}/hide` })
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe(REPUTATION_MESSAGES.notReceiver)
    }
    expect((await t.inject(me, { method: 'POST', url: '/api/vouches/99999999/hide' })).statusCode).toBe(404)
    // Hiding twice is harmless.
    expect((await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/hide` })).json().isHidden).toBe(
      true,
    )
    expect((await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/hide` })).json().isHidden).toBe(
      true,
    )
  })

  it('stops counting a hidden endorsement and hides it from others; showing restores it', async () => {
    const [me, giver, viewer] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const id = (
      await postEndorsement(t, giver, me, { category: 'Teamwork', note: 'Kind', hashtags: ['Care'] })
    ).json().id
    const before = await profile(viewer, me)
    expect(before).toMatchObject({ reputationScore: 12, user: { vouchCount: 1, topHashtags: ['Care'] } })

    await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/hide` })
    const hidden = await profile(viewer, me)
    expect(hidden).toMatchObject({
      reputationScore: 0,
      user: { vouchCount: 0, topHashtags: [] },
      vouches: [],
    })
    expect(hidden.categoryScores).toEqual([])
    const page = await t.inject(viewer, { method: 'GET', url: `/api/users/${me.username}/vouches` })
    expect(page.json().vouches).toEqual([])
    // The owner still sees it, marked, and its explanation says 0 points.
    expect((await profile(me, me)).vouches).toEqual([expect.objectContaining({ id, isHidden: true })])
    expect((await reputation(me)).endorsements).toEqual([
      expect.objectContaining({ id, hidden: true, hiddenReason: 'manual', points: 0 }),
    ])

    await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/show` })
    expect(await profile(viewer, me)).toMatchObject({ reputationScore: 12, user: { vouchCount: 1 } })
  })
})

describe('a hidden endorsement', () => {
  it('answers 404 to all but its receiver and admins: reading its likes and comments, liking, commenting, reporting', async () => {
    const [me, giver, viewer] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const admin = await createAdmin(t.db)
    const id = (await endorse(t, giver, me, { category: 'Teamwork' })).id
    const commentId = (
      await t.inject(viewer, {
        method: 'POST',
        url: `/api/vouches/${id}/comments`,
        payload: { comment: 'Yes' },
      })
    ).json().id
    expect((await t.inject(viewer, { method: 'POST', url: `/api/vouches/${id}/likes` })).statusCode).toBe(200)
    await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/hide` })

    const reads = [
      { method: 'GET', url: `/api/vouches/${id}/likes/check` },
      { method: 'GET', url: `/api/vouches/${id}/comments` },
      { method: 'POST', url: `/api/vouches/${id}/likes` },
      { method: 'DELETE', url: `/api/vouches/${id}/likes` },
      { method: 'POST', url: `/api/vouches/${id}/comments`, payload: { comment: 'Still there?' } },
    ] as const
    const report = { method: 'POST', url: '/api/reports' } as const
    const reportBody = { targetType: 'endorsement', targetId: id, reason: 'Looks fake to me' }
    // Its giver, a stranger: as if it did not exist (the same answer as an unknown id).
    for (const member of [giver, viewer]) {
      for (const request of reads) {
        const res = await t.inject(member, request)
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404)
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Endorsement not found' })
      }
      expect((await t.inject(member, { ...report, payload: reportBody })).statusCode).toBe(404)
    }
    // Nothing was written by the refused requests.
    const [row] = await t.db.select().from(vouches).where(eq(vouches.id, id))
    expect(row).toMatchObject({ likeCount: 1, commentCount: 1 })
    // Its author may still take back their own comment.
    const own = await t.inject(viewer, { method: 'DELETE', url: `/api/comments/${commentId}` })
    expect(own.statusCode).toBe(200)

    // The receiver and admins still reach it.
    for (const member of [me, admin]) {
      for (const request of reads) {
        const res = await t.inject(member, request)
        expect(res.statusCode, `${request.method} ${request.url}`).toBeLessThan(300)
      }
    }
    expect((await t.inject(me, { ...report, payload: reportBody })).statusCode).toBe(201)

    // Shown again, it is everyone's again.
    await t.inject(me, { method: 'POST', url: `/api/vouches/${id}/show` })
    expect((await t.inject(viewer, reads[0])).statusCode).toBe(200)
    expect((await t.inject(viewer, reads[1])).statusCode).toBe(200)
  })

  it('hidden by a block answers 404 to others; an anonymous one is never hidden by a block', async () => {
    const [me, named, anonymous] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const byName = (await endorse(t, named, me, { category: 'Teamwork' })).id
    const byNobody = (
      await postEndorsement(t, anonymous, me, { category: 'Teamwork', isAnonymous: true })
    ).json().id
    for (const other of [named, anonymous]) {
      expect((await t.inject(me, { method: 'POST', url: `/api/blocks/${other.id}` })).statusCode).toBe(201)
    }
    const stranger = await createMember(t.db)
    const comments = (id: number) => t.inject(stranger, { method: 'GET', url: `/api/vouches/${id}/comments` })
    expect((await comments(byName)).statusCode).toBe(404)
    expect((await comments(byNobody)).statusCode).toBe(200)
    const mine = await reputation(me)
    expect(mine.endorsements).toEqual([
      expect.objectContaining({ id: byNobody, hidden: false, hiddenReason: null, points: 10 }),
      expect.objectContaining({ id: byName, hidden: true, hiddenReason: 'block', points: 0 }),
    ])
  })
})

describe('endorsements per day', () => {
  it(`answers 429 once an endorser gave ${ENDORSEMENTS_PER_DAY} endorsements in 24 hours`, async () => {
    const giver = await createMember(t.db)
    const targets = await Promise.all(
      Array.from({ length: ENDORSEMENTS_PER_DAY + 1 }, () => createMember(t.db)),
    )
    for (const target of targets.slice(0, ENDORSEMENTS_PER_DAY)) {
      expect((await postEndorsement(t, giver, target)).statusCode).toBe(201)
    }
    const refused = await postEndorsement(t, giver, targets[ENDORSEMENTS_PER_DAY]!)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('ENDORSEMENT_LIMIT')
    expect(refused.json().message).toMatch(
      /20 endorsements in the last 24 hours.*endorse again in about 24 hours/,
    )
    // Once the oldest is more than a day old, the next one goes through.
    await t.db
      .update(vouches)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(vouches.toUserId, targets[0]!.id))
    expect((await postEndorsement(t, giver, targets[ENDORSEMENTS_PER_DAY]!)).statusCode).toBe(201)
  })
})
