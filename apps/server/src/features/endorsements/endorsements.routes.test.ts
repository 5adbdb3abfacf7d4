import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { ENDORSEMENT_MESSAGES, type TEndorsement } from '@vouched/shared/endorsements'
import { and, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { medals as medalRows, notifications, uploads, users, vouches } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse, postEndorsement } from '../../../test/factories'
import { makeImage, multipart, tinyPdf } from '../../../test/multipart'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const uploadAttachment = async (member: Member, data: Buffer, contentType: string, fileName: string) => {
  const body = multipart({ field: 'file', fileName, contentType, data })
  return t.inject(member, { method: 'POST', url: '/api/vouches/attachments', ...body })
}

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
    const upload = await uploadAttachment(carol, await makeImage('png'), 'image/png', 'proof.png')
    expect(upload.statusCode).toBe(201)
    const foreign = await postEndorsement(t, alice, bob.id, {
      contentUrl: upload.json().contentUrl,
      contentType: 'image/png',
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ code: 'INVALID_ATTACHMENT', field: 'contentUrl' })
    const invented = await postEndorsement(t, alice, bob.id, { contentUrl: 'https://evil.example/x.png' })
    expect(invented.statusCode).toBe(400)
    const mine = await uploadAttachment(alice, tinyPdf(), 'application/pdf', 'letter.pdf')
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
      const upload = await uploadAttachment(alice, await makeImage('jpeg'), 'image/jpeg', 'photo.jpg')
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

