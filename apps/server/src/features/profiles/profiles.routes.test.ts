import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads, users } from '../../db/schema/index'
import type { Mailer } from '../../core/mail'
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse, postEndorsement } from '../../../test/factories'
import { makeImage, multipart } from '../../../test/multipart'
import { addWorkEmail } from './profiles.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

describe('GET /api/users/:username', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/anyone' })).statusCode).toBe(401)
  })

  it('answers 404 for an unknown member', async () => {
    const alice = await createMember(t.db)
    const res = await t.inject(alice, { method: 'GET', url: '/api/users/no_such_member_here' })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('NOT_FOUND')
  })

  it('shows a new member with empty scores, ignoring the case of the username', async () => {
    const [alice, bob] = [
      await createMember(t.db),
      await createMember(t.db, { title: 'Engineer', bio: 'Hi' }),
    ]
    const res = await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username.toUpperCase()}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      user: expect.objectContaining({
        id: bob.id,
        username: bob.username,
        title: 'Engineer',
        bio: 'Hi',
        isVerified: false,
        reputationScore: 0,
        vouchCount: 0,
        activityScore: 0,
        topHashtags: [],
        medals: [],
      }),
      reputationScore: 0,
      categoryScores: [],
      vouches: [],
      nextCursor: null,
    })
  })

  it('shows email and work email to the owner and admins only', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db, { workEmail: 'bob@acme.io' })]
    const admin = await createAdmin(t.db)
    const other = (await t.inject(alice, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    expect(other.user).not.toHaveProperty('email')
    expect(other.user).not.toHaveProperty('workEmail')
    const own = (await t.inject(bob, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    expect(own.user).toMatchObject({ email: bob.email, workEmail: 'bob@acme.io' })
    const asAdmin = (await t.inject(admin, { method: 'GET', url: `/api/users/${bob.username}` })).json()
    expect(asAdmin.user.email).toBe(bob.email)
  })

  it('shows each viewer the same first page as the endorsement list: hidden, anonymous, liked, tags', async () => {
    const bob = await createMember(t.db)
    const [ann, cy, dee, eve] = await Promise.all(Array.from({ length: 4 }, () => createMember(t.db)))
    const admin = await createAdmin(t.db)
    await endorse(t, ann!, bob, {
      category: 'Teamwork',
      hashtags: ['Kind', 'Agile'],
      note: 'Steady',
    })
    const anonymous = (
      await endorse(t, cy!, bob, { category: 'Leadership', isAnonymous: true, hashtags: ['Calm'] })
    ).id
    const hidden = (await endorse(t, dee!, bob, { category: 'Other' })).id
    await endorse(t, eve!, bob, {
      category: 'Communication',
      hashtags: ['Clear', 'Brief', 'Kind'],
    })
    expect((await t.inject(bob, { method: 'POST', url: `/api/vouches/${hidden}/hide` })).statusCode).toBe(200)
    expect(
      (await t.inject(ann!, { method: 'POST', url: `/api/vouches/${anonymous}/likes` })).statusCode,
    ).toBe(200)

    for (const viewer of [ann!, cy!, bob, admin]) {
      const get = async (url: string) => (await t.inject(viewer, { method: 'GET', url })).json()
      const profile = await get(`/api/users/${bob.username}`)
      const list = await get(`/api/users/${bob.username}/vouches?limit=3`)
      expect(profile.vouches).toEqual(list.vouches)
      expect(profile.nextCursor).toBe(list.nextCursor)
    }
    const seenBy = async (viewer: Member) =>
      (await t.inject(viewer, { method: 'GET', url: `/api/users/${bob.username}` })).json().vouches
    // Newest first; the hidden one only for the receiver and admins, the anonymous endorser only for
    // themself and admins; a like only for who gave it.
    expect((await seenBy(ann!)).map((v: { category: string }) => v.category)).toEqual([
      'Communication',
      'Leadership',
      'Teamwork',
    ])
    expect((await seenBy(bob)).map((v: { category: string }) => v.category)).toEqual([
      'Communication',
      'Other',
      'Leadership',
    ])
    const [communication, leadership] = await seenBy(ann!)
    expect(communication).toMatchObject({
      hashtags: ['Clear', 'Brief', 'Kind'],
      hasLiked: false,
      fromUserId: eve!.id,
    })
    expect(leadership).toMatchObject({ fromUserId: null, fromUsername: null, hasLiked: true, likeCount: 1 })
    expect((await seenBy(cy!))[1]).toMatchObject({ fromUserId: cy!.id, hasLiked: false })
    expect(new Date(communication.createdAt).toISOString()).toBe(communication.createdAt)
  })

  it('groups scores by category with their tags and returns the first 3 endorsements with a cursor', async () => {
    const bob = await createMember(t.db)
    const endorsers = await Promise.all(Array.from({ length: 4 }, () => createMember(t.db)))
    await postEndorsement(t, endorsers[0]!, bob.id, { category: 'Teamwork', hashtags: ['Kind', 'Agile'] })
    await postEndorsement(t, endorsers[1]!, bob.id, { category: 'Technical Skills', hashtags: ['Agile'] })
    await postEndorsement(t, endorsers[2]!, bob.id, {
      category: 'Teamwork',
      hashtags: ['Agile'],
      note: 'Great',
    })
    await postEndorsement(t, endorsers[3]!, bob.id, { category: 'Other' })
    const profile = (
      await t.inject(endorsers[0]!, { method: 'GET', url: `/api/users/${bob.username}` })
    ).json()
    // In the order of SPEC.md §5's list; tags most received first.
    expect(profile.categoryScores).toEqual([
      { category: 'Technical Skills', score: 10, count: 1, tags: ['Agile'] },
      { category: 'Teamwork', score: 22, count: 2, tags: ['Agile', 'Kind'] },
      { category: 'Other', score: 10, count: 1, tags: [] },
    ])
    expect(profile.reputationScore).toBe(42)
    expect(profile.user.topHashtags).toEqual(['Agile', 'Kind'])
    expect(profile.vouches.map((v: { category: string }) => v.category)).toEqual([
      'Other',
      'Teamwork',
      'Technical Skills',
    ])
    expect(profile.nextCursor).toEqual(expect.any(String))
    const rest = (
      await t.inject(bob, {
        method: 'GET',
        url: `/api/users/${bob.username}/vouches?cursor=${profile.nextCursor}`,
      })
    ).json()
    expect(rest.vouches.map((v: { category: string }) => v.category)).toEqual(['Teamwork'])
    expect(rest.nextCursor).toBeNull()
  })
})

