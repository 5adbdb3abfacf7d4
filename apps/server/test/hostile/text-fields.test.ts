import { registerBody } from '@vouched/shared/auth'
import { ZCreateAnnouncementBody } from '@vouched/shared/announcements'
import { ZSendConnectionRequestBody } from '@vouched/shared/connections'
import { ZCreateCommentBody, ZCreateEndorsementBody } from '@vouched/shared/endorsements'
import { ZSendMessageBody } from '@vouched/shared/messaging'
import { measurePassword } from '@vouched/shared/password-meter'
import { ZUpdateProfileBody } from '@vouched/shared/profiles'
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  acceptConnectionRequest,
  sendConnectionRequest,
} from '../../src/features/connections/connections.service'
import { createEndorsement } from '../../src/features/endorsements/endorsements.create.service'
import { buildTestApp, type TestApp } from '../build-test-app'
import { createAdmin, createMember, uniqueSuffix } from '../factories'
import {
  expectNoServerError,
  hasNul,
  hostileText,
  RUNS,
  SCRIPT_LIKE,
  SQL_LIKE,
  wrongType,
  wellFormed,
} from './arbitraries'

/**
 * Every route that stores member text, fed hostile values. The shared zod schema is the oracle: a value
 * it accepts (and that PostgreSQL can store, i.e. without NUL) is stored and comes back as the same plain
 * string, untouched by any escaping; any other value is refused with a 400. Never a 5xx.
 */
let t: TestApp
/** What the server validates registrations with. */
const ZRegisterBody = registerBody(measurePassword)
/** Values the schema accepted in the current property: each must see some, or it proved nothing. */
let accepted = 0
beforeEach(() => {
  accepted = 0
})
afterEach((context) => {
  if (context.task.name.includes('verbatim') && context.task.result?.state !== 'fail') {
    expect(accepted, 'no generated value was accepted').toBeGreaterThan(0)
  }
})
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

/**
 * What the schema makes of the input as the server receives it, or null when the server must refuse it.
 * The payload travels as JSON, so the oracle judges its JSON form: NaN and ±Infinity arrive as null.
 */
function expected<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null {
  const received: unknown = JSON.parse(JSON.stringify(input))
  const parsed = schema.safeParse(received)
  return parsed.success && !hasNul(received) ? wellFormed(parsed.data) : null
}

const endorsementFor = async (from: Member, to: Member) =>
  createEndorsement(t.db, t.config, {
    from,
    toUserId: to.id,
    category: 'Leadership',
    note: undefined,
    hashtags: ['Hostile'],
    isAnonymous: false,
    contentUrl: undefined,
    contentType: undefined,
  })

/** A text arbitrary biased towards values the schema accepts, so both outcomes are exercised. */
const text = (maxLong = 1200) =>
  fc.oneof(
    hostileText({ maxLong }),
    fc.constantFrom(...SQL_LIKE, ...SCRIPT_LIKE).map((s) => `  ${s}  `),
  )

describe('POST /api/register', () => {
  it('stores names, titles, bios and locations verbatim or refuses them with a 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ fullName: text(), title: text(), bio: text(), location: text() }),
        async (fields) => {
          const suffix = uniqueSuffix()
          const body = {
            username: `hostile_${suffix}`,
            email: `hostile_${suffix}@example.com`,
            password: 'hostile-but-strong',
            passwordConfirm: 'hostile-but-strong',
            ...fields,
          }
          const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body })
          expectNoServerError(res, 'register')
          const want = expected(ZRegisterBody, body)
          if (!want) {
            expect(res.statusCode).toBe(400)
            return
          }
          accepted += 1
          expect(res.statusCode).toBe(201)
          const user = res.json()
          expect(user.fullName).toBe(want.fullName)
          expect(user.title ?? undefined).toBe(want.title)
          expect(user.bio ?? undefined).toBe(want.bio)
          expect(user.location ?? undefined).toBe(want.location)
        },
      ),
      { numRuns: RUNS, examples: [[{ fullName: 'Nul\u0000Name', title: 'ok', bio: 'ok', location: 'ok' }]] },
    )
  })

  it('refuses control, bidi-override and line-break characters in names with a 400 on the field', async () => {
    const base = () => {
      const suffix = uniqueSuffix()
      return {
        username: `printable_${suffix}`,
        email: `printable_${suffix}@example.com`,
        password: 'correct-horse-battery',
        passwordConfirm: 'correct-horse-battery',
        fullName: 'Plain Name',
      }
    }
    for (const [field, value] of [
      ['fullName', 'Evil\nName'],
      ['fullName', 'gnp.\u202Eexe'],
      ['title', 'CEO\u0007'],
      ['location', 'Paris\u2028London'],
      ['bio', 'Hi\u2066there'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...base(), [field]: value },
      })
      expect(res.statusCode, `${field}: ${JSON.stringify(value)}`).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field })
    }
    const withLines = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...base(), bio: 'Line one\nLine two' },
    })
    expect(withLines.statusCode).toBe(201)
    expect(withLines.json().bio).toBe('Line one\nLine two')

    const me = await createMember(t.db)
    const patch = await t.inject(me, {
      method: 'PATCH',
      url: `/api/users/${me.id}/profile`,
      payload: { fullName: 'Admin\r\nTeam' },
    })
    expect(patch.statusCode).toBe(400)
    expect(patch.json()).toMatchObject({
      field: 'fullName',
      message: 'Full name cannot contain line breaks, control or text-direction characters',
    })
  })

  it('never fails on hostile usernames, emails and passwords, nor on values of the wrong type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          username: fc.oneof(text(200), wrongType),
          email: fc.oneof(text(400), wrongType, fc.emailAddress()),
          password: fc.oneof(text(300), wrongType),
          fullName: fc.oneof(text(200), wrongType),
        }),
        async (fields) => {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/register',
            payload: { ...fields, passwordConfirm: fields.password },
          })
          expectNoServerError(res, 'register')
          expect([201, 400, 409]).toContain(res.statusCode)
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [
            {
              username: 'nul\u0000user',
              email: 'a\u0000@example.com',
              password: 'secret\u0000123',
              fullName: 'x\u0000y',
            },
          ],
        ],
      },
    )
  })
})

