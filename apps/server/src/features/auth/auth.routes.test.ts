import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AUTH_MESSAGES } from '@vouched/shared/auth'
import { PASSWORD_MESSAGES } from '@vouched/shared/password-policy'
import { hashPassword } from '../../core/password'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createMember, DEFAULT_PASSWORD, uniqueSuffix } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const registration = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix()
  return {
    username: `new_${suffix}`,
    email: `new_${suffix}@example.com`,
    password: 'correct-horse-battery',
    passwordConfirm: 'correct-horse-battery',
    fullName: 'New Member',
    ...overrides,
  }
}

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'vouched_session')
  return cookie ? `vouched_session=${cookie.value}` : undefined
}

describe('GET /api/user', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('returns the signed-in member without private secrets', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, { method: 'GET', url: '/api/user' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ id: member.id, username: member.username, email: member.email })
    expect(body).not.toHaveProperty('password')
    expect(body).not.toHaveProperty('resetToken')
    expect(body).not.toHaveProperty('verificationCode')
  })

  it('ignores a forged cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'vouched_session=forged.value' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /api/register', () => {
  it('creates the member, signs them in and hides the password', async () => {
    const body = registration({ title: 'Engineer', bio: '', location: 'Lyon' })
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: body })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      username: body.username,
      email: body.email,
      title: 'Engineer',
      bio: null,
      isAdmin: false,
    })
    expect(JSON.stringify(res.json())).not.toContain('scrypt')
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(res)! },
    })
    expect(me.json().username).toBe(body.username)
  })

  it.each([
    [{ username: 'ab' }, 'username', AUTH_MESSAGES.usernameMin],
    [{ username: 'bad name!' }, 'username', AUTH_MESSAGES.usernameChars],
    [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.email],
    [{ password: '123', passwordConfirm: '123' }, 'password', AUTH_MESSAGES.passwordMin],
    [{ passwordConfirm: '' }, 'passwordConfirm', AUTH_MESSAGES.passwordConfirmRequired],
    [{ passwordConfirm: 'different1' }, 'passwordConfirm', AUTH_MESSAGES.passwordsDontMatch],
    [{ fullName: 'A' }, 'fullName', AUTH_MESSAGES.fullNameRequired],
    [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
  ])('refuses %o with a 400 on its field', async (overrides, field, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration(overrides) })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field, message })
  })

  it.each([
    ['123456', PASSWORD_MESSAGES.common],
    ['qwerty123', PASSWORD_MESSAGES.common],
    ['      ', PASSWORD_MESSAGES.blank],
    ['USERNAME', PASSWORD_MESSAGES.containsUsername],
    ['USERNAME-2024', PASSWORD_MESSAGES.containsUsername],
    ['LOCALPART!!', PASSWORD_MESSAGES.containsEmail],
  ])('refuses the weak password %j on the password field and creates nobody', async (weak, message) => {
    const body = registration()
    const localPart = `grace.${uniqueSuffix()}`
    const password = weak.replace('USERNAME', body.username).replace('LOCALPART', localPart)
    const email = `${localPart}@example.com`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...body, email, password, passwordConfirm: password },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'password', message })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: body.username, password },
    })
    expect(login.statusCode).toBe(401)
  })

  it('still signs in a member whose old password the new rules would refuse', async () => {
    const member = await createMember(t.db, { password: await hashPassword('123456') })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: '123456' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('answers 409 on a taken username, ignoring case', async () => {
    const member = await createMember(t.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ username: member.username.toUpperCase() }),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ field: 'username', code: 'USERNAME_TAKEN' })
  })

  it('answers 409 on a reserved username', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ username: 'Admin' }),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ field: 'username', code: 'USERNAME_RESERVED' })
  })

  it('answers 409 on a taken email with a message telling to log in', async () => {
    const member = await createMember(t.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: member.email.toUpperCase() }),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().field).toBe('email')
    expect(res.json().message).toContain('log in')
  })

  it('answers 400 on malformed JSON and 415 on a foreign content type', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"user',
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_JSON')
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    })
    expect(foreign.statusCode).toBe(415)
  })

  it('answers 413 on an oversized body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ bio: 'x'.repeat(300_000) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('POST /api/login', () => {
  it('signs in by username and by email, ignoring case', async () => {
    const member = await createMember(t.db)
    for (const login of [member.username.toUpperCase(), member.email.toUpperCase()]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: login, password: DEFAULT_PASSWORD },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().id).toBe(member.id)
      const cookie = res.cookies.find((c) => c.name === 'vouched_session')!
      expect(cookie.httpOnly).toBe(true)
      expect(cookie.sameSite).toBe('Lax')
    }
  })

  it('answers 401 with the login message on the username field for a wrong password or unknown account', async () => {
    const member = await createMember(t.db)
    for (const payload of [
      { username: member.username, password: 'wrong-password' },
      { username: 'nobody_here', password: 'whatever1' },
      // Shorter than any password or username can be: still the one sign-in message, not a length rule.
      { username: member.username, password: '12345' },
      { username: 'ab', password: DEFAULT_PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({
        code: 'INVALID_CREDENTIALS',
        field: 'username',
        message: AUTH_MESSAGES.invalidLogin,
      })
    }
  })

  it('answers 400 naming the empty field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'ada', password: '' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ field: 'password', message: AUTH_MESSAGES.loginPasswordRequired })
  })

  it('replaces the session it was called with', async () => {
    const member = await createMember(t.db)
    const old = await t.cookieFor(member)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: old },
      payload: { username: member.username, password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(sessionCookie(res)).not.toBe(old)
    const stale = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: old } })
    expect(stale.statusCode).toBe(401)
  })
})