describe('POST /api/vouches/attachments', () => {
  it('answers 401 without a session', async () => {
    const body = multipart({
      field: 'file',
      fileName: 'a.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    })
    const res = await t.app.inject({ method: 'POST', url: '/api/vouches/attachments', ...body })
    expect(res.statusCode).toBe(401)
  })

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
  ] as const)('stores a %s under a random name and serves it with its type', async (format, type) => {
    const alice = await createMember(t.db)
    const data = await makeImage(format)
    const res = await uploadAttachment(alice, data, 'application/octet-stream', '../../etc/passwd')
    expect(res.statusCode).toBe(201)
    const { contentUrl, contentType } = res.json()
    expect(contentType).toBe(type)
    expect(contentUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif)$/)
    const served = await t.app.inject({ method: 'GET', url: contentUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe(type)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // Re-encoded (metadata stripped: endorsements.attachments.test.ts), the same picture.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format, width: 64, height: 48 })
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, contentUrl.split('/').pop()))
    expect(row).toMatchObject({
      userId: alice.id,
      kind: 'attachment',
      contentType: type,
      size: served.rawPayload.length,
    })
    const files = await readdir(path.join(t.config.dataDir, 'uploads'))
    expect(files).toContain(contentUrl.split('/').pop())
  })

  it('stores a PDF', async () => {
    const alice = await createMember(t.db)
    const res = await uploadAttachment(alice, tinyPdf(), 'application/pdf', 'cv.pdf')
    expect(res.statusCode).toBe(201)
    expect(res.json().contentType).toBe('application/pdf')
    const served = await t.app.inject({ method: 'GET', url: res.json().contentUrl })
    expect(served.headers['content-type']).toBe('application/pdf')
  })

  it('answers 415 to a text file named .png, whatever it claims', async () => {
    const alice = await createMember(t.db)
    const res = await uploadAttachment(
      alice,
      Buffer.from('<script>alert(1)</script>'),
      'image/png',
      'evil.png',
    )
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: ENDORSEMENT_MESSAGES.attachmentType,
    })
  })

  it('answers 415 to an SVG (scripts run in it)', async () => {
    const alice = await createMember(t.db)
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect((await uploadAttachment(alice, svg, 'image/svg+xml', 'a.svg')).statusCode).toBe(415)
  })

  it('answers 413 above 10MB and accepts exactly 10MB', async () => {
    const alice = await createMember(t.db)
    const pdf = tinyPdf()
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)])
    const tooBig = await uploadAttachment(alice, big, 'application/pdf', 'big.pdf')
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toMatchObject({ message: ENDORSEMENT_MESSAGES.attachmentTooLarge })
    const exact = await uploadAttachment(
      alice,
      big.subarray(0, 10 * 1024 * 1024),
      'application/pdf',
      'ok.pdf',
    )
    expect(exact.statusCode).toBe(201)
  })

  it('answers 400 without a file or with the file in another field, 415 without multipart', async () => {
    const alice = await createMember(t.db)
    const wrongField = multipart({
      field: 'attachment',
      fileName: 'a.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    })
    expect(
      (await t.inject(alice, { method: 'POST', url: '/api/vouches/attachments', ...wrongField })).statusCode,
    ).toBe(400)
    const empty = await t.inject(alice, {
      method: 'POST',
      url: '/api/vouches/attachments',
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(empty.statusCode).toBe(400)
    const json = await t.inject(alice, {
      method: 'POST',
      url: '/api/vouches/attachments',
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })

  it('answers 404 for unknown or malformed upload names', async () => {
    for (const url of [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/x.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})

describe('likes', () => {
  it('answer 401 without a session', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/vouches/1/likes' })).statusCode).toBe(401)
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/vouches/1/likes/check' })).statusCode).toBe(401)
  })

  it('answer 404 for an unknown endorsement', async () => {
    const alice = await createMember(t.db)
    for (const [method, url] of [
      ['POST', '/api/vouches/99999999/likes'],
      ['DELETE', '/api/vouches/99999999/likes'],
      ['GET', '/api/vouches/99999999/likes/check'],
    ] as const) {
      expect((await t.inject(alice, { method, url })).statusCode).toBe(404)
    }
  })

  it('on endorsements in opposite directions at once never deadlock, and count every unread notification', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const aliceToBob = (await endorse(t, alice, bob.id, { category: 'Other' })).id
    const bobToAlice = (await endorse(t, bob, alice.id, { category: 'Other' })).id
    const likers = await Promise.all(Array.from({ length: 24 }, () => createMember(t.db)))
    const answers = await Promise.all(
      likers.flatMap((liker) =>
        [aliceToBob, bobToAlice].map((id) =>
          t.inject(liker, { method: 'POST', url: `/api/vouches/${id}/likes` }),
        ),
      ),
    )
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200))
    // Each like notified both of them; each also has the other's endorsement.
    for (const member of [alice, bob]) {
      const res = await t.inject(member, { method: 'GET', url: '/api/notifications?limit=1' })
      expect(res.json().unreadCount).toBe(2 * likers.length + 1)
    }
  })

  it('toggle idempotently and notify the receiver and the giver, never the actor', async () => {
    const [alice, bob, carol] = [
      await createMember(t.db),
      await createMember(t.db, { fullName: 'Bob Receiver' }),
      await createMember(t.db, { fullName: 'Carol Liker' }),
    ]
    const id = (await endorse(t, alice, bob.id, { category: 'Other' })).id
    const url = `/api/vouches/${id}/likes`
    expect((await t.inject(carol, { method: 'GET', url: `${url}/check` })).json()).toEqual({
      hasLiked: false,
    })
    expect((await t.inject(carol, { method: 'POST', url })).json()).toEqual({ hasLiked: true, likeCount: 1 })
    expect((await t.inject(carol, { method: 'POST', url })).json()).toEqual({ hasLiked: true, likeCount: 1 })
    expect((await t.inject(carol, { method: 'GET', url: `${url}/check` })).json()).toEqual({ hasLiked: true })
    const page = (await t.inject(carol, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches[0]).toMatchObject({ id, likeCount: 1, hasLiked: true })

    const likeNotes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'like'), eq(notifications.entityId, id)))
    expect(likeNotes.map((n) => [n.userId, n.fromUserId, n.message]).sort()).toEqual(
      [
        [bob.id, carol.id, 'Carol Liker liked an endorsement you received'],
        [alice.id, carol.id, 'Carol Liker liked your endorsement of Bob Receiver'],
      ].sort(),
    )

    expect((await t.inject(carol, { method: 'DELETE', url })).json()).toEqual({
      hasLiked: false,
      likeCount: 0,
    })
    expect((await t.inject(carol, { method: 'DELETE', url })).json()).toEqual({
      hasLiked: false,
      likeCount: 0,
    })

    // The receiver liking their own endorsement notifies only the giver.
    await t.inject(bob, { method: 'POST', url })
    const bobs = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'like'), eq(notifications.fromUserId, bob.id)))
    expect(bobs.map((n) => n.userId)).toEqual([alice.id])
  })
})

