import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionRequests } from '../src/db/schema/index'
import { sendConnectionRequest } from '../src/features/connections/connections.service'
import { buildTestApp, type TestApp } from './build-test-app'
import { createAdmin, createMember, DEFAULT_PASSWORD } from './factories'
import { makeImage, multipart } from './multipart'

/**
 * Writes another page can cause (finding 4 of issue 21): only the app's own origin may write, a
 * browser's Sec-Fetch-Site is believed when Origin is absent, and multipart reaches upload routes only.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://vouched.example' })
})
afterAll(async () => {
  await t.close()
})

const logout = async (headers: Record<string, string>) => {
  const member = await createMember(t.db)
  const cookie = await t.cookieFor(member)
  const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { ...headers, cookie } })
  const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })
  return { res, signedOut: after.statusCode === 401 }
}

describe('Origin and Sec-Fetch-Site on writes', () => {
  it.each([
    ['Origin: null (a sandboxed frame, a redirected form)', { origin: 'null' }],
    ['a sibling subdomain', { origin: 'https://evil.vouched.example' }],
    ['another site', { origin: 'https://evil.example' }],
    ['the public host over http', { origin: 'http://vouched.example' }],
    ['no Origin but a same-site fetch', { 'sec-fetch-site': 'same-site' }],
    ['no Origin but a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and a fetch from nowhere', { 'sec-fetch-site': 'none' }],
  ])('refuses %s with 403 and does nothing', async (_name, headers) => {
    const { res, signedOut } = await logout(headers)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'FORBIDDEN_ORIGIN' })
    expect(signedOut).toBe(false)
  })

  it.each([
    ['PUBLIC_URL’s origin', { origin: 'https://vouched.example' }],
    ['the origin the request was made to', { origin: 'http://localhost:80', host: 'localhost:80' }],
    ['no Origin with a same-origin fetch', { 'sec-fetch-site': 'same-origin' }],
    ['neither header (curl, servers)', {}],
  ])('accepts %s', async (_name, headers) => {
    const { res, signedOut } = await logout(headers)
    expect(res.statusCode).toBe(200)
    expect(signedOut).toBe(true)
  })

  it('lets reads through whatever their origin', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, {
      method: 'GET',
      url: '/api/user',
      headers: { origin: 'null', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('multipart bodies', () => {
  const form = async () =>
    multipart({ field: 'file', fileName: 'a.png', contentType: 'image/png', data: await makeImage('png') })

  it('are refused with 415 on a route that takes no file, before it does anything', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const request = await sendConnectionRequest(t.db, alice, bob.id, undefined)
    const res = await t.inject(bob, {
      method: 'POST',
      url: `/api/connection-requests/${request.id}/accept`,
      ...(await form()),
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' })
    const [row] = await t.db.select().from(connectionRequests).where(eq(connectionRequests.id, request.id))
    expect(row!.status).toBe('pending')
  })

  it('are refused on an admin route without a body, and on a JSON route', async () => {
    const admin = await createAdmin(t.db)
    const member = await createMember(t.db)
    const unsuspend = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/users/${member.id}/unsuspend`,
      ...(await form()),
    })
    expect(unsuspend.statusCode).toBe(415)
    const profile = await t.inject(member, {
      method: 'PATCH',
      url: `/api/users/${member.id}/profile`,
      ...(await form()),
    })
    expect(profile.statusCode).toBe(415)
  })

  it('still reach the upload routes', async () => {
    const member = await createMember(t.db)
    const attachment = await t.inject(member, {
      method: 'POST',
      url: '/api/vouches/attachments',
      ...(await form()),
    })
    expect(attachment.statusCode).toBe(201)
    const picture = await t.inject(member, {
      method: 'POST',
      url: `/api/users/${member.id}/profile-picture`,
      ...multipart({
        field: 'profilePicture',
        fileName: 'me.jpg',
        contentType: 'image/jpeg',
        data: await makeImage('jpeg'),
      }),
    })
    expect(picture.statusCode).toBe(200)
  })
})

describe('Cache-Control on JSON answers', () => {
  it('is no-store on signed-in answers, the sign-in answer and errors', async () => {
    const member = await createMember(t.db)
    const me = await t.inject(member, { method: 'GET', url: '/api/user' })
    expect(me.headers['cache-control']).toBe('no-store')
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: DEFAULT_PASSWORD },
    })
    expect(login.statusCode).toBe(200)
    expect(login.headers['cache-control']).toBe('no-store')
    const missing = await t.inject(member, { method: 'GET', url: '/api/users/nobody-at-all' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-store')
  })

  it('leaves the cacheable answers of badges their own', async () => {
    const member = await createMember(t.db)
    const badge = await t.inject(member, { method: 'GET', url: `/api/badge/${member.username}` })
    expect(badge.statusCode).toBe(200)
    expect(badge.headers['cache-control']).toBe('public, max-age=300')
  })
})

describe('request ids', () => {
  it('are generated by the server, never taken from the client', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': `trace-${'x'.repeat(5000)}` },
    })
    const id = given.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    const again = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(again.headers['x-request-id']).not.toBe(id)
  })
})
