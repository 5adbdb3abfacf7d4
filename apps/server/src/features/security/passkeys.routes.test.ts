import { PASSKEY_MAX, SECURITY_MESSAGES } from '@vouched/shared/security'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passkeyChallenges, passkeys, twoFactorSettings, users } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createMember, DEFAULT_PASSWORD } from '../../../test/factories'
import { SoftwareAuthenticator, type Tamper } from '../../../test/software-authenticator'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
type RegistrationOptions = {
  challenge: string
  rp: { id: string; name: string }
  user: { id: string; name: string; displayName: string }
  excludeCredentials: { id: string }[]
  authenticatorSelection: Record<string, unknown>
  timeout: number
}

const ORIGIN = 'http://localhost:3000'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

const registrationOptions = async (member: Member) => {
  const res = await t.inject(member, { method: 'POST', url: '/api/account/passkeys/options' })
  expect(res.statusCode).toBe(200)
  return res.json<RegistrationOptions>()
}

const addPasskey = (member: Member, payload: unknown) =>
  t.inject(member, { method: 'POST', url: '/api/account/passkeys', payload: payload as object })

/** Registers a passkey of `authenticator` for the member through the API. */
async function register(member: Member, authenticator: SoftwareAuthenticator, name = 'Laptop') {
  const response = authenticator.register(await registrationOptions(member))
  const res = await addPasskey(member, { name, response })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }>()
}

const signInOptions = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'POST', url: '/api/login/passkey/options' })
  expect(res.statusCode).toBe(200)
  return res.json<{ challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown }>()
}

const passkeySignIn = (response: unknown, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/login/passkey',
    headers: { 'user-agent': FIREFOX },
    payload: { response } as object,
  })

/** A sign-in answered by the authenticator, possibly tampered with. */
async function signInWith(authenticator: SoftwareAuthenticator, tamper: Tamper = {}) {
  return passkeySignIn(authenticator.signIn(await signInOptions(), tamper))
}

const sessionCookieOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'vouched_session')
  return cookie ? `vouched_session=${cookie.value}` : undefined
}

const securityOf = async (member: Member) => {
  const res = await t.inject(member, { method: 'GET', url: '/api/account/security' })
  expect(res.statusCode).toBe(200)
  return res.json<{
    passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[]
  }>()
}

const mailsTo = async (member: Member) =>
  (await t.outbox()).filter((mail) => mail.includes(`To: ${member.email}`))