describe('PATCH /api/users/:id/profile', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/1/profile',
      payload: { fullName: 'X Y' },
    })
    expect(res.statusCode).toBe(401)
  })

  it("answers 403 on another member's profile, whatever the body", async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    for (const payload of [{ fullName: 'Hacked Name' }, { fullName: 'x' }]) {
      const res = await t.inject(alice, { method: 'PATCH', url: `/api/users/${bob.id}/profile`, payload })
      expect(res.statusCode).toBe(403)
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id))
    expect(row!.fullName).toBe(bob.fullName)
  })

  it('updates the fields given, clears emptied ones and leaves the others', async () => {
    const alice = await createMember(t.db, { title: 'Old title', location: 'Paris', bio: 'Old bio' })
    const res = await t.inject(alice, {
      method: 'PATCH',
      url: `/api/users/${alice.id}/profile`,
      payload: { fullName: '  Alice Martin ', title: 'Staff Engineer', location: '' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: alice.id,
      fullName: 'Alice Martin',
      title: 'Staff Engineer',
      location: null,
      bio: 'Old bio',
      email: alice.email,
    })
  })

  it.each([
    [{ fullName: 'A' }, 'fullName', PROFILE_MESSAGES.fullNameMin],
    [{ fullName: 'a'.repeat(101) }, 'fullName', PROFILE_MESSAGES.fullNameMax],
    [{ title: 't'.repeat(101) }, 'title', PROFILE_MESSAGES.titleMax],
    [{ bio: 'b'.repeat(501) }, 'bio', PROFILE_MESSAGES.bioMax],
    [{ location: 'l'.repeat(101) }, 'location', PROFILE_MESSAGES.locationMax],
  ])('refuses %o with a 400 on its field', async (payload, field, message) => {
    const alice = await createMember(t.db)
    const res = await t.inject(alice, { method: 'PATCH', url: `/api/users/${alice.id}/profile`, payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field, message })
  })

  it('accepts the limits themselves', async () => {
    const alice = await createMember(t.db)
    const payload = {
      fullName: 'a'.repeat(100),
      title: 't'.repeat(100),
      bio: 'b'.repeat(500),
      location: 'l'.repeat(100),
    }
    const res = await t.inject(alice, { method: 'PATCH', url: `/api/users/${alice.id}/profile`, payload })
    expect(res.statusCode).toBe(200)
  })
})

