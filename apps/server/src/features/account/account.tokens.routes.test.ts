import { createHash, randomBytes } from 'node:crypto'
import {
  API_TOKEN_MESSAGES,
  API_TOKENS_MAX,
  type TApiTokenScope,
  type TCreatedApiToken,
} from '@vouched/shared/api-tokens'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'light-my-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens, users } from '../../db/schema/index'
import { hashToken } from '../../core/session'
import type { UserRow } from '../../core/user-shapes'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, DEFAULT_PASSWORD, endorse } from '../../../test/factories'
import { suspendMember, unsuspendMember } from '../reports/reports.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const TOKEN_SHAPE = /^vch_[A-Za-z0-9_-]{43}$/
const DAY_MS = 86_400_000

const createToken = async (
  member: UserRow,
  body: { name?: string; scope?: TApiTokenScope; expiresInDays?: number } = {},
) => {
  const res = await t.inject(member, {
    method: 'POST',
    url: '/api/account/tokens',
    payload: { name: `Script ${randomBytes(3).toString('hex')}`, scope: 'read-write', ...body },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<TCreatedApiToken>()
}

/** A request carrying the token alone: no cookie. */
const withToken = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } })

const listTokens = async (member: UserRow) =>
  (await t.inject(member, { method: 'GET', url: '/api/account/tokens' })).json<{
    tokens: Record<string, unknown>[]
  }>().tokens

const storedRow = async (id: number) => {
  const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id))
  return row
}