describe('adding passkeys', () => {
  it('answers 401 without a session on every account passkey route', async () => {
    for (const [method, url] of [
      ['POST', '/api/account/passkeys/options'],
      ['POST', '/api/account/passkeys'],
      ['DELETE', '/api/account/passkeys/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('offers a discoverable credential for this site with user verification preferred', async () => {
    const member = await createMember(t.db)
    const options = await registrationOptions(member)
    expect(options.rp).toEqual({ name: 'Vouched', id: 'localhost' })
    expect(options.user.name).toBe(member.username)
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32)
    // Random, not the member's id: another member (or this one, before any passkey) gets another.
    expect((await registrationOptions(await createMember(t.db))).user.id).not.toBe(options.user.id)
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    })
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(options.timeout).toBe(5 * 60_000)
    expect(options.excludeCredentials).toEqual([])
  })

  it('adds two named passkeys, lists them, excludes the first from the second, and mails each', async () => {
    const member = await createMember(t.db)
    const phone = new SoftwareAuthenticator(ORIGIN)
    const laptop = new SoftwareAuthenticator(ORIGIN)
    const first = await register(member, phone, '  My phone  ')
    expect(first).toMatchObject({ name: 'My phone', lastUsedAt: null })
    expect(Number.isInteger(first.id)).toBe(true)

    const options = await registrationOptions(member)
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([
      phone.credentials[0]!.id.toString('base64url'),
    ])
    // One WebAuthn user id for all the member's passkeys.
    expect(options.user.id).toBe(phone.credentials[0]!.userHandle)
    const res = await addPasskey(member, { name: 'Work laptop', response: laptop.register(options) })
    expect(res.statusCode).toBe(201)

    const { passkeys: listed } = await securityOf(member)
    expect(listed.map((p) => p.name)).toEqual(['My phone', 'Work laptop'])
    for (const passkey of listed) {
      expect(Object.keys(passkey).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name'])
      expect(Date.parse(passkey.createdAt)).not.toBeNaN()
    }
    await eventually(async () => {
      const mails = (await mailsTo(member)).filter((mail) => mail.includes('a passkey was added'))
      expect(mails).toHaveLength(2)
      expect(mails.some((mail) => mail.includes('"Work laptop"'))).toBe(true)
    })
  })

  it('refuses a replayed registration, a challenge of another member or of a sign-in, and a stale one', async () => {
    const [member, other] = [await createMember(t.db), await createMember(t.db)]
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const options = await registrationOptions(member)
    const response = authenticator.register(options)
    expect((await addPasskey(member, { name: 'Key', response })).statusCode).toBe(201)
    const replay = await addPasskey(member, { name: 'Key again', response })
    expect(replay.statusCode).toBe(400)
    expect(replay.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED', field: 'response' })

    // Another member's waiting challenge is not this member's.
    const theirs = await registrationOptions(other)
    const stolen = await addPasskey(member, { name: 'Key', response: authenticator.register(theirs) })
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })

    // A sign-in challenge does not register.
    const signIn = await signInOptions()
    const crossed = await addPasskey(member, {
      name: 'Key',
      response: authenticator.register({ ...options, challenge: signIn.challenge }),
    })
    expect(crossed.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })

    // Five minutes later the challenge is gone.
    const late = await registrationOptions(member)
    await t.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, late.challenge))
    const stale = await addPasskey(member, { name: 'Key', response: authenticator.register(late) })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })
    expect((await securityOf(member)).passkeys).toHaveLength(1)
  })

  it('refuses an answer for another site or origin, without user verification, or of the wrong ceremony', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { type: 'webauthn.get' },
    ] satisfies Tamper[]) {
      const res = await addPasskey(member, {
        name: 'Key',
        response: authenticator.register(await registrationOptions(member), tamper),
      })
      expect(res.statusCode, JSON.stringify(tamper)).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'PASSKEY_REJECTED',
        message: SECURITY_MESSAGES.passkeyRejected,
      })
    }
    expect((await securityOf(member)).passkeys).toEqual([])
  })

  it('refuses bad shapes with 400 naming the field, never a 500', async () => {
    const member = await createMember(t.db)
    const options = await registrationOptions(member)
    const good = new SoftwareAuthenticator(ORIGIN).register(options)
    const cases: [unknown, string][] = [
      [{ response: good }, 'name'],
      [{ name: '', response: good }, 'name'],
      [{ name: 'x'.repeat(61), response: good }, 'name'],
      [{ name: 'Key' }, 'response'],
      [{ name: 'Key', response: 'yes' }, 'response'],
      [{ name: 'Key', response: { ...good, id: 'not base64url!' } }, 'response.id'],
      [{ name: 'Key', response: { ...good, type: 'password' } }, 'response.type'],
      [
        { name: 'Key', response: { ...good, response: { clientDataJSON: 'abc' } } },
        'response.response.attestationObject',
      ],
    ]
    for (const [payload, field] of cases) {
      const res = await addPasskey(member, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(res.json()).toMatchObject({ field })
    }
    // Well-formed base64url that is not CBOR or JSON: the library's refusal, still a 400.
    const garbage = await addPasskey(member, {
      name: 'Key',
      response: {
        ...good,
        response: { ...good.response, attestationObject: 'AAAA', clientDataJSON: 'AAAA' },
      },
    })
    expect(garbage.statusCode).toBe(400)
    // The challenge is still waiting after all of those: the right answer adds the passkey.
    expect((await addPasskey(member, { name: 'Key', response: good })).statusCode).toBe(201)
  })

  it(`keeps at most ${PASSKEY_MAX} passkeys per member`, async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const pending = await registrationOptions(member)
    for (let i = 0; i < PASSKEY_MAX; i++) await register(member, authenticator, `Key ${i + 1}`)
    const more = await t.inject(member, { method: 'POST', url: '/api/account/passkeys/options' })
    expect(more.statusCode).toBe(409)
    expect(more.json()).toMatchObject({ code: 'PASSKEY_LIMIT', message: SECURITY_MESSAGES.passkeyLimit })
    // Options asked for before the limit was reached do not get past it either.
    const late = await addPasskey(member, { name: 'One more', response: authenticator.register(pending) })
    expect(late.statusCode).toBe(409)
    expect((await securityOf(member)).passkeys).toHaveLength(PASSKEY_MAX)
  })

  it('refuses a credential already added, to this or another account (409)', async () => {
    const [member, other] = [await createMember(t.db), await createMember(t.db)]
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    const reuse = authenticator.credentials[0]!
    for (const who of [member, other]) {
      const res = await addPasskey(who, {
        name: 'Clone',
        response: authenticator.register(await registrationOptions(who), { reuse }),
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'PASSKEY_ALREADY_ADDED' })
    }
    expect((await securityOf(other)).passkeys).toEqual([])
  })
})