describe('comments', () => {
  it('answer 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/vouches/1/comments' })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/vouches/1/comments', payload: { comment: 'x' } }))
        .statusCode,
    ).toBe(401)
    expect((await t.app.inject({ method: 'DELETE', url: '/api/comments/1' })).statusCode).toBe(401)
  })

  it('are added, listed and counted, with their author', async () => {
    const [alice, bob, carol] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db, { fullName: 'Carol Commenter' }),
    ]
    const id = (await endorse(t, alice, bob.id)).id
    const res = await t.inject(carol, {
      method: 'POST',
      url: `/api/vouches/${id}/comments`,
      payload: { comment: '  Totally agree!  ' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      vouchId: id,
      userId: carol.id,
      comment: 'Totally agree!',
      username: carol.username,
      fullName: 'Carol Commenter',
    })
    await t.inject(bob, {
      method: 'POST',
      url: `/api/vouches/${id}/comments`,
      payload: { comment: 'Thanks!' },
    })
    const list = (await t.inject(alice, { method: 'GET', url: `/api/vouches/${id}/comments` })).json()
    expect(list.map((c: { comment: string }) => c.comment)).toEqual(['Totally agree!', 'Thanks!'])
    const page = (await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches[0].commentCount).toBe(2)
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'comment'), eq(notifications.entityId, id)))
    // Carol's comment notifies Bob and Alice; Bob's notifies Alice only.
    expect(notes.map((n) => `${n.userId}<-${n.fromUserId}`).sort()).toEqual(
      [`${bob.id}<-${carol.id}`, `${alice.id}<-${carol.id}`, `${alice.id}<-${bob.id}`].sort(),
    )
  })

  it.each([
    ['   ', ENDORSEMENT_MESSAGES.commentEmpty],
    ['', ENDORSEMENT_MESSAGES.commentEmpty],
    ['c'.repeat(1001), ENDORSEMENT_MESSAGES.commentMax],
  ])('refuses %j with a 400', async (comment, message) => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const id = (await endorse(t, alice, bob.id)).id
    const res = await t.inject(bob, {
      method: 'POST',
      url: `/api/vouches/${id}/comments`,
      payload: { comment },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'comment', message })
  })

  it('answer 404 on an unknown endorsement or comment', async () => {
    const alice = await createMember(t.db)
    expect((await t.inject(alice, { method: 'GET', url: '/api/vouches/99999999/comments' })).statusCode).toBe(
      404,
    )
    const post = await t.inject(alice, {
      method: 'POST',
      url: '/api/vouches/99999999/comments',
      payload: { comment: 'hi' },
    })
    expect(post.statusCode).toBe(404)
    expect((await t.inject(alice, { method: 'DELETE', url: '/api/comments/99999999' })).statusCode).toBe(404)
  })

  it('are deleted by their author or an admin, nobody else', async () => {
    const [alice, bob, carol] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const admin = await createAdmin(t.db)
    const id = (await endorse(t, alice, bob.id)).id
    const add = async (comment: string) =>
      (
        await t.inject(carol, { method: 'POST', url: `/api/vouches/${id}/comments`, payload: { comment } })
      ).json().id
    const first = await add('first')
    const second = await add('second')
    // Not even the endorsement's receiver or giver deletes someone else's comment.
    for (const other of [alice, bob]) {
      const res = await t.inject(other, { method: 'DELETE', url: `/api/comments/${first}` })
      expect(res.statusCode).toBe(403)
    }
    expect((await t.inject(carol, { method: 'DELETE', url: `/api/comments/${first}` })).json()).toEqual({
      success: true,
    })
    expect((await t.inject(admin, { method: 'DELETE', url: `/api/comments/${second}` })).statusCode).toBe(200)
    const list = (await t.inject(alice, { method: 'GET', url: `/api/vouches/${id}/comments` })).json()
    expect(list).toEqual([])
    const page = (await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username}/vouches` })).json()
    expect(page.vouches[0].commentCount).toBe(0)
  })
})
