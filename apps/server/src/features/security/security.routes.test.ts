import { SECURITY_MESSAGES } from '@vouched/shared/security'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, twoFactorChallenges, twoFactorSettings } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createAdmin, createMember, DEFAULT_PASSWORD } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

type Member = Awaited<ReturnType<typeof createMember>>

/**
 * The code of the step `offset` steps from now. Waits out the last seconds of a step first, so that a
 * code made here is still of the step it was made for when the server checks it.
 */
async function code(secret: string, offset = 0) {
  if (TOTP.remaining({ period: 30 }) < 3_000) await new Promise((resolve) => setTimeout(resolve, 3_200))
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 })
}

const cookiesOf = (res: LightMyRequestResponse) =>
  res.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
const sessionCookieOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === 'vouched_session')
  return cookie ? `vouched_session=${cookie.value}` : undefined
}

const login = (member: Member, userAgent = FIREFOX, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { username: member.username, password: DEFAULT_PASSWORD },
  })

const secondFactor = (
  pending: LightMyRequestResponse | string,
  payload: Record<string, unknown>,
  app: FastifyInstance = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/login/two-factor',
    headers: { cookie: typeof pending === 'string' ? pending : cookiesOf(pending), 'user-agent': FIREFOX },
    payload,
  })

/** Turns two-factor on for the member through the API; returns the secret and the recovery codes. */
async function turnOn(member: Member) {
  const setup = await t.inject(member, { method: 'POST', url: '/api/account/two-factor/setup' })
  expect(setup.statusCode).toBe(200)
  const { secret } = setup.json<{ secret: string }>()
  // The step before now: the codes of now and later stay free for the sign-ins of the test.
  const enable = await t.inject(member, {
    method: 'POST',
    url: '/api/account/two-factor/enable',
    payload: { code: await code(secret, -1) },
  })
  expect(enable.statusCode).toBe(200)
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes }
}

describe('two-factor setup', () => {
  it('answers 401 without a session on every account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/security'],
      ['POST', '/api/account/two-factor/setup'],
      ['POST', '/api/account/two-factor/enable'],
      ['POST', '/api/account/two-factor/disable'],
      ['DELETE', '/api/account/sessions/1'],
      ['POST', '/api/account/sessions/revoke-others'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('hands out a base32 SHA-1 secret and its otpauth URL, and keeps only a sealed copy', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, { method: 'POST', url: '/api/account/two-factor/setup' })
    expect(res.statusCode).toBe(200)
    const { secret, otpauthUrl } = res.json<{ secret: string; otpauthUrl: string }>()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(otpauthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(secret)
    expect(url.searchParams.get('algorithm')).toBe('SHA1')
    expect(url.searchParams.get('digits')).toBe('6')
    expect(url.searchParams.get('period')).toBe('30')
    expect(url.searchParams.get('issuer')).toBe('Vouched')
    const [row] = await t.db.select().from(twoFactorSettings).where(eq(twoFactorSettings.userId, member.id))
    expect(row!.pendingSecret).toBeTruthy()
    expect(row!.pendingSecret).not.toContain(secret)
    // Still off until a code confirms it.
    const security = await t.inject(member, { method: 'GET', url: '/api/account/security' })
    expect(security.json()).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    })
  })

  it('refuses a wrong confirming code and an enable without setup', async () => {
    const member = await createMember(t.db)
    const none = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/enable',
      payload: { code: '123456' },
    })
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_MISSING' })
    const setup = await t.inject(member, { method: 'POST', url: '/api/account/two-factor/setup' })
    const { secret } = setup.json<{ secret: string }>()
    const good = await code(secret)
    const wrong = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/enable',
      payload: { code: good === '000000' ? '000001' : '000000' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', field: 'code' })
    const malformed = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/enable',
      payload: { code: '12ab' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ field: 'code', message: SECURITY_MESSAGES.codeFormat })
  })

  it('turns on with a right code, gives ten recovery codes once, mails the member and refuses a second setup', async () => {
    const member = await createMember(t.db)
    const { recoveryCodes } = await turnOn(member)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const security = await t.inject(member, { method: 'GET', url: '/api/account/security' })
    expect(security.json()).toMatchObject({ twoFactorEnabled: true, recoveryCodesLeft: 10 })
    expect(security.body).not.toContain(recoveryCodes[0])
    const again = await t.inject(member, { method: 'POST', url: '/api/account/two-factor/setup' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'TWO_FACTOR_ALREADY_ENABLED' })
    await eventually(async () => {
      const mails = (await t.outbox()).filter((mail) => mail.includes(`To: ${member.email}`))
      expect(mails.some((mail) => mail.includes('two-factor sign-in is on'))).toBe(true)
    })
  })
})