describe('token management', () => {
  it.each([
    ['GET', '/api/account/tokens'],
    ['POST', '/api/account/tokens'],
    ['DELETE', '/api/account/tokens/1'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('UNAUTHENTICATED')
  })

  it('creates a token, shows it once and stores only its hash', async () => {
    const me = await createMember(t.db)
    const before = Date.now()
    const res = await t.inject(me, {
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: '  Backup script ', scope: 'read', expiresInDays: 30 },
    })
    expect(res.statusCode).toBe(201)
    const created = res.json<TCreatedApiToken>()
    expect(Object.keys(created).sort()).toEqual(
      ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'scope', 'token'].sort(),
    )
    expect(created).toMatchObject({ name: 'Backup script', scope: 'read', lastUsedAt: null })
    expect(created.token).toMatch(TOKEN_SHAPE)
    const expires = Date.parse(created.expiresAt!)
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS)
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS)

    const row = await storedRow(created.id)
    expect(row!.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(created.token)
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4))

    const list = await t.inject(me, { method: 'GET', url: '/api/account/tokens' })
    expect(list.statusCode).toBe(200)
    expect(list.body).not.toContain(created.token.slice(4))
    expect(list.body).not.toContain(row!.tokenHash)
    const { token: _shownOnce, ...listed } = created
    expect(list.json().tokens).toEqual([listed])
  })

  it('makes a token without expiresInDays that never expires, and lists the newest first', async () => {
    const me = await createMember(t.db)
    const first = await createToken(me, { name: 'First' })
    const second = await createToken(me, { name: 'Second', scope: 'read' })
    expect(second.expiresAt).toBeNull()
    expect((await listTokens(me)).map((token) => token.id)).toEqual([second.id, first.id])
  })

  it('lists only the member’s own tokens', async () => {
    const [me, other] = [await createMember(t.db), await createMember(t.db)]
    await createToken(other)
    expect(await listTokens(me)).toEqual([])
  })

  it.each([
    [{ scope: 'read' }, 'name', API_TOKEN_MESSAGES.nameRequired],
    [{ name: '   ', scope: 'read' }, 'name', API_TOKEN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(51), scope: 'read' }, 'name', API_TOKEN_MESSAGES.nameTooLong],
    [{ name: 'CI', scope: 'admin' }, 'scope', API_TOKEN_MESSAGES.scopeInvalid],
    [{ name: 'CI' }, 'scope', API_TOKEN_MESSAGES.scopeInvalid],
    [{ name: 'CI', scope: 'read', expiresInDays: 0 }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
    [{ name: 'CI', scope: 'read', expiresInDays: 366 }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
    [{ name: 'CI', scope: 'read', expiresInDays: 1.5 }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
    [{ name: 'CI', scope: 'read', expiresInDays: '30' }, 'expiresInDays', API_TOKEN_MESSAGES.expiryInvalid],
  ])('refuses %j with 400 on its field', async (payload, field, message) => {
    const me = await createMember(t.db)
    const res = await t.inject(me, { method: 'POST', url: '/api/account/tokens', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, message })
    expect(await listTokens(me)).toEqual([])
  })

  it('refuses a second token of the same name, ignoring case', async () => {
    const me = await createMember(t.db)
    await createToken(me, { name: 'Deploy' })
    const res = await t.inject(me, {
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: 'deploy', scope: 'read' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'TOKEN_NAME_TAKEN', field: 'name' })
  })

  it(`holds at most ${API_TOKENS_MAX} tokens per member`, async () => {
    const me = await createMember(t.db)
    await t.db.insert(apiTokens).values(
      Array.from({ length: API_TOKENS_MAX }, (_, i) => ({
        userId: me.id,
        tokenHash: randomBytes(32).toString('hex'),
        name: `Old ${i}`,
        scope: 'read',
      })),
    )
    const res = await t.inject(me, {
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: 'One more', scope: 'read' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_TOKENS', message: API_TOKEN_MESSAGES.tooMany })
    // Another member is not held back by it.
    await createToken(await createMember(t.db))
  })

  it('revokes a token: it is gone from the list and stops working at once', async () => {
    const me = await createMember(t.db)
    const created = await createToken(me)
    expect((await withToken(created.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200)
    const res = await t.inject(me, { method: 'DELETE', url: `/api/account/tokens/${created.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    expect(await listTokens(me)).toEqual([])
    expect(await storedRow(created.id)).toBeUndefined()
    const after = await withToken(created.token, { method: 'GET', url: '/api/user' })
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: API_TOKEN_MESSAGES.invalid })
    // Revoking again: it no longer exists.
    const again = await t.inject(me, { method: 'DELETE', url: `/api/account/tokens/${created.id}` })
    expect(again.statusCode).toBe(404)
  })

  it('answers 404 for someone else’s token, exactly as for one that does not exist, and keeps it', async () => {
    const [me, owner] = [await createMember(t.db), await createMember(t.db)]
    const theirs = await createToken(owner)
    const res = await t.inject(me, { method: 'DELETE', url: `/api/account/tokens/${theirs.id}` })
    const missing = await t.inject(me, { method: 'DELETE', url: '/api/account/tokens/2147483000' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(missing.json())
    expect((await withToken(theirs.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200)
  })

  it.each(['abc', '0', '-1', '1.5'])('refuses the id %s with 400', async (id) => {
    const me = await createMember(t.db)
    const res = await t.inject(me, { method: 'DELETE', url: `/api/account/tokens/${id}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().field).toBe('id')
  })
})

describe('requests with a token', () => {
  it('act as the member', async () => {
    const me = await createMember(t.db)
    const { token } = await createToken(me, { scope: 'read' })
    const res = await withToken(token, { method: 'GET', url: '/api/user' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: me.id, username: me.username, email: me.email })
    // The scheme is case-insensitive.
    const lower = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `bearer ${token}` },
    })
    expect(lower.json().id).toBe(me.id)
  })

  it('with a read token: reads, and is refused every write with TOKEN_SCOPE', async () => {
    const [me, friend] = [await createMember(t.db), await createMember(t.db)]
    const { token } = await createToken(me, { scope: 'read' })
    expect((await withToken(token, { method: 'GET', url: `/api/users/${friend.username}` })).statusCode).toBe(
      200,
    )
    const res = await withToken(token, {
      method: 'POST',
      url: '/api/vouches',
      payload: { toUserId: friend.id, category: 'Leadership', hashtags: ['Scripts'] },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ code: 'TOKEN_SCOPE', message: API_TOKEN_MESSAGES.readOnly })
    const settings = await withToken(token, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { reviewEndorsements: true },
    })
    expect(settings.statusCode).toBe(403)
    const [row] = await t.db.select().from(users).where(eq(users.id, friend.id))
    expect(row!.vouchCount).toBe(0)
  })

  it('with a read-write token: writes, even with a foreign Origin (no cookie to forge)', async () => {
    const [me, friend] = [await createMember(t.db), await createMember(t.db)]
    const { token } = await createToken(me, { scope: 'read-write' })
    const res = await withToken(token, {
      method: 'POST',
      url: '/api/vouches',
      headers: { origin: 'https://elsewhere.example' },
      payload: { toUserId: friend.id, category: 'Leadership', hashtags: ['Scripts'] },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ fromUserId: me.id, toUserId: friend.id })
  })

  it('keeps cookie requests under the cross-site check exactly as before', async () => {
    const [me, friend] = [await createMember(t.db), await createMember(t.db)]
    const res = await t.inject(me, {
      method: 'POST',
      url: '/api/vouches',
      headers: { origin: 'https://elsewhere.example' },
      payload: { toUserId: friend.id, category: 'Leadership', hashtags: ['Scripts'] },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN')
    // Another Authorization scheme (Basic from a protected staging proxy) leaves the request a cookie one.
    const basic = await t.inject(me, {
      method: 'POST',
      url: '/api/vouches',
      headers: { origin: 'https://elsewhere.example', authorization: 'Basic dXNlcjpwYXNz' },
      payload: { toUserId: friend.id, category: 'Leadership', hashtags: ['Scripts'] },
    })
    expect(basic.json().code).toBe('FORBIDDEN_ORIGIN')
    const basicRead = await t.inject(me, {
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    })
    expect(basicRead.json().id).toBe(me.id)
  })

  it('never fall back to the cookie: a bad token with a valid session cookie is still 401', async () => {
    const me = await createMember(t.db)
    const res = await t.inject(me, {
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Bearer vch_not-a-token' },
    })
    expect(res.statusCode).toBe(401)
  })

  it.each([
    ['Bearer', API_TOKEN_MESSAGES.malformed],
    ['Bearer    ', API_TOKEN_MESSAGES.malformed],
    ['Bearer not-ours', API_TOKEN_MESSAGES.invalid],
    [`Bearer vch_${randomBytes(32).toString('base64url')}`, API_TOKEN_MESSAGES.invalid],
  ])('answer %j with 401 UNAUTHENTICATED', async (authorization, message) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message })
  })

  it('with an expired token: 401 that says it expired', async () => {
    const me = await createMember(t.db)
    const created = await createToken(me, { expiresInDays: 1 })
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.id))
    const res = await withToken(created.token, { method: 'GET', url: '/api/user' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: API_TOKEN_MESSAGES.expired })
    // Still listed, so its owner sees why their script stopped.
    expect((await listTokens(me)).map((token) => token.id)).toEqual([created.id])
  })

  it('record when the token was last used, at most once a minute', async () => {
    const me = await createMember(t.db)
    const created = await createToken(me, { scope: 'read' })
    expect((await storedRow(created.id))!.lastUsedAt).toBeNull()
    const before = Date.now()
    await withToken(created.token, { method: 'GET', url: '/api/user' })
    const first = (await storedRow(created.id))!.lastUsedAt!
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect((await listTokens(me))[0]!.lastUsedAt).toBe(first.toISOString())

    // Used again at once: no new write.
    await withToken(created.token, { method: 'GET', url: '/api/user' })
    expect((await storedRow(created.id))!.lastUsedAt).toEqual(first)

    // Two minutes later (moved back in the database), the next use is recorded.
    const earlier = new Date(first.getTime() - 2 * 60_000)
    await t.db.update(apiTokens).set({ lastUsedAt: earlier }).where(eq(apiTokens.id, created.id))
    await withToken(created.token, { method: 'GET', url: '/api/user' })
    expect((await storedRow(created.id))!.lastUsedAt!.getTime()).toBeGreaterThan(earlier.getTime())
  })

  it('do not count a write the scope refuses as a use', async () => {
    const me = await createMember(t.db)
    const created = await createToken(me, { scope: 'read' })
    await withToken(created.token, { method: 'POST', url: '/api/notifications/read-all' })
    expect((await storedRow(created.id))!.lastUsedAt).toBeNull()
  })

  it('answer 404 on a path that is no route', async () => {
    const me = await createMember(t.db)
    const { token } = await createToken(me)
    const res = await withToken(token, { method: 'POST', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
  })
})

