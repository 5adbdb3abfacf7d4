import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember } from '../../../test/factories'
import { handInvalidation } from '../../../test/hand-invalidation'
import { createBlockSets } from '../blocks/blocks.queries'
import { users } from '../../db/schema/index'
import type { Viewer } from '../endorsements/endorsements.queries'
import { findProfileAnswer } from './profiles.answer-query'
import { createProfileSnapshots } from './profiles.snapshots'
import { getProfile } from './profiles.service'

/*
 * The profile response PostgreSQL writes (findProfileAnswer) against the one the server writes from
 * the profile read (getProfile through the schema's encoding), member by member and viewer by viewer:
 * same keys in the same order, same values. bench/profile-miss.ts --check does the same over a sample
 * of the generated 100k-member data set.
 */

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const ok = (status: number) => expect([200, 201]).toContain(status)
const endorse = async (from: Member, to: Member, payload: Record<string, unknown> = {}) => {
  const res = await t.inject(from, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: to.id, category: 'Teamwork', ...payload },
  })
  expect(res.statusCode).toBe(201)
  return (res.json() as { id: number }).id
}
const post = async (member: Member, url: string, payload?: Record<string, unknown>) =>
  ok((await t.inject(member, { method: 'POST', url, ...(payload ? { payload } : {}) })).statusCode)

/** The response as the server writes it today: read from the database, or held in memory for anyone. */
async function oldAnswers(username: string, viewer: Viewer) {
  const answers: (string | null)[] = []
  for (const maxEntries of [0, 100]) {
    const hand = handInvalidation()
    const profiles = createProfileSnapshots(
      t.db,
      hand.invalidation,
      createBlockSets(t.db, hand.invalidation, 100),
      maxEntries,
    )
    answers.push(
      await getProfile(profiles, username, viewer).then(
        (answer) => answer.json,
        (error: { status?: number }) => {
          expect(error.status).toBe(404)
          return null
        },
      ),
    )
  }
  return answers
}

async function expectSameAnswers(members: Member[], viewers: Viewer[]) {
  let compared = 0
  for (const member of members) {
    for (const viewer of viewers) {
      const answer = await findProfileAnswer(t.db, member.username.toUpperCase(), viewer)
      // PostgreSQL writes spaces around ':' and after ','; parsed and written again, the text is the old one.
      const written = answer === null ? null : JSON.stringify(JSON.parse(answer))
      for (const old of await oldAnswers(member.username, viewer)) {
        expect(written, `${member.username} seen by ${JSON.stringify(viewer)}`).toBe(old)
        compared += 1
      }
    }
  }
  return compared
}

describe('the profile response written by PostgreSQL', () => {
  it('is the response written by the server, for every kind of viewer', async () => {
    const bob = await createMember(t.db, {
      title: 'Engineer',
      bio: 'Line one\nline "two" \\ three',
      location: 'Zürich',
      workEmail: 'bob@example.com',
      isEmailVerified: true,
      profilePicture: '/uploads/bob.png',
    })
    const endorsers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createMember(t.db, { isEmailVerified: i % 3 === 0 })),
    )
    const [ann, cy, dee, eve, fay] = endorsers as [Member, Member, Member, Member, Member]
    const admin = await createAdmin(t.db)
    const stranger = await createMember(t.db)
    const blockedByBob = await createMember(t.db)
    const blockerOfBob = await createMember(t.db)

    // Ten endorsements with the same skill earn a bronze medal; notes, tags and categories vary.
    for (const [i, from] of endorsers.slice(0, 10).entries()) {
      await endorse(from, bob, {
        category: ['Teamwork', 'Leadership', 'Technical Skills', 'Other'][i % 4],
        hashtags: ['Rust', ...(i % 2 ? ['Calm', 'Kind'] : [])],
        ...(i % 3 ? { note: `Note ${i}: “quoted” \u2028 ok` } : {}),
      })
    }
    const anonymous = await endorse(endorsers[10]!, bob, { category: 'Creativity', isAnonymous: true })
    const hidden = await endorse(endorsers[11]!, bob, { category: 'Initiative', note: 'Hidden later' })
    await post(bob, `/api/vouches/${hidden}/hide`)
    await post(ann, `/api/vouches/${anonymous}/likes`)
    await post(cy, `/api/vouches/${anonymous}/comments`, { comment: 'Agreed' })
    // Endorsements between others, for activity scores and first pages of their own.
    await endorse(bob, ann, { category: 'Communication', hashtags: ['Clear'] })
    await endorse(dee, ann, { category: 'Communication', isAnonymous: true })
    await endorse(blockedByBob, bob, { category: 'Adaptability' })
    // Blocks both ways: bob blocks a member (their endorsement is hidden by the block), another blocks bob.
    await post(bob, `/api/blocks/${blockedByBob.id}`)
    await post(blockerOfBob, `/api/blocks/${bob.id}`)

    const viewers: Viewer[] = [
      bob,
      ann,
      endorsers[10]!,
      eve,
      stranger,
      admin,
      blockedByBob,
      blockerOfBob,
    ].map((m) => ({ id: m.id, isAdmin: m.isAdmin }))
    const members = [bob, ann, dee, fay, stranger, blockedByBob, blockerOfBob, admin]
    expect(await expectSameAnswers(members, viewers)).toBe(members.length * viewers.length * 2)

    // And whoever blocked the viewer does not exist for them (but does for admins).
    expect(await findProfileAnswer(t.db, blockerOfBob.username, { id: bob.id, isAdmin: false })).toBeNull()
    expect(
      await findProfileAnswer(t.db, blockerOfBob.username, { id: admin.id, isAdmin: true }),
    ).not.toBeNull()
    expect(await findProfileAnswer(t.db, 'nobody-here', { id: bob.id, isAdmin: false })).toBeNull()
  })

  it('writes scores and weights as the server rounds them, and a member with no endorsements', async () => {
    const [sue, joe] = await Promise.all([createMember(t.db), createMember(t.db)])
    // Reals whose doubles sit just beside a rounding half.
    for (const score of [0.125, 12.345, 0.005, 1 / 3, 99.995, 1234.5678]) {
      await t.db.update(users).set({ reputationScore: score }).where(eq(users.id, sue.id))
      expect(await expectSameAnswers([sue], [{ id: joe.id, isAdmin: false }])).toBe(2)
    }
  })

  it('answers the route with the same response', async () => {
    const [sue, joe] = await Promise.all([createMember(t.db), createMember(t.db)])
    await endorse(joe, sue, { hashtags: ['Kind'], note: 'Thanks' })
    const res = await t.inject(joe, { method: 'GET', url: `/api/users/${sue.username}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const [old] = await oldAnswers(sue.username, { id: joe.id, isAdmin: false })
    expect(JSON.stringify(res.json())).toBe(old)
  })
})