describe('sign-in with two-factor on', () => {
  it('answers { twoFactorRequired } to the right password and opens no session', async () => {
    const member = await createMember(t.db)
    await turnOn(member)
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, member.id))
    const res = await login(member)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ twoFactorRequired: true })
    expect(sessionCookieOf(res)).toBeUndefined()
    const after = await t.db.select().from(sessions).where(eq(sessions.userId, member.id))
    expect(after).toHaveLength(before.length)
    // The pending sign-in is no session: it reaches nothing.
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookiesOf(res) } })
    expect(user.statusCode).toBe(401)
  })

  it('still refuses a wrong password with 401 and no pending sign-in', async () => {
    const member = await createMember(t.db)
    await turnOn(member)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: 'not-the-password' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.cookies.find((c) => c.name === 'vouched_2fa')).toBeUndefined()
  })

  it('completes with a code and answers the member as login does; the code does not work twice', async () => {
    const member = await createMember(t.db)
    const { secret } = await turnOn(member)
    const pending = await login(member)
    const now = await code(secret)
    const done = await secondFactor(pending, { code: now })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ id: member.id, username: member.username, email: member.email })
    const cookie = sessionCookieOf(done)
    expect(cookie).toBeDefined()
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookie! } })
    expect(user.json()).toMatchObject({ id: member.id })

    // Replayed in a second sign-in within its 30 seconds: refused.
    const second = await login(member)
    const replay = await secondFactor(second, { code: now })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_USED', field: 'code' })
    expect(sessionCookieOf(replay)).toBeUndefined()
    // The next step's code is fine (a clock a step ahead is allowed).
    const next = await secondFactor(second, { code: await code(secret, 1) })
    expect(next.statusCode).toBe(200)
  })

  it('refuses a wrong code, a pending sign-in used up, and a body with both or neither factor', async () => {
    const member = await createMember(t.db)
    const { secret } = await turnOn(member)
    const pending = await login(member)
    const right = await code(secret)
    const wrong = await secondFactor(pending, { code: right === '999999' ? '999998' : '999999' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE', field: 'code' })
    for (const payload of [{}, { code: right, recoveryCode: 'abcde-fghij' }]) {
      const bad = await secondFactor(pending, payload)
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ field: 'code', message: SECURITY_MESSAGES.codeOrRecoveryCode })
    }
    const done = await secondFactor(pending, { code: right })
    expect(done.statusCode).toBe(200)
    // The pending sign-in ended with its success.
    const again = await secondFactor(pending, { code: await code(secret, 1) })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ code: 'TWO_FACTOR_EXPIRED' })
  })

  it('refuses a pending sign-in past its five minutes, and one with no or a forged cookie', async () => {
    const member = await createMember(t.db)
    const { secret } = await turnOn(member)
    const pending = await login(member)
    await t.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(twoFactorChallenges.userId, member.id))
    const expired = await secondFactor(pending, { code: await code(secret) })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toEqual({
      code: 'TWO_FACTOR_EXPIRED',
      message: SECURITY_MESSAGES.challengeExpired,
    })
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      payload: { code: '123456' },
    })
    expect(none.statusCode).toBe(401)
    const forged = await secondFactor('vouched_2fa=forged.value', { code: '123456' })
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ code: 'TWO_FACTOR_EXPIRED' })
  })

  it('ends a pending sign-in after five wrong codes', async () => {
    const member = await createMember(t.db)
    const { secret } = await turnOn(member)
    const pending = await login(member)
    const right = await code(secret)
    const wrongCode = right === '111111' ? '222222' : '111111'
    for (let i = 0; i < 5; i++) {
      expect((await secondFactor(pending, { code: wrongCode })).statusCode).toBe(401)
    }
    const late = await secondFactor(pending, { code: right })
    expect(late.statusCode).toBe(401)
    expect(late.json()).toMatchObject({ code: 'TWO_FACTOR_EXPIRED' })
  })

  it('completes with a recovery code once; the same recovery code is refused after', async () => {
    const member = await createMember(t.db)
    const { recoveryCodes } = await turnOn(member)
    const first = await secondFactor(await login(member), { recoveryCode: recoveryCodes[3]!.toUpperCase() })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ id: member.id })
    const reused = await secondFactor(await login(member), { recoveryCode: recoveryCodes[3] })
    expect(reused.statusCode).toBe(401)
    expect(reused.json()).toMatchObject({ code: 'INVALID_RECOVERY_CODE', field: 'recoveryCode' })
    const security = await t.inject(member, { method: 'GET', url: '/api/account/security' })
    expect(security.json()).toMatchObject({ recoveryCodesLeft: 9 })
    // Typed without the dash it is the same code.
    const plain = await secondFactor(await login(member), {
      recoveryCode: recoveryCodes[4]!.replace('-', ''),
    })
    expect(plain.statusCode).toBe(200)
  })

  it('limits wrong second factors per account (429 with Retry-After), whichever pending sign-in they come through', async () => {
    const limited = await t.otherInstance({ rateLimit: true })
    const member = await createMember(t.db)
    const { secret } = await turnOn(member)
    const right = await code(secret)
    const wrongCode = right === '333333' ? '444444' : '333333'
    for (let round = 0; round < 2; round++) {
      const pending = await login(member, FIREFOX, limited)
      for (let i = 0; i < 5; i++) {
        expect((await secondFactor(pending, { code: wrongCode }, limited)).statusCode).toBe(401)
      }
    }
    const pending = await login(member, FIREFOX, limited)
    const refused = await secondFactor(pending, { code: right }, limited)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('turning two-factor off', () => {
  it('needs a current code or a recovery code, then mails the member and signs in with the password alone', async () => {
    const member = await createMember(t.db)
    const { secret, recoveryCodes } = await turnOn(member)
    const right = await code(secret)
    const wrong = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/disable',
      payload: { code: right === '555555' ? '555556' : '555555' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' })
    const missing = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/disable',
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
    const off = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/disable',
      payload: { recoveryCode: recoveryCodes[0] },
    })
    expect(off.statusCode).toBe(200)
    const security = await t.inject(member, { method: 'GET', url: '/api/account/security' })
    expect(security.json()).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 })
    const res = await login(member)
    expect(res.json()).toMatchObject({ id: member.id })
    const notOn = await t.inject(member, {
      method: 'POST',
      url: '/api/account/two-factor/disable',
      payload: { code: right },
    })
    expect(notOn.statusCode).toBe(409)
    expect(notOn.json()).toMatchObject({ code: 'TWO_FACTOR_NOT_ENABLED' })
    await eventually(async () => {
      const mails = (await t.outbox()).filter((mail) => mail.includes(`To: ${member.email}`))
      expect(mails.some((mail) => mail.includes('two-factor sign-in is off'))).toBe(true)
    })
  })
})