describe('POST /api/login and the password reset', () => {
  it('answers 400 or 401 to any login, 200 or 400 to any reset, never more', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(text(400), wrongType),
        fc.oneof(text(400), wrongType),
        async (username, password) => {
          const login = await t.app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { username, password },
          })
          expectNoServerError(login, 'login')
          expect([400, 401]).toContain(login.statusCode)
          const request = await t.app.inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            payload: { email: username },
          })
          expectNoServerError(request, 'request-password-reset')
          expect([200, 400]).toContain(request.statusCode)
          const reset = await t.app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: {
              token: password,
              email: username,
              password: 'long-enough-1',
              confirmPassword: 'long-enough-1',
            },
          })
          expectNoServerError(reset, 'reset-password')
          expect(reset.statusCode).toBe(400)
        },
      ),
      { numRuns: RUNS, examples: [['nul\u0000user', 'pass\u0000word']] },
    )
  })
})

describe('PATCH /api/users/:id/profile', () => {
  it('stores the edited fields verbatim (and the profile shows them) or refuses with a 400', async () => {
    const me = await createMember(t.db)
    const viewer = await createMember(t.db)
    await fc.assert(
      fc.asyncProperty(
        fc.record({ fullName: text(), title: text(), bio: text(), location: text() }, { requiredKeys: [] }),
        async (body) => {
          const res = await t.inject(me, {
            method: 'PATCH',
            url: `/api/users/${me.id}/profile`,
            payload: body,
          })
          expectNoServerError(res, 'profile patch')
          const want = expected(ZUpdateProfileBody, body)
          if (!want) {
            expect(res.statusCode).toBe(400)
            return
          }
          accepted += 1
          expect(res.statusCode).toBe(200)
          const profile = (await t.inject(viewer, { method: 'GET', url: `/api/users/${me.username}` })).json()
          for (const key of ['fullName', 'title', 'bio', 'location'] as const) {
            if (want[key] === undefined) continue
            expect(res.json()[key]).toBe(want[key])
            expect(profile.user[key]).toBe(want[key])
          }
        },
      ),
      { numRuns: RUNS, examples: [[{ bio: 'nul\u0000bio' }]] },
    )
  })
})

describe('POST /api/vouches', () => {
  it('stores notes and hashtags as given (after the documented normalising) or refuses with a 400', async () => {
    const from = await createMember(t.db)
    await fc.assert(
      fc.asyncProperty(
        fc.option(text(), { nil: undefined }),
        fc.array(fc.oneof(text(80), fc.constantFrom('#js', 'a,b', '  ', '##x')), { maxLength: 12 }),
        async (note, hashtags) => {
          const to = await createMember(t.db)
          const body = { toUserId: to.id, category: 'Teamwork', note, hashtags }
          const res = await t.inject(from, { method: 'POST', url: '/api/vouches', payload: body })
          expectNoServerError(res, 'create endorsement')
          const want = expected(ZCreateEndorsementBody, body)
          if (!want) {
            expect(res.statusCode).toBe(400)
            return
          }
          accepted += 1
          expect(res.statusCode).toBe(201)
          expect(res.json().note ?? undefined).toBe(want.note)
          expect(res.json().hashtags).toEqual(want.hashtags)
          // And the profile serves the same note to another member.
          const profile = (await t.inject(to, { method: 'GET', url: `/api/users/${to.username}` })).json()
          expect(profile.vouches[0].note ?? undefined).toBe(want.note)
        },
      ),
      {
        numRuns: RUNS,
        // NUL cannot be stored (400); a lone surrogate in a tag is stored as U+FFFD (was a 500 on PostgreSQL).
        examples: [
          ['nul\u0000note', ['nul\u0000tag']],
          [undefined, ['half \uD83D surrogate', 'Second']],
        ],
      },
    )
  })
})