describe('POST /api/users/:id/profile-picture', () => {
  const upload = async (
    member: Member,
    userId: number,
    data: Buffer,
    contentType = 'image/png',
    field = 'profilePicture',
  ) =>
    t.inject(member, {
      method: 'POST',
      url: `/api/users/${userId}/profile-picture`,
      ...multipart({ field, fileName: 'me.png', contentType, data }),
    })

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/1/profile-picture',
      ...multipart({
        field: 'profilePicture',
        fileName: 'a.png',
        contentType: 'image/png',
        data: await makeImage('png'),
      }),
    })
    expect(res.statusCode).toBe(401)
  })

  it("answers 403 for another member's picture and stores nothing", async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const res = await upload(alice, bob.id, await makeImage('png'))
    expect(res.statusCode).toBe(403)
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, alice.id))).toEqual([])
  })

  it('re-encodes and resizes a PNG, serves it, and removes the previous picture', async () => {
    const alice = await createMember(t.db)
    const first = await upload(alice, alice.id, await makeImage('png', 1200, 800))
    expect(first.statusCode).toBe(200)
    const firstUrl = first.json().profilePicture as string
    expect(firstUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/)
    const served = await t.app.inject({ method: 'GET', url: firstUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const meta = await sharp(served.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 400])

    const second = await upload(alice, alice.id, await makeImage('jpeg', 300, 300), 'image/jpeg')
    expect(second.statusCode).toBe(200)
    const secondUrl = second.json().profilePicture as string
    expect(secondUrl).not.toBe(firstUrl)
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404)
    const files = await readdir(path.join(t.config.dataDir, 'uploads'))
    expect(files).not.toContain(firstUrl.split('/').pop())
    expect(files).toContain(secondUrl.split('/').pop())
    const rows = await t.db.select().from(uploads).where(eq(uploads.userId, alice.id))
    expect(rows.map((r) => [r.kind, `/uploads/${r.fileName}`])).toEqual([['profile-picture', secondUrl]])
    const me = (await t.inject(alice, { method: 'GET', url: '/api/user' })).json()
    expect(me.profilePicture).toBe(secondUrl)
  })

  it('answers 415 to a text file renamed .png, and to a GIF', async () => {
    const alice = await createMember(t.db)
    const fake = await upload(alice, alice.id, Buffer.from('just some text, honestly'))
    expect(fake.statusCode).toBe(415)
    expect(fake.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: PROFILE_MESSAGES.pictureType,
    })
    const gif = await upload(alice, alice.id, await makeImage('gif'), 'image/gif')
    expect(gif.statusCode).toBe(415)
  })

  it('answers 415 to a truncated PNG it cannot decode', async () => {
    const alice = await createMember(t.db)
    const png = await makeImage('png', 300, 300)
    const res = await upload(alice, alice.id, png.subarray(0, 60))
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe('UNREADABLE_IMAGE')
  })

  it('answers 413 from 5MB on', async () => {
    const alice = await createMember(t.db)
    const png = await makeImage('png')
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)])
    const res = await upload(alice, alice.id, big)
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PROFILE_MESSAGES.pictureSize })
  })

  it('answers 400 when the file is not in the profilePicture field', async () => {
    const alice = await createMember(t.db)
    const res = await upload(alice, alice.id, await makeImage('png'), 'image/png', 'avatar')
    expect(res.statusCode).toBe(400)
  })
})

