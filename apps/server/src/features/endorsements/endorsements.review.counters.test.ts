import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { counters, recomputeEverything } from '../../../test/counter-snapshot'
import { createMember } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const call = async (member: Member, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const res = await t.inject(member, { method, url, payload })
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.json()
}

describe('denormalised counters after review, edits and withdrawals', () => {
  it('always equal a recomputation from scratch', async () => {
    await t.reset()
    const members: Member[] = []
    for (let i = 0; i < 13; i++) {
      members.push(await createMember(t.db, { isEmailVerified: i % 3 === 0, reviewEndorsements: i === 0 }))
    }
    const [star, plain] = members as [Member, Member]
    const givers = members.slice(2)

    // Eleven endorse the reviewing star (they wait), and the plain member (they count at once).
    const pending: { id: number; from: Member }[] = []
    const counted: { id: number; from: Member }[] = []
    for (const [i, m] of givers.entries()) {
      const body = {
        category: i % 2 === 0 ? 'Leadership' : 'Teamwork',
        note: i % 3 === 0 ? `Note ${i}` : undefined,
        hashtags: ['Alpha', ...(i % 4 === 0 ? ['Beta'] : [])],
        isAnonymous: i % 5 === 0,
      }
      pending.push({
        id: (await call(m, 'POST', '/api/vouches', { toUserId: star.id, ...body })).id,
        from: m,
      })
      counted.push({
        id: (await call(m, 'POST', '/api/vouches', { toUserId: plain.id, ...body })).id,
        from: m,
      })
    }
    // The star endorses two givers back by name: a pair once the waiting one is accepted.
    await call(star, 'POST', '/api/vouches', {
      toUserId: givers[0]!.id,
      category: 'Leadership',
      hashtags: ['Gamma'],
    })
    await call(star, 'POST', '/api/vouches', { toUserId: givers[1]!.id, category: 'Teamwork' })
    let before = await counters(t.db)
    await recomputeEverything(t.db)
    expect(await counters(t.db)).toEqual(before)

    // Ten accepted (Alpha reaches bronze), one declined.
    for (const { id } of pending.slice(0, 10)) await call(star, 'POST', `/api/vouches/${id}/accept`)
    await call(star, 'POST', `/api/vouches/${pending[10]!.id}/decline`)
    before = await counters(t.db)
    expect(before.medals.filter((m) => m.userId === star.id).map((m) => m.skillName)).toEqual(['Alpha'])
    await recomputeEverything(t.db)
    expect(await counters(t.db)).toEqual(before)

    // Edits: notes on and off, skills swapped (Alpha falls below bronze for the star), a hidden one edited,
    // and a reciprocal one edited.
    await call(star, 'POST', `/api/vouches/${pending[3]!.id}/hide`)
    for (const [i, { id, from }] of pending.slice(0, 4).entries()) {
      await call(from, 'PATCH', `/api/vouches/${id}`, {
        note: i % 2 === 0 ? null : 'Now with a note',
        hashtags: ['Delta', ...(i === 1 ? ['alpha'] : [])],
        level: 'expert',
      })
    }
    for (const { id, from } of counted.slice(0, 3)) {
      await call(from, 'PATCH', `/api/vouches/${id}`, {
        hashtags: ['Beta', 'Epsilon'],
        relationship: 'client',
      })
    }
    before = await counters(t.db)
    expect(before.medals.filter((m) => m.userId === star.id)).toEqual([])
    await recomputeEverything(t.db)
    expect(await counters(t.db)).toEqual(before)

    // Withdrawals: a reciprocal one, an anonymous one, a hidden one, and one of the plain member's.
    for (const index of [0, 3, 5])
      await call(pending[index]!.from, 'DELETE', `/api/vouches/${pending[index]!.id}`)
    await call(counted[4]!.from, 'DELETE', `/api/vouches/${counted[4]!.id}`)
    before = await counters(t.db)
    await recomputeEverything(t.db)
    expect(await counters(t.db)).toEqual(before)
  })
})
