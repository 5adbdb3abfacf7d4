import type { TEndorsement } from '@vouched/shared/endorsements'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { medals as medalRows, users } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, postEndorsement, uploadAttachment } from '../../../test/factories'
import { makeImage } from '../../../test/multipart'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

describe('engagement weight and scores', () => {
  it.each([
    ['bare', {}, false, 1, 10],
    ['with a note', { note: 'Great mentor' }, false, 1.2, 12],
    ['with an attachment', { attach: true }, false, 1.5, 15],
    ['from a verified member', {}, true, 1.25, 12.5],
    ['with a note and an attachment', { note: 'Proof attached', attach: true }, false, 1.8, 18],
    ['with a note, verified', { note: 'Led the migration' }, true, 1.5, 15],
    ['with an attachment, verified', { attach: true }, true, 1.875, 18.75],
    ['with everything', { note: 'All of it', attach: true }, true, 2.25, 22.5],
    ['with a blank note', { note: '    ' }, false, 1, 10],
  ])('weighs an endorsement %s', async (_, parts, verified, weight, points) => {
    const alice = await createMember(t.db, { isEmailVerified: verified })
    const bob = await createMember(t.db)
    const payload: Record<string, unknown> = { category: 'Leadership' }
    if ('note' in parts) payload.note = parts.note
    if ('attach' in parts) {
      const upload = await uploadAttachment(t, alice, await makeImage('jpeg'), 'image/jpeg', 'photo.jpg')
      payload.contentUrl = upload.json().contentUrl
    }
    const res = await postEndorsement(t, alice, bob.id, payload)
    expect(res.statusCode).toBe(201)
    expect(res.json().engagementWeight).toBe(weight)
    expect(res.json().verified).toBe(verified)
    const profile = (await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    expect(profile.reputationScore).toBe(points)
    expect(profile.user.reputationScore).toBe(points)
    expect(profile.categoryScores).toEqual([{ category: 'Leadership', score: points, count: 1, tags: [] }])
  })

  it('adds up categories and the reputation across endorsers', async () => {
    const bob = await createMember(t.db)
    const verified = await createMember(t.db, { isEmailVerified: true })
    const plain = await createMember(t.db)
    await postEndorsement(t, verified, bob.id, {
      category: 'Leadership',
      note: 'Calm under pressure',
      hashtags: ['Calm'],
    })
    await postEndorsement(t, plain, bob.id, { category: 'Leadership', hashtags: ['Calm', 'Vision'] })
    await postEndorsement(t, plain, bob.id, { category: 'Teamwork', note: 'Always helps' })
    const profile = (await t.inject(plain, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    // 10 × 1.2 × 1.25 = 15, plus 10; then 12 in Teamwork.
    expect(profile.categoryScores).toEqual([
      { category: 'Leadership', score: 25, count: 2, tags: ['Calm', 'Vision'] },
      { category: 'Teamwork', score: 12, count: 1, tags: [] },
    ])
    expect(profile.reputationScore).toBe(37)
    expect(profile.user.vouchCount).toBe(3)
    expect(profile.user.topHashtags).toEqual(['Calm', 'Vision'])
  })

  it('counts the endorser as verified by their standing when endorsing', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const before = await postEndorsement(t, alice, bob.id, { category: 'Creativity' })
    expect(before.json().engagementWeight).toBe(1)
    await t.db.update(users).set({ isEmailVerified: true }).where(eq(users.id, alice.id))
    // With caches on, alice's session holds her row until the app hears of the change.
    await t.settle()
    const after = await postEndorsement(t, alice, bob.id, { category: 'Adaptability' })
    expect(after.json().engagementWeight).toBe(1.25)
    // The earlier endorsement keeps its weight.
    const page = (await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches.map((v: TEndorsement) => [v.category, v.engagementWeight, v.verified])).toEqual([
      ['Adaptability', 1.25, true],
      ['Creativity', 1, false],
    ])
  })
})

describe('medals', () => {
  const medalsOf = async (viewer: Member, userId: number) =>
    (await t.inject(viewer, { method: 'GET', url: `/api/medals/user/${userId}` })).json()

  it('gives bronze on a skill received from 10 distinct endorsers, not before', async () => {
    const bob = await createMember(t.db)
    const skill = `Mentorship${Date.now()}`
    const endorsers = await Promise.all(Array.from({ length: 10 }, () => createMember(t.db)))
    for (const [i, endorser] of endorsers.entries()) {
      const res = await postEndorsement(t, endorser, bob.id, { category: 'Leadership', hashtags: [skill] })
      expect(res.statusCode).toBe(201)
      if (i === 8) expect(await medalsOf(bob, bob.id)).toEqual([])
    }
    const medals = await medalsOf(endorsers[0]!, bob.id)
    expect(medals).toEqual([
      expect.objectContaining({ userId: bob.id, skillName: skill, tier: 'bronze', endorsementCount: 10 }),
    ])
    const profile = (await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    expect(profile.user.medals).toHaveLength(1)
    expect(profile.user.topHashtags[0]).toBe(skill)

    // Timestamps in milliseconds and UTC whatever PostgreSQL stored (microseconds, or none).
    await t.db
      .update(medalRows)
      .set({
        lastEndorsedAt: new Date('2026-03-04T05:06:07Z'),
        createdAt: sql`'2026-01-02 03:04:05.891234+00'`,
        updatedAt: sql`'2026-01-02 05:04:05.5+02'`,
      })
      .where(eq(medalRows.userId, bob.id))
    const times = {
      lastEndorsedAt: '2026-03-04T05:06:07.000Z',
      createdAt: '2026-01-02T03:04:05.891Z',
      updatedAt: '2026-01-02T03:04:05.500Z',
    }
    expect(await medalsOf(bob, bob.id)).toEqual([expect.objectContaining(times)])
    const again = (await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    expect(again.user.medals).toEqual([expect.objectContaining(times)])
  })

  it('answers 401 without a session and 404 for an unknown member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/medals/user/1' })).statusCode).toBe(401)
    const alice = await createMember(t.db)
    expect((await t.inject(alice, { method: 'GET', url: '/api/medals/user/99999999' })).statusCode).toBe(404)
  })
})