describe('where a token never reaches', () => {
  const refusedEverywhere = async (token: string, options: InjectOptions) => {
    const res = await withToken(token, options)
    expect(res.statusCode, `${options.method} ${options.url}`).toBe(403)
    expect(res.json()).toEqual({ code: 'TOKEN_NOT_ALLOWED', message: API_TOKEN_MESSAGES.notAllowed })
  }

  it('admin routes, even with an admin’s read-write token', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const { token } = await createToken(admin, { scope: 'read-write' })
    await refusedEverywhere(token, { method: 'GET', url: '/api/admin/users' })
    await refusedEverywhere(token, { method: 'GET', url: '/api/admin/audit' })
    await refusedEverywhere(token, {
      method: 'POST',
      url: `/api/admin/users/${member.id}/suspend`,
      payload: { reason: 'by script' },
    })
    await refusedEverywhere(token, { method: 'DELETE', url: `/api/admin/users/${member.id}` })
    await refusedEverywhere(token, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'From a script', content: 'Hello' },
    })
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id))
    expect(row!.suspendedAt).toBeNull()
  })

  it('account deletion and password change, with a read-write token', async () => {
    const me = await createMember(t.db)
    const { token } = await createToken(me, { scope: 'read-write' })
    await refusedEverywhere(token, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    await refusedEverywhere(token, {
      method: 'POST',
      url: '/api/account/password',
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'a-brand-new-secret-9',
        confirmPassword: 'a-brand-new-secret-9',
      },
    })
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id))
    expect(row).toBeDefined()
    expect(row!.password).toBe(me.password)
  })

  it('token management itself, even with an admin’s read-write token', async () => {
    const admin = await createAdmin(t.db)
    const created = await createToken(admin, { scope: 'read-write' })
    await refusedEverywhere(created.token, { method: 'GET', url: '/api/account/tokens' })
    await refusedEverywhere(created.token, {
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: 'Minted by a token', scope: 'read-write' },
    })
    await refusedEverywhere(created.token, { method: 'DELETE', url: `/api/account/tokens/${created.id}` })
    expect((await listTokens(admin)).map((token) => token.name)).toEqual([created.name])
  })

  it('signing in, out and the live event stream', async () => {
    const me = await createMember(t.db)
    const { token } = await createToken(me, { scope: 'read-write' })
    await refusedEverywhere(token, {
      method: 'POST',
      url: '/api/login',
      payload: { username: me.username, password: DEFAULT_PASSWORD },
    })
    await refusedEverywhere(token, { method: 'POST', url: '/api/logout' })
    await refusedEverywhere(token, { method: 'GET', url: '/api/events' })
  })

  it('admin powers on member routes: an admin’s token sees an anonymous endorser as anyone does', async () => {
    const admin = await createAdmin(t.db)
    const [giver, receiver] = [await createMember(t.db), await createMember(t.db)]
    const endorsement = await endorse(t, giver, receiver, { isAnonymous: true })
    const bySession = await t.inject(admin, { method: 'GET', url: `/api/vouches/${endorsement.id}` })
    expect(bySession.json()).toMatchObject({ fromUsername: giver.username })
    const { token } = await createToken(admin, { scope: 'read' })
    const byToken = await withToken(token, { method: 'GET', url: `/api/vouches/${endorsement.id}` })
    expect(byToken.statusCode).toBe(200)
    expect(byToken.json()).toMatchObject({ fromUserId: null, fromUsername: null })
    expect(byToken.body).not.toContain(giver.username)
  })
})

