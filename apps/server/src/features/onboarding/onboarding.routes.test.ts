import type { TOnboarding, TSkillProgress } from '@vouched/shared/onboarding'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, endorse } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const onboarding = async (member: Member) => {
  const res = await t.inject(member, { method: 'GET', url: '/api/onboarding' })
  expect(res.statusCode).toBe(200)
  return res.json() as TOnboarding
}
const doneSteps = (body: TOnboarding) => body.steps.filter((step) => step.done).map((step) => step.id)

const progress = async (member: Member) => {
  const res = await t.inject(member, { method: 'GET', url: '/api/medals/progress' })
  expect(res.statusCode).toBe(200)
  return (res.json() as { skills: TSkillProgress[] }).skills
}

/** `count` endorsements of `member` carrying `tags`, each from a new member. */
async function endorseMany(member: Member, count: number, tags: string[], options: { hide?: boolean } = {}) {
  for (let i = 0; i < count; i++) {
    const created = await endorse(t, await createMember(t.db), member, { hashtags: tags, note: 'Great work' })
    if (options.hide) {
      await t.inject(member, { method: 'POST', url: `/api/vouches/${created.id}/hide` })
    }
  }
}

describe('401 without a session', () => {
  it.each(['/api/onboarding', '/api/medals/progress'])('GET %s answers 401', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401)
  })
})

describe('GET /api/onboarding', () => {
  it('lists every step undone for a new member, in order', async () => {
    const me = await createMember(t.db, { title: null, bio: null, location: null, profilePicture: null })
    expect(await onboarding(me)).toEqual({
      steps: [
        { id: 'picture', done: false },
        { id: 'title', done: false },
        { id: 'bio', done: false },
        { id: 'location', done: false },
        { id: 'workEmail', done: false },
        { id: 'connection', done: false },
        { id: 'endorsementGiven', done: false },
      ],
      complete: false,
    })
  })

  it('follows the profile edits, the first connection and the first endorsement given', async () => {
    const me = await createMember(t.db, { title: null, bio: null, location: null, profilePicture: null })
    const other = await createMember(t.db)
    const edit = await t.inject(me, {
      method: 'PATCH',
      url: `/api/users/${me.id}/profile`,
      payload: { title: 'Engineer', bio: 'Builds things', location: 'Lyon' },
    })
    expect(edit.statusCode).toBe(200)
    expect(doneSteps(await onboarding(me))).toEqual(['title', 'bio', 'location'])

    // A pending request is not a connection yet.
    const request = await t.inject(me, { method: 'POST', url: `/api/connection-requests/${other.id}` })
    expect(request.statusCode).toBe(201)
    expect(doneSteps(await onboarding(me))).not.toContain('connection')
    const accept = await t.inject(other, {
      method: 'POST',
      url: `/api/connection-requests/${request.json().request.id}/accept`,
    })
    expect(accept.statusCode).toBe(200)
    expect(doneSteps(await onboarding(me))).toContain('connection')
    // Either side of the connection has it.
    expect(doneSteps(await onboarding(other))).toContain('connection')

    // Receiving an endorsement is not giving one.
    await endorseMany(me, 1, [])
    expect(doneSteps(await onboarding(me))).not.toContain('endorsementGiven')
    const given = await t.inject(me, { method: 'POST', url: '/api/vouches', payload: { toUserId: other.id } })
    expect(given.statusCode).toBe(201)
    expect(doneSteps(await onboarding(me))).toContain('endorsementGiven')
  })

  it('is complete once every step is done', async () => {
    const me = await createMember(t.db, {
      title: 'Designer',
      bio: 'Draws',
      location: 'Porto',
      profilePicture: '/uploads/me.jpg',
      isEmailVerified: true,
    })
    const other = await createMember(t.db)
    const request = await t.inject(other, { method: 'POST', url: `/api/connection-requests/${me.id}` })
    await t.inject(me, {
      method: 'POST',
      url: `/api/connection-requests/${request.json().request.id}/accept`,
    })
    await t.inject(me, { method: 'POST', url: '/api/vouches', payload: { toUserId: other.id } })
    const body = await onboarding(me)
    expect(body.steps.every((step) => step.done)).toBe(true)
    expect(body.complete).toBe(true)
  })
})

describe('GET /api/medals/progress', () => {
  it('answers nothing for a member without skills', async () => {
    expect(await progress(await createMember(t.db))).toEqual([])
  })

  it('gives the top skills with their medal and the next one, most received first', async () => {
    const me = await createMember(t.db)
    await endorseMany(me, 3, ['TypeScript', 'Testing'])
    await endorseMany(me, 9, ['TypeScript'])
    await endorseMany(me, 1, ['Leadership'])
    expect(await progress(me)).toEqual([
      { skillName: 'TypeScript', count: 12, tier: 'bronze', nextTier: 'silver', nextThreshold: 20 },
      { skillName: 'Testing', count: 3, tier: null, nextTier: 'bronze', nextThreshold: 10 },
      { skillName: 'Leadership', count: 1, tier: null, nextTier: 'bronze', nextThreshold: 10 },
    ])
  })

  it('counts only what counts for medals: hidden endorsements are left out', async () => {
    const me = await createMember(t.db)
    await endorseMany(me, 2, ['Rust'])
    await endorseMany(me, 2, ['Rust'], { hide: true })
    expect(await progress(me)).toEqual([
      { skillName: 'Rust', count: 2, tier: null, nextTier: 'bronze', nextThreshold: 10 },
    ])
  })

  it('shows at most five skills and only the member’s own', async () => {
    const [me, other] = [await createMember(t.db), await createMember(t.db)]
    await endorseMany(me, 1, ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'])
    await endorseMany(other, 1, ['Other'])
    const skills = await progress(me)
    expect(skills.map((skill) => skill.skillName)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5'])
  })
})
