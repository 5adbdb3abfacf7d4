import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../build-test-app'
import { eventually } from '../eventually'
import { createAdmin, createMember, DEFAULT_PASSWORD, uniqueSuffix } from '../factories'

/**
 * Brute force against sign-in and password reset meets a 429 with Retry-After, per IP and per account
 * (the account limit holds whatever IP the attacker claims); a change of privilege ends the member's
 * sessions. Login rotation, logout and the reset's revocation are covered in auth.routes.test.ts, the
 * grant of admin rights in admin.routes.test.ts.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: true })
})
afterAll(async () => {
  await t.close()
})

/** A fresh loopback address per call, so per-IP limits of other tests never interfere. */
let lastIp = 0
const nextIp = () => {
  lastIp += 1
  return `127.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`
}

const login = (username: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: ip,
    headers,
  })
const requestReset = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    remoteAddress: ip,
  })

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429)
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60 * 60)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  expect(res.json()).toEqual({
    message: 'Too many requests. Please wait a moment and try again.',
    code: 'RATE_LIMITED',
  })
}

describe('login', () => {
  it('limits one account to 10 attempts per 15 minutes, whatever IP each comes from', async () => {
    const member = await createMember(t.db)
    for (let i = 0; i < 10; i++) {
      const res = await login(
        i % 2 ? member.username.toUpperCase() : member.username,
        'wrong-password',
        nextIp(),
      )
      expect(res.statusCode).toBe(401)
    }
    // Even the right password is refused now, from a new IP: the account is what is protected.
    expectRateLimited(await login(member.username, DEFAULT_PASSWORD, nextIp()))
    // Claiming another client address through X-Forwarded-For changes nothing for the account.
    expectRateLimited(
      await login(member.username, DEFAULT_PASSWORD, nextIp(), { 'x-forwarded-for': '198.51.100.7' }),
    )
    // Another account is not affected.
    const other = await createMember(t.db)
    expect((await login(other.username, DEFAULT_PASSWORD, nextIp())).statusCode).toBe(200)
  })

  it('counts wrong passwords per account whichever identifier was typed', async () => {
    const member = await createMember(t.db)
    for (let i = 0; i < 10; i++) {
      const identifier = i % 2 ? member.email.toUpperCase() : member.username
      expect((await login(identifier, 'wrong-password', nextIp())).statusCode).toBe(401)
    }
    expectRateLimited(await login(member.email, DEFAULT_PASSWORD, nextIp()))
    expectRateLimited(await login(member.username, DEFAULT_PASSWORD, nextIp()))
  })

  it("does not spend the owner's allowance on their own sign-ins, and a success starts it afresh", async () => {
    const member = await createMember(t.db)
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await login(member.username, 'wrong-password', nextIp())).statusCode).toBe(401)
      }
      expect((await login(member.email, DEFAULT_PASSWORD, nextIp())).statusCode).toBe(200)
    }
  })

  it('counts an identifier of no account under itself: nobody is locked out, nothing is revealed', async () => {
    const member = await createMember(t.db)
    const ghost = `ghost_${uniqueSuffix()}`
    for (let i = 0; i < 10; i++) {
      expect((await login(ghost, 'wrong-password', nextIp())).statusCode).toBe(401)
    }
    // The same 429 an account would meet, so the limit does not tell which names exist.
    expectRateLimited(await login(ghost.toUpperCase(), 'wrong-password', nextIp()))
    expect((await login(member.username, DEFAULT_PASSWORD, nextIp())).statusCode).toBe(200)
  })

  it('lets a locked-out owner in at once after a password reset', async () => {
    const member = await createMember(t.db)
    for (let i = 0; i < 10; i++) await login(member.username, 'wrong-password', nextIp())
    expectRateLimited(await login(member.username, DEFAULT_PASSWORD, nextIp()))
    await requestReset(member.email, nextIp())
    // The reset mail goes out after the answer (docs/decisions/085): wait for it.
    const mail = await vi.waitFor(
      async () => {
        const found = (await t.outbox()).findLast((m) => m.includes(`To: ${member.email}`))
        if (!found) throw new Error('no reset mail yet')
        return found
      },
      { timeout: 5000, interval: 20 },
    )
    const token = decodeURIComponent(/reset-password\?token=([^&\s]+)/.exec(mail)![1]!)
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { token, email: member.email, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    })
    expect(reset.statusCode).toBe(200)
    expect((await login(member.email, 'brand-new-pass', nextIp())).statusCode).toBe(200)
  })

  it('limits one IP to 30 attempts per 15 minutes across accounts', async () => {
    const ip = nextIp()
    for (let i = 0; i < 30; i++) {
      const res = await login(`nobody_${uniqueSuffix()}`, 'wrong-password', ip)
      expect(res.statusCode).toBe(401)
    }
    const member = await createMember(t.db)
    expectRateLimited(await login(member.username, DEFAULT_PASSWORD, ip))
    // The same member from another address still signs in.
    expect((await login(member.username, DEFAULT_PASSWORD, nextIp())).statusCode).toBe(200)
  })
})

describe('password reset', () => {
  it('limits reset requests for one email to 5 an hour, whatever IP each comes from', async () => {
    const member = await createMember(t.db)
    for (let i = 0; i < 5; i++) {
      expect(
        (await requestReset(i % 2 ? member.email.toUpperCase() : member.email, nextIp())).statusCode,
      ).toBe(200)
    }
    expectRateLimited(await requestReset(member.email, nextIp()))
    // Only five mails went out (after their answers): the limit runs before any work.
    await eventually(async () =>
      expect((await t.outbox()).filter((mail) => mail.includes(member.email))).toHaveLength(5),
    )
    expect((await requestReset(`other_${uniqueSuffix()}@example.com`, nextIp())).statusCode).toBe(200)
  })

  it('limits reset requests from one IP to 10 per 15 minutes across emails', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(`someone_${uniqueSuffix()}@example.com`, ip)).statusCode).toBe(200)
    }
    expectRateLimited(await requestReset(`someone_${uniqueSuffix()}@example.com`, ip))
  })

  it('limits reset attempts (token guessing) from one IP to 10 per 15 minutes', async () => {
    const ip = nextIp()
    const member = await createMember(t.db)
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: ip,
        payload: {
          token: `guess-${uniqueSuffix()}`,
          email: member.email,
          password: 'long-enough-1',
          confirmPassword: 'long-enough-1',
        },
      })
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400)
    expectRateLimited(await attempt())
  })
})

describe('privilege changes', () => {
  it("ends a member's sessions when an admin grants them rights", async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const before = await t.cookieFor(member)
    const grant = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { isAdmin: true },
      remoteAddress: nextIp(),
    })
    expect(grant.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: before } })).statusCode,
    ).toBe(401)
  })

  it('ends the session an admin was using when an admin revokes their rights', async () => {
    const admin = await createAdmin(t.db)
    const member = await createAdmin(t.db)
    const asAdmin = await t.cookieFor(member)
    const adminList = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: asAdmin },
    })
    expect(adminList.statusCode).toBe(200)
    const revoke = await t.inject(admin, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { isAdmin: false },
      remoteAddress: nextIp(),
    })
    expect(revoke.statusCode).toBe(200)
    for (const url of ['/api/user', '/api/admin/users']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: asAdmin } })
      expect(res.statusCode).toBe(401)
    }
  })
})