describe('work email verification', () => {
  const addEmail = (member: Member, email: string) =>
    t.inject(member, { method: 'POST', url: '/api/users/add-work-email', payload: { email } })
  const verify = (member: Member, verificationCode: string) =>
    t.inject(member, { method: 'POST', url: '/api/users/verify-email', payload: { verificationCode } })
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/verification-status' })).statusCode).toBe(
      401,
    )
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/users/add-work-email',
      payload: { email: 'a@b.io' },
    })
    expect(add.statusCode).toBe(401)
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { verificationCode: '123456' },
    })
    expect(check.statusCode).toBe(401)
  })

  it.each(['me@gmail.com', 'me@yahoo.co.uk', 'me@Outlook.com', 'me@mail.protonmail.ch', 'me@att.net'])(
    'refuses the personal address %s with the SPEC message',
    async (email) => {
      const alice = await createMember(t.db)
      const res = await addEmail(alice, email)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'email',
        message: PROFILE_MESSAGES.personalEmail,
      })
    },
  )

  it('refuses an invalid address', async () => {
    const alice = await createMember(t.db)
    expect((await addEmail(alice, 'not-an-email')).statusCode).toBe(400)
  })

  it('mails a 6-digit code, shows it as the demo hint without SMTP, and verifies with it', async () => {
    const alice = await createMember(t.db)
    const status = await t.inject(alice, { method: 'GET', url: '/api/users/verification-status' })
    expect(status.json()).toEqual({ verified: false, workEmail: null })
    const res = await addEmail(alice, 'alice@acme-corp.io')
    expect(res.statusCode).toBe(200)
    const { verificationCode } = res.json()
    expect(verificationCode).toMatch(/^\d{6}$/)
    const mails = await t.outbox()
    expect(mails.some((m) => m.includes('To: alice@acme-corp.io') && m.includes(verificationCode))).toBe(true)
    // Stored hashed, never in clear.
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id))
    expect(row!.verificationCode).not.toContain(verificationCode)

    const ok = await verify(alice, verificationCode)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ verified: true })
    const after = await t.inject(alice, { method: 'GET', url: '/api/users/verification-status' })
    expect(after.json()).toEqual({ verified: true, workEmail: 'alice@acme-corp.io' })
    const profile = (await t.inject(alice, { method: 'GET', url: `/api/users/${alice.username}` })).json()
    expect(profile.user).toMatchObject({ isVerified: true, isEmailVerified: true })
    // Their endorsements now weigh 1.25.
    const bob = await createMember(t.db)
    expect((await postEndorsement(t, alice, bob.id)).json().engagementWeight).toBe(1.25)
    // The code is spent and a verified member cannot start over.
    expect((await verify(alice, verificationCode)).statusCode).toBe(400)
    expect((await addEmail(alice, 'alice@other-corp.io')).statusCode).toBe(409)
  })

  it('answers 400 to a short code with the SPEC message, and to a wrong one', async () => {
    const alice = await createMember(t.db)
    const { verificationCode } = (await addEmail(alice, 'al@initech.io')).json()
    const short = await verify(alice, '123')
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'verificationCode',
      message: PROFILE_MESSAGES.codeMin,
    })
    const bad = await verify(alice, wrong(verificationCode))
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_CODE', message: PROFILE_MESSAGES.codeInvalid })
  })

  it('answers 429 after 5 wrong codes, even to the right one, until a new code is requested', async () => {
    const alice = await createMember(t.db)
    const { verificationCode } = (await addEmail(alice, 'al@globex.io')).json()
    for (let i = 0; i < 5; i++) expect((await verify(alice, wrong(verificationCode))).statusCode).toBe(400)
    const locked = await verify(alice, verificationCode)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS')
    const fresh = (await addEmail(alice, 'al@globex.io')).json().verificationCode
    expect((await verify(alice, fresh)).statusCode).toBe(200)
  })

  it('answers 400 to an expired code and when no code was requested', async () => {
    const alice = await createMember(t.db)
    expect((await verify(alice, '123456')).json().code).toBe('NO_PENDING_CODE')
    const { verificationCode } = (await addEmail(alice, 'al@hooli.io')).json()
    await t.db
      .update(users)
      .set({ verificationCodeExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, alice.id))
    const res = await verify(alice, verificationCode)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('CODE_EXPIRED')
  })

  it('refuses a work email another member already verified (409)', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const { verificationCode } = (await addEmail(alice, 'shared@umbrella.io')).json()
    await verify(alice, verificationCode)
    const res = await addEmail(bob, 'SHARED@umbrella.io')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'WORK_EMAIL_TAKEN', field: 'email' })
  })

  it('never returns the code when an SMTP server is configured', async () => {
    const alice = await createMember(t.db)
    const sent: string[] = []
    const mailer: Mailer = { outboxDir: undefined, send: async (mail) => void sent.push(mail.text) }
    const config = testConfig(t.config.dataDir, { smtpUrl: 'smtp://mail.example.com' })
    const res = await addWorkEmail(t.db, mailer, config, alice, 'alice@acme.io')
    expect(res).not.toHaveProperty('verificationCode')
    expect(sent[0]).toMatch(/code is \d{6}/)
  })
})