describe('signed-in devices', () => {
  it('lists the member’s sessions with their browser, times and the current one marked', async () => {
    const member = await createMember(t.db)
    const phone = sessionCookieOf(await login(member, SAFARI))!
    const laptop = sessionCookieOf(await login(member, FIREFOX))!
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: { cookie: laptop },
    })
    expect(res.statusCode).toBe(200)
    const { sessions: listed } = res.json<{
      sessions: { id: number; userAgent: string; createdAt: string; lastSeenAt: string; current: boolean }[]
    }>()
    expect(listed).toHaveLength(2)
    expect(listed.filter((s) => s.current)).toEqual([expect.objectContaining({ userAgent: FIREFOX })])
    expect(listed.find((s) => !s.current)).toMatchObject({ userAgent: SAFARI })
    for (const session of listed) {
      expect(Number.isInteger(session.id)).toBe(true)
      expect(Date.parse(session.createdAt)).toBeGreaterThan(Date.now() - 60_000)
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000)
    }
    // Nobody else's sessions in the list.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: { cookie: phone },
    })
    expect(other.json<{ sessions: unknown[] }>().sessions).toHaveLength(2)
  })

  it('moves last seen forward once the interval has passed, not on every request', async () => {
    const member = await createMember(t.db)
    const cookie = sessionCookieOf(await login(member))!
    const old = new Date(Date.now() - 10 * 60_000)
    await t.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, member.id))
    await t.settle()
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, member.id))
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    const seen = row!.lastSeenAt.getTime()
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    const [again] = await t.db.select().from(sessions).where(eq(sessions.userId, member.id))
    expect(again!.lastSeenAt.getTime()).toBe(seen)
  })

  it('signs out one session, refused at once on every instance, and 404 for another member’s', async () => {
    const other = await t.otherInstance()
    const member = await createMember(t.db)
    const stranger = await createMember(t.db)
    const keep = sessionCookieOf(await login(member))!
    const phone = sessionCookieOf(await login(member, SAFARI))!
    // The phone's session is held by the other instance's cache.
    expect(
      (await other.inject({ method: 'GET', url: '/api/user', headers: { cookie: phone } })).statusCode,
    ).toBe(200)
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: { cookie: keep },
    })
    const target = listed
      .json<{ sessions: { id: number; current: boolean }[] }>()
      .sessions.find((s) => !s.current)!

    const foreign = await t.inject(stranger, { method: 'DELETE', url: `/api/account/sessions/${target.id}` })
    expect(foreign.statusCode).toBe(404)
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/999999999',
      headers: { cookie: keep },
    })
    expect(unknown.statusCode).toBe(404)
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/abc',
      headers: { cookie: keep },
    })
    expect(bad.statusCode).toBe(400)

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${target.id}`,
      headers: { cookie: keep },
    })
    expect(res.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: phone } })).statusCode,
    ).toBe(401)
    await t.settle()
    expect(
      (await other.inject({ method: 'GET', url: '/api/user', headers: { cookie: phone } })).statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: keep } })).statusCode,
    ).toBe(200)
  })

  it('signs out everywhere else and keeps the current session', async () => {
    const member = await createMember(t.db)
    const current = sessionCookieOf(await login(member))!
    const others = [sessionCookieOf(await login(member, SAFARI))!, sessionCookieOf(await login(member))!]
    const bystander = await createMember(t.db)
    const bystanderCookie = sessionCookieOf(await login(bystander))!
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: { cookie: current },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ revoked: 2 })
    await t.settle()
    for (const cookie of others) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
        401,
      )
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: current } })).statusCode,
    ).toBe(200)
    const bystanderUser = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: bystanderCookie },
    })
    expect(bystanderUser.statusCode).toBe(200)
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: { cookie: current },
    })
    expect(listed.json<{ sessions: unknown[] }>().sessions).toHaveLength(1)
  })

  it('mails a sign-in from a browser the member never used, not one they did', async () => {
    const member = await createMember(t.db)
    const mailsTo = async () => (await t.outbox()).filter((mail) => mail.includes(`To: ${member.email}`))
    await login(member, FIREFOX)
    await login(member, FIREFOX)
    await login(member, SAFARI)
    await eventually(async () => {
      const mails = await mailsTo()
      expect(mails.filter((mail) => mail.includes('a new sign-in'))).toHaveLength(1)
      expect(mails.find((mail) => mail.includes('a new sign-in'))).toContain('Safari 17 on iOS')
    })
    await login(member, SAFARI)
    // Nothing more arrives for a known browser.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await mailsTo()).filter((mail) => mail.includes('a new sign-in'))).toHaveLength(1)
  })

  it('mails the member when their password is changed', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, {
      method: 'POST',
      url: '/api/account/password',
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'a-brand-new-passphrase-42',
        confirmPassword: 'a-brand-new-passphrase-42',
      },
    })
    expect(res.statusCode).toBe(200)
    await eventually(async () => {
      const mails = (await t.outbox()).filter((mail) => mail.includes(`To: ${member.email}`))
      expect(mails.some((mail) => mail.includes('your password was changed'))).toBe(true)
    })
  })
})

describe('REQUIRE_ADMIN_2FA=1', () => {
  it('refuses admin routes to an admin without two-factor, and lets them in once it is on', async () => {
    const strict = await t.otherInstance({ requireAdminTwoFactor: true })
    const admin = await createAdmin(t.db)
    const cookie = await t.cookieFor(admin)
    for (const url of ['/api/admin/users', '/api/admin/hashtags']) {
      const res = await strict.inject({ method: 'GET', url, headers: { cookie } })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({
        code: 'TWO_FACTOR_REQUIRED',
        message: SECURITY_MESSAGES.adminTwoFactorRequired,
      })
    }
    const announce = await strict.inject({
      method: 'POST',
      url: '/api/announcements',
      headers: { cookie },
      payload: { title: 'Hello all', content: 'A long enough announcement text.' },
    })
    expect(announce.statusCode).toBe(403)
    // The web app's /admin reads this to point the admin to Settings.
    const security = await strict.inject({ method: 'GET', url: '/api/account/security', headers: { cookie } })
    expect(security.json()).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false })
    // Without the setting nothing changes.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode,
    ).toBe(200)
    await turnOn(admin)
    expect(
      (await strict.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode,
    ).toBe(200)
    // Members still meet the plain 403 of admin routes.
    const member = await createMember(t.db)
    const res = await strict.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: await t.cookieFor(member) },
    })
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' })
  })
})