describe('signing in with a passkey', () => {
  it('answers 200 with options for a discoverable credential, with no allow list', async () => {
    const options = await signInOptions()
    expect(options.rpId).toBe('localhost')
    expect(options.userVerification).toBe('preferred')
    expect(options.allowCredentials).toBeUndefined()
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('signs in with the passkey alone, as login answers, even with two-factor on', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    await t.db
      .insert(twoFactorSettings)
      .values({ userId: member.id, secret: 'sealed', enabledAt: new Date() })

    const res = await signInWith(authenticator)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: member.id, username: member.username, email: member.email })
    expect(res.json()).not.toHaveProperty('twoFactorRequired')
    const cookie = sessionCookieOf(res)
    expect(cookie).toBeDefined()
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookie! } })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ id: member.id })

    const [listed] = (await securityOf(member)).passkeys
    expect(listed!.lastUsedAt).not.toBeNull()
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id))
    expect(row!.counter).toBe(1)
  })

  it('refuses a replayed answer: its challenge was used up', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    const response = authenticator.signIn(await signInOptions())
    expect((await passkeySignIn(response)).statusCode).toBe(200)
    const replay = await passkeySignIn(response)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })
    expect(sessionCookieOf(replay)).toBeUndefined()
    // On another instance too: the challenge lived in the shared database.
    const other = await t.otherInstance()
    expect((await passkeySignIn(response, other)).statusCode).toBe(401)
  })

  it('signs in on another instance than the one that gave the challenge', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    const other = await t.otherInstance()
    const response = authenticator.signIn(await signInOptions(t.app))
    const res = await passkeySignIn(response, other)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: member.id })
  })

  it('refuses a challenge never given, one of a registration, and a stale one', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    const made = await signInWith(authenticator, { challenge: Buffer.alloc(32, 7).toString('base64url') })
    expect(made.statusCode).toBe(401)
    expect(made.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })

    const registration = await registrationOptions(member)
    const crossed = await signInWith(authenticator, { challenge: registration.challenge })
    expect(crossed.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })

    const options = await signInOptions()
    await t.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, options.challenge))
    const stale = await passkeySignIn(authenticator.signIn(options))
    expect(stale.statusCode).toBe(401)
    expect(stale.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' })
  })

  it('refuses another origin or site, no user verification, a forged signature and a counter gone back', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    expect((await signInWith(authenticator)).statusCode).toBe(200)
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
      { type: 'webauthn.create' },
      // The authenticator reports 1 after 1: a cloned key.
      { counter: 1 },
    ] satisfies Tamper[]) {
      const res = await signInWith(authenticator, tamper)
      expect(res.statusCode, JSON.stringify(tamper)).toBe(401)
      expect(res.json()).toMatchObject({ code: 'PASSKEY_REJECTED' })
      expect(sessionCookieOf(res)).toBeUndefined()
    }
    // Signed by another key for the same credential id.
    const impostor = new SoftwareAuthenticator(ORIGIN)
    impostor.register(await registrationOptions(member))
    const forged = impostor.signIn(await signInOptions())
    const real = authenticator.credentials[0]!.id.toString('base64url')
    const res = await passkeySignIn({ ...forged, id: real, rawId: real })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'PASSKEY_REJECTED' })
    // And the real one still works, its counter moving on.
    expect((await signInWith(authenticator, { counter: 10 })).statusCode).toBe(200)
  })

  it('refuses an unknown credential with 401', async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN)
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } })
    const res = await signInWith(stranger)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'PASSKEY_UNKNOWN', message: SECURITY_MESSAGES.passkeyUnknown })
  })

  it('refuses a passkey whose user handle is not the member’s', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    authenticator.credentials[0]!.userHandle = Buffer.alloc(32, 1).toString('base64url')
    const res = await signInWith(authenticator)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'PASSKEY_REJECTED' })
  })

  it('refuses bad shapes with 400', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    const good = authenticator.signIn(await signInOptions())
    for (const [response, field] of [
      [undefined, 'response'],
      [{ ...good, id: '' }, 'response.id'],
      [{ ...good, type: 'other' }, 'response.type'],
      [{ ...good, response: { ...good.response, signature: 'a+b/' } }, 'response.response.signature'],
      [
        { ...good, response: { clientDataJSON: good.response.clientDataJSON } },
        'response.response.authenticatorData',
      ],
    ] as const) {
      const res = await passkeySignIn(response)
      expect(res.statusCode, field).toBe(400)
      expect(res.json()).toMatchObject({ field })
    }
    // Base64url that decodes to nothing WebAuthn reads.
    const junk = await passkeySignIn({ ...good, response: { ...good.response, clientDataJSON: 'AAAA' } })
    expect(junk.statusCode).toBe(401)
    expect((await passkeySignIn(good)).statusCode).toBe(200)
  })

  it('tells a suspended member why, and opens no session', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    await t.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: 'Spam' })
      .where(eq(users.id, member.id))
    const res = await signInWith(authenticator)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' })
    expect(sessionCookieOf(res)).toBeUndefined()
  })

  it('limits sign-in attempts per IP as login is (429 with Retry-After)', async () => {
    const limited = await t.otherInstance({ rateLimit: true })
    const stranger = new SoftwareAuthenticator(ORIGIN)
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } })
    const unknown = stranger.signIn({ challenge: Buffer.alloc(32).toString('base64url') })
    let last: LightMyRequestResponse | undefined
    for (let i = 0; i < 31; i++) last = await passkeySignIn(unknown, limited)
    expect(last!.statusCode).toBe(429)
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0)
    for (let i = 0; i < 30; i++) await limited.inject({ method: 'POST', url: '/api/login/passkey/options' })
    const options = await limited.inject({ method: 'POST', url: '/api/login/passkey/options' })
    expect(options.statusCode).toBe(429)
  })
})

