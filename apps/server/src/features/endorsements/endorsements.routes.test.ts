import { ENDORSEMENT_MESSAGES, type TEndorsement } from '@vouched/shared/endorsements'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notifications, vouches } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, postEndorsement, uploadAttachment } from '../../../test/factories'
import { makeImage, tinyPdf } from '../../../test/multipart'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('POST /api/vouches', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/vouches', payload: {} })
    expect(res.statusCode).toBe(401)
  })

  it('creates an endorsement with normalised hashtags and the default category', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const res = await postEndorsement(t, alice, bob.id, {
      note: '  Shipped our billing rewrite  ',
      hashtags: ['#TypeScript', 'typescript', ' Mentor,ship ', '##Testing'],
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      fromUserId: alice.id,
      fromUsername: alice.username,
      toUserId: bob.id,
      toUser: { id: bob.id, username: bob.username },
      category: 'Technical Skills',
      note: 'Shipped our billing rewrite',
      hashtags: ['TypeScript', 'Mentorship', 'Testing'],
      isAnonymous: false,
      likeCount: 0,
      commentCount: 0,
      engagementWeight: 1.2,
      verified: false,
      hasLiked: false,
    })
  })

  it('answers the endorsement exactly as it reads back, named or anonymous', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db, { isEmailVerified: true })]
    const named = await postEndorsement(t, bob, alice.id, { note: 'Great', hashtags: ['Go', 'Rust', 'go'] })
    const anonymous = await postEndorsement(t, alice, bob.id, {
      category: 'Leadership',
      isAnonymous: true,
      hashtags: [],
    })
    expect([named.statusCode, anonymous.statusCode]).toEqual([201, 201])
    for (const [author, created] of [
      [bob, named],
      [alice, anonymous],
    ] as const) {
      const endorsement = created.json() as { id: number; toUser: { username: string } }
      const list = await t.inject(author, {
        method: 'GET',
        url: `/api/users/${endorsement.toUser.username}/vouches`,
      })
      expect(list.json().vouches.find((v: { id: number }) => v.id === endorsement.id)).toEqual(endorsement)
    }
    expect(named.json()).toMatchObject({ hashtags: ['Go', 'Rust'], verified: true, fromUser: { id: bob.id } })
    expect(anonymous.json()).toMatchObject({ hashtags: [], isAnonymous: true, fromUserId: alice.id })
  })

  it('keeps the first spelling of a tag for everyone', async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const tag = `Rust${Date.now()}`
    await postEndorsement(t, alice, carol.id, { hashtags: [tag] })
    const res = await postEndorsement(t, bob, carol.id, { hashtags: [tag.toUpperCase()] })
    expect(res.json().hashtags).toEqual([tag])
  })

  it('refuses to let a member endorse themself (400)', async () => {
    const alice = await createMember(t.db)
    const res = await postEndorsement(t, alice, alice.id)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'SELF_ENDORSEMENT',
      field: 'toUserId',
      message: ENDORSEMENT_MESSAGES.selfEndorsement,
    })
  })

  it('answers 404 for an unknown member', async () => {
    const alice = await createMember(t.db)
    const res = await postEndorsement(t, alice, 99_999_999)
    expect(res.statusCode).toBe(404)
  })

  it('answers 409 to a second endorsement in the same category, not in another one', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    expect((await postEndorsement(t, alice, bob.id, { category: 'Leadership' })).statusCode).toBe(201)
    const again = await postEndorsement(t, alice, bob.id, { category: 'Leadership', note: 'Still great' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_ENDORSEMENT', field: 'category' })
    expect((await postEndorsement(t, alice, bob.id, { category: 'Teamwork' })).statusCode).toBe(201)
    const rows = await t.db.select().from(vouches).where(eq(vouches.toUserId, bob.id))
    expect(rows.map((v) => v.category).sort()).toEqual(['Leadership', 'Teamwork'])
  })

  it.each([
    [{ category: 'Cooking' }, 'category'],
    [{ hashtags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'hashtags'],
    [{ hashtags: ['ok', ' # , '] }, 'hashtags'],
    [{ hashtags: ['x'.repeat(51)] }, 'hashtags'],
    [{ note: 'n'.repeat(1001) }, 'note'],
    [{ isAnonymous: 'yes' }, 'isAnonymous'],
  ])('answers 400 for %o', async (payload, field) => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const res = await postEndorsement(t, alice, bob.id, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field })
  })

  it('says "You can add up to 10 hashtags" beyond ten', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const res = await postEndorsement(t, alice, bob.id, {
      hashtags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    })
    expect(res.json().message).toBe('You can add up to 10 hashtags')
  })

  it('only takes an attachment the same member uploaded', async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const upload = await uploadAttachment(t, carol, await makeImage('png'), 'image/png', 'proof.png')
    expect(upload.statusCode).toBe(201)
    const foreign = await postEndorsement(t, alice, bob.id, {
      contentUrl: upload.json().contentUrl,
      contentType: 'image/png',
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ code: 'INVALID_ATTACHMENT', field: 'contentUrl' })
    const invented = await postEndorsement(t, alice, bob.id, { contentUrl: 'https://evil.example/x.png' })
    expect(invented.statusCode).toBe(400)
    const mine = await uploadAttachment(t, alice, tinyPdf(), 'application/pdf', 'letter.pdf')
    // SPEC.md §7 sends the file name only; the server stores the served URL and the detected type.
    const fileName = mine.json().contentUrl.split('/').pop()
    const ok = await postEndorsement(t, alice, bob.id, { contentUrl: fileName, contentType: 'image/png' })
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({ contentUrl: mine.json().contentUrl, contentType: 'application/pdf' })
  })

  it('notifies the receiver in the same transaction as the endorsement', async () => {
    const [alice, bob] = [await createMember(t.db, { fullName: 'Alice Doe' }), await createMember(t.db)]
    const res = await postEndorsement(t, alice, bob.id, { category: 'Communication' })
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, bob.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      type: 'endorsement',
      entityId: res.json().id,
      fromUserId: alice.id,
      message: 'Alice Doe endorsed you for Communication',
    })
  })

  it('rolls everything back when the endorsement fails midway (duplicate race)', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const tag = `Race${Date.now()}`
    const results = await Promise.all([
      postEndorsement(t, alice, bob.id, { category: 'Initiative', hashtags: [tag] }),
      postEndorsement(t, alice, bob.id, { category: 'Initiative', hashtags: [tag] }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
    const profile = await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username}` })
    expect(profile.json().reputationScore).toBe(10)
    expect(profile.json().categoryScores).toEqual([
      { category: 'Initiative', score: 10, count: 1, tags: [tag] },
    ])
    const bobNotes = await t.db.select().from(notifications).where(eq(notifications.userId, bob.id))
    expect(bobNotes).toHaveLength(1)
  })
})

describe('anonymous endorsements', () => {
  it('hide the endorser from everyone but the endorser and admins, everywhere', async () => {
    const [alice, bob, carol] = [
      await createMember(t.db, { fullName: 'Alice Secret' }),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const admin = await createAdmin(t.db)
    const res = await postEndorsement(t, alice, bob.id, {
      isAnonymous: true,
      note: 'Quietly brilliant',
      hashtags: ['Quiet'],
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ fromUserId: alice.id, isAnonymous: true })

    const hidden = {
      fromUserId: null,
      fromUsername: null,
      fromFullName: null,
      fromProfilePicture: null,
      fromUser: null,
    }
    for (const viewer of [bob, carol]) {
      const profile = await t.inject(viewer, { method: 'GET', url: `/api/users/${bob.username}` })
      expect(profile.json().vouches[0]).toMatchObject({
        ...hidden,
        isAnonymous: true,
        note: 'Quietly brilliant',
      })
      expect(profile.body).not.toContain(alice.username)
      expect(profile.body).not.toContain('Alice Secret')
      const page = await t.inject(viewer, {
        method: 'GET',
        url: `/api/users/${bob.username}/vouches?filter=anonymous`,
      })
      expect(page.json().vouches[0]).toMatchObject(hidden)
      expect(page.body).not.toContain(alice.username)
    }
    for (const viewer of [alice, admin]) {
      const page = await t.inject(viewer, { method: 'GET', url: `/api/users/${bob.username}/vouches` })
      expect(page.json().vouches[0]).toMatchObject({ fromUserId: alice.id, fromUsername: alice.username })
    }
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, bob.id))
    expect(note).toMatchObject({ type: 'endorsement', fromUserId: null })
    expect(note!.message).not.toContain('Alice')
    expect(note!.message).not.toContain(alice.username)
  })
})

describe('GET /api/users/:username/vouches', () => {
  it('answers 401 without a session and 404 for an unknown member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/someone/vouches' })).statusCode).toBe(401)
    const alice = await createMember(t.db)
    const res = await t.inject(alice, { method: 'GET', url: '/api/users/nobody_at_all_here/vouches' })
    expect(res.statusCode).toBe(404)
  })

  it('pages newest first with a cursor, without gaps or repeats, and filters', async () => {
    const bob = await createMember(t.db)
    const endorsers = await Promise.all(Array.from({ length: 12 }, () => createMember(t.db)))
    const created: number[] = []
    for (const [i, endorser] of endorsers.entries()) {
      const res = await postEndorsement(t, endorser, bob.id, {
        category: 'Teamwork',
        isAnonymous: i % 3 === 0,
      })
      created.push(res.json().id)
    }
    const seen: number[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const url: string = `/api/users/${bob.username}/vouches?limit=5${cursor ? `&cursor=${cursor}` : ''}`
      const res = await t.inject(bob, { method: 'GET', url })
      expect(res.statusCode).toBe(200)
      const body = res.json() as { vouches: TEndorsement[]; nextCursor: string | null }
      seen.push(...body.vouches.map((v) => v.id))
      cursor = body.nextCursor
      pages += 1
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual([...created].reverse())

    const defaults = (
      await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}/vouches` })
    ).json()
    expect(defaults.vouches).toHaveLength(10)
    expect(defaults.nextCursor).not.toBeNull()

    const anonymous = (
      await t.inject(bob, {
        method: 'GET',
        url: `/api/users/${bob.username}/vouches?filter=anonymous&limit=50`,
      })
    ).json()
    expect(anonymous.vouches.map((v: TEndorsement) => v.isAnonymous)).toEqual([true, true, true, true])
    expect(anonymous.nextCursor).toBeNull()
    const pub = (
      await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}/vouches?filter=public&limit=50` })
    ).json()
    expect(pub.vouches).toHaveLength(8)
    expect(pub.vouches.every((v: TEndorsement) => !v.isAnonymous)).toBe(true)
  })

  it.each(['limit=0', 'limit=51', 'limit=abc', 'cursor=bm90LWEtY3Vyc29y', 'filter=secret'])(
    'answers 400 to %s',
    async (query) => {
      const alice = await createMember(t.db)
      const res = await t.inject(alice, {
        method: 'GET',
        url: `/api/users/${alice.username}/vouches?${query}`,
      })
      expect(res.statusCode).toBe(400)
    },
  )
})