describe('POST /api/logout', () => {
  it('ends the session', async () => {
    const member = await createMember(t.db)
    const cookie = await t.cookieFor(member)
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(res.statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('refuses a write from a foreign origin', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, {
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN')
  })
})

describe('password reset', () => {
  /** The reset mail goes out after the answer: wait for it. */
  const mailTo = async (email: string) => {
    let found: string | undefined
    await eventually(async () => {
      found = (await t.outbox()).findLast((mail) => mail.includes(`To: ${email}`))
      expect(found).toBeDefined()
    })
    return found!
  }
  const linkIn = (mail: string) => {
    const match = /http:\/\/localhost:3000\/reset-password\?token=([^&\s]+)&email=(\S+)/.exec(
      mail.replace(/=\r?\n/g, ''),
    )
    return { token: decodeURIComponent(match![1]!), email: decodeURIComponent(match![2]!) }
  }

  it('answers the same for known and unknown emails and mails a link only to the known', async () => {
    const member = await createMember(t.db, {
      email: `known.${uniqueSuffix()}@example.com`,
      fullName: 'Win a prize at evil.example',
    })
    const before = (await t.outbox()).length
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: member.email },
    })
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody@example.com' },
    })
    expect(known.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    const mail = await mailTo(member.email)
    expect((await t.outbox()).length).toBe(before + 1)
    // The address was never proven: the mail carries nothing the member wrote, not even their name.
    expect(mail).not.toContain(member.fullName!)
    expect(mail).not.toContain(member.username)
  })

  it('answers before the mail is sent, whether or not the address is known', async () => {
    const member = await createMember(t.db)
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const send = t.app.mailer.send.bind(t.app.mailer)
    const held = vi.spyOn(t.app.mailer, 'send').mockImplementation(async (mail) => {
      await gate
      await send(mail)
    })
    try {
      const answer = await Promise.race([
        t.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: member.email },
        }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000)),
      ])
      expect(answer).not.toBe('waited')
      expect((answer as { statusCode: number }).statusCode).toBe(200)
      await eventually(() => expect(held).toHaveBeenCalledOnce())
      expect((await t.outbox()).some((mail) => mail.includes(`To: ${member.email}`))).toBe(false)
    } finally {
      release()
      held.mockRestore()
    }
    await mailTo(member.email)
  })

  it('resets once with the mailed token, revokes sessions and refuses reuse', async () => {
    const member = await createMember(t.db)
    const oldSession = await t.cookieFor(member)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: member.email },
    })
    const { token, email } = linkIn(await mailTo(member.email))
    expect(email).toBe(member.email)
    const payload = { token, email, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload })
    expect(res.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: oldSession } })).statusCode,
    ).toBe(401)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: 'brand-new-pass' },
    })
    expect(login.statusCode).toBe(200)
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('INVALID_RESET_TOKEN')
  })

  it('refuses a wrong token, short passwords and a mismatch', async () => {
    const member = await createMember(t.db)
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: 'x'.repeat(43),
        email: member.email,
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      },
    })
    expect(wrong.statusCode).toBe(400)
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'abc', email: member.email, password: 'short', confirmPassword: 'short' },
    })
    expect(short.json()).toMatchObject({ field: 'password', message: AUTH_MESSAGES.resetPasswordMin })
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: 'abc',
        email: member.email,
        password: 'long-enough-1',
        confirmPassword: 'long-enough-2',
      },
    })
    expect(mismatch.json()).toMatchObject({
      field: 'confirmPassword',
      message: AUTH_MESSAGES.passwordsDontMatch,
    })
  })

  it('refuses a common password, and one holding the username once the link is valid', async () => {
    const member = await createMember(t.db, { email: `reset.${uniqueSuffix()}@example.com` })
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: member.email },
    })
    const { token } = linkIn(await mailTo(member.email))
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, email: member.email, password, confirmPassword: password },
      })
    const common = await reset('password1')
    expect(common.statusCode).toBe(400)
    expect(common.json()).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'password',
      message: PASSWORD_MESSAGES.common,
    })
    const named = await reset(`${member.username.toUpperCase()}!`)
    expect(named.statusCode).toBe(400)
    expect(named.json()).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'password',
      message: PASSWORD_MESSAGES.containsUsername,
    })
    // Neither spent the link.
    expect((await reset('brand-new-pass')).statusCode).toBe(200)
  })

  it('expires tokens after an hour', async () => {
    const member = await createMember(t.db)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: member.email },
    })
    const { token } = linkIn(await mailTo(member.email))
    const { updateUser } = await import('./auth.queries')
    await updateUser(t.db, member.id, { resetTokenExpiry: new Date(Date.now() - 1000) })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, email: member.email, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('infrastructure', () => {
  it('answers health and a JSON 404 for unknown API paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' })
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('NOT_FOUND')
  })

  it('names the request id in the answer, its own even when the caller sent one', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(generated.headers['x-request-id']).toMatch(/\S+/)
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    })
    expect(given.headers['x-request-id']).toMatch(/\S+/)
    expect(given.headers['x-request-id']).not.toBe('trace-123')
  })

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})
