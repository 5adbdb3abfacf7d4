import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, postEndorsement } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const given = (viewer: Member, userId: number | string) =>
  t.inject(viewer, { method: 'GET', url: `/api/vouches/given/${userId}` })

describe('GET /api/vouches/given/:userId', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vouches/given/1' })
    expect(res.statusCode).toBe(401)
  })

  it("lists the categories the viewer already endorsed the member in, in the spec's order", async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    expect((await given(alice, bob.id)).json()).toEqual({ categories: [] })
    for (const category of ['Teamwork', 'Leadership', 'Technical Skills'])
      expect((await postEndorsement(t, alice, bob.id, { category })).statusCode).toBe(201)
    const res = await given(alice, bob.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ categories: ['Technical Skills', 'Leadership', 'Teamwork'] })
    // Each listed category is one the API refuses again.
    expect((await postEndorsement(t, alice, bob.id, { category: 'Leadership' })).statusCode).toBe(409)
  })

  it("counts only the viewer's own endorsements, anonymous and hidden ones included", async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const anonymous = await postEndorsement(t, alice, bob.id, {
      hashtags: ['Go'],
      category: 'Creativity',
      isAnonymous: true,
    })
    expect(anonymous.statusCode).toBe(201)
    const hide = await t.inject(bob, { method: 'POST', url: `/api/vouches/${anonymous.json().id}/hide` })
    expect(hide.statusCode).toBe(200)
    expect((await postEndorsement(t, carol, bob.id, { category: 'Other' })).statusCode).toBe(201)
    expect((await given(alice, bob.id)).json()).toEqual({ categories: ['Creativity'] })
    expect((await given(carol, bob.id)).json()).toEqual({ categories: ['Other'] })
    // Nothing given the other way round.
    expect((await given(bob, alice.id)).json()).toEqual({ categories: [] })
  })

  it('answers an empty list for an unknown member and 400 for a malformed id', async () => {
    const alice = await createMember(t.db)
    expect((await given(alice, 2_000_000_000)).json()).toEqual({ categories: [] })
    const bad = await given(alice, 'abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ field: 'userId' })
  })
})