describe('removing passkeys', () => {
  it('removes the member’s own passkey, mails them, and it no longer signs in; another member’s is 404', async () => {
    const [member, other] = [await createMember(t.db), await createMember(t.db)]
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    const kept = await register(member, authenticator, 'Spare key')
    const removed = await register(member, authenticator, 'Old phone')

    const theirs = await t.inject(other, { method: 'DELETE', url: `/api/account/passkeys/${removed.id}` })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND', message: SECURITY_MESSAGES.passkeyNotFound })
    expect(
      (await t.inject(other, { method: 'DELETE', url: '/api/account/passkeys/999999' })).statusCode,
    ).toBe(404)
    expect((await t.inject(member, { method: 'DELETE', url: '/api/account/passkeys/abc' })).statusCode).toBe(
      400,
    )

    const res = await t.inject(member, { method: 'DELETE', url: `/api/account/passkeys/${removed.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect((await securityOf(member)).passkeys.map((p) => p.id)).toEqual([kept.id])
    const gone = await signInWith(authenticator)
    expect(gone.statusCode).toBe(401)
    expect(gone.json()).toMatchObject({ code: 'PASSKEY_UNKNOWN' })
    await eventually(async () => {
      const mails = await mailsTo(member)
      expect(
        mails.some((mail) => mail.includes('a passkey was removed') && mail.includes('"Old phone"')),
      ).toBe(true)
    })
    expect(
      (await t.inject(member, { method: 'DELETE', url: `/api/account/passkeys/${removed.id}` })).statusCode,
    ).toBe(404)
  })

  it('goes with the account', async () => {
    const member = await createMember(t.db)
    const authenticator = new SoftwareAuthenticator(ORIGIN)
    await register(member, authenticator)
    await registrationOptions(member)
    const res = await t.inject(member, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toEqual([])
    expect(
      await t.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.userId, member.id)),
    ).toEqual([])
    const signIn = await signInWith(authenticator)
    expect(signIn.statusCode).toBe(401)
  })
})