describe('POST /api/vouches/:id/comments', () => {
  it('stores comments verbatim or refuses with a 400', async () => {
    const [author, receiver, commenter] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const endorsement = await endorsementFor(author, receiver)
    await fc.assert(
      fc.asyncProperty(fc.oneof(text(), wrongType), async (comment) => {
        const res = await t.inject(commenter, {
          method: 'POST',
          url: `/api/vouches/${endorsement.id}/comments`,
          payload: { comment },
        })
        expectNoServerError(res, 'comment')
        const want = expected(ZCreateCommentBody, { comment })
        if (!want) {
          expect(res.statusCode).toBe(400)
          return
        }
        accepted += 1
        expect(res.statusCode).toBe(201)
        expect(res.json().comment).toBe(want.comment)
        const list = (
          await t.inject(author, { method: 'GET', url: `/api/vouches/${endorsement.id}/comments` })
        ).json()
        expect(list.find((c: { id: number }) => c.id === res.json().id).comment).toBe(want.comment)
      }),
      { numRuns: RUNS, examples: [['nul\u0000comment']] },
    )
  })
})

describe('POST /api/connection-requests/:userId', () => {
  it('stores the request message verbatim or refuses with a 400', async () => {
    const from = await createMember(t.db)
    await fc.assert(
      fc.asyncProperty(fc.oneof(text(800), wrongType), async (message) => {
        const to = await createMember(t.db)
        const res = await t.inject(from, {
          method: 'POST',
          url: `/api/connection-requests/${to.id}`,
          payload: { message },
        })
        expectNoServerError(res, 'connection request')
        const want = expected(ZSendConnectionRequestBody, { message })
        if (!want) {
          expect(res.statusCode).toBe(400)
          return
        }
        accepted += 1
        expect(res.statusCode).toBe(201)
        expect(res.json().request.message ?? undefined).toBe(want.message)
        const pending = (
          await t.inject(to, { method: 'GET', url: '/api/connection-requests/pending' })
        ).json()
        expect(pending.requests[0].message ?? undefined).toBe(want.message)
      }),
      { numRuns: RUNS, examples: [['nul\u0000message']] },
    )
  })
})

describe('POST /api/messages', () => {
  it('stores message content verbatim or refuses with a 400', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const request = await sendConnectionRequest(t.db, alice, bob.id, undefined)
    await acceptConnectionRequest(t.db, bob, request.id)
    await fc.assert(
      fc.asyncProperty(fc.oneof(text(2500), wrongType), async (content) => {
        const body = { recipientId: bob.id, content }
        const res = await t.inject(alice, { method: 'POST', url: '/api/messages', payload: body })
        expectNoServerError(res, 'message')
        const want = expected(ZSendMessageBody, body)
        if (!want) {
          expect(res.statusCode).toBe(400)
          return
        }
        accepted += 1
        expect(res.statusCode).toBe(201)
        expect(res.json().content).toBe(want.content)
      }),
      { numRuns: RUNS, examples: [['nul\u0000content']] },
    )
  })
})

describe('POST /api/announcements', () => {
  it('stores titles, contents and image URLs verbatim or refuses with a 400', async () => {
    const admin = await createAdmin(t.db)
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          title: text(300),
          content: fc.oneof(text(), fc.constant('<script>alert(1)</script> is not run')),
          imageUrl: fc.option(fc.oneof(text(300), fc.webUrl(), fc.constant('javascript:alert(1)')), {
            nil: undefined,
          }),
          pinned: fc.boolean(),
        }),
        async (body) => {
          const res = await t.inject(admin, { method: 'POST', url: '/api/announcements', payload: body })
          expectNoServerError(res, 'announcement')
          const want = expected(ZCreateAnnouncementBody, body)
          if (!want) {
            expect(res.statusCode).toBe(400)
            return
          }
          accepted += 1
          expect(res.statusCode).toBe(201)
          expect(res.json()).toMatchObject({ title: want.title, content: want.content })
          expect(res.json().imageUrl ?? undefined).toBe(want.imageUrl)
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [{ title: 'Nul\u0000title', content: 'content long enough', imageUrl: undefined, pinned: false }],
        ],
      },
    )
  })
})