describe('tokens end with', () => {
  it('a password change', async () => {
    const me = await createMember(t.db)
    const [first, second] = [await createToken(me), await createToken(me, { scope: 'read' })]
    const res = await t.inject(me, {
      method: 'POST',
      url: '/api/account/password',
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'a-brand-new-secret-9',
        confirmPassword: 'a-brand-new-secret-9',
      },
    })
    expect(res.statusCode).toBe(200)
    for (const { token } of [first, second]) {
      expect((await withToken(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401)
    }
    expect(await listTokens(me)).toEqual([])
  })

  it('a password reset', async () => {
    const me = await createMember(t.db)
    const created = await createToken(me)
    const resetToken = randomBytes(32).toString('base64url')
    await t.db
      .update(users)
      .set({ resetToken: hashToken(resetToken), resetTokenExpiry: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, me.id))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: resetToken,
        email: me.email,
        password: 'a-brand-new-secret-9',
        confirmPassword: 'a-brand-new-secret-9',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await withToken(created.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401)
  })

  it('the account’s deletion', async () => {
    const me = await createMember(t.db)
    const created = await createToken(me)
    const res = await t.inject(me, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(await storedRow(created.id)).toBeUndefined()
    expect((await withToken(created.token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401)
  })

  it('no longer work while the member is suspended, and work again once it is lifted', async () => {
    const admin = await createAdmin(t.db)
    const me = await createMember(t.db)
    const { token } = await createToken(me, { scope: 'read' })
    await suspendMember(t.db, admin, me.id, 'spam by script')
    const res = await withToken(token, { method: 'GET', url: '/api/user' })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED')
    expect(res.json().message).toContain('spam by script')
    await unsuspendMember(t.db, admin, me.id)
    expect((await withToken(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200)
  })
})

describe('with rate limits on', () => {
  it('limits how many tokens a member creates in an hour', async () => {
    const limited = await t.otherInstance({ rateLimit: true })
    const me = await createMember(t.db)
    const cookie = await t.cookieFor(me)
    const create = (i: number) =>
      limited.inject({
        method: 'POST',
        url: '/api/account/tokens',
        headers: { cookie },
        payload: { name: `Burst ${i}`, scope: 'read' },
      })
    for (let i = 0; i < 10; i++) expect((await create(i)).statusCode).toBe(201)
    const res = await create(10)
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('RATE_LIMITED')
    expect(res.headers['retry-after']).toBeDefined()
  })
})
