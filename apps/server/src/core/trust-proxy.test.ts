import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app'
import { createMember, DEFAULT_PASSWORD, uniqueSuffix } from '../../test/factories'

/**
 * TRUST_PROXY (finding 5 of issue 21): a hop count or the proxies' addresses, never every
 * X-Forwarded-For entry; the protocol a trusted proxy reports decides Secure cookies and HSTS.
 */
const PROXY = '10.0.0.2'
const CLIENT = '203.0.113.9'

const attempt = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: `nobody_${uniqueSuffix()}`, password: 'wrong-password' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  })

const rotating = (i: number) => `198.51.${i >> 8}.${i & 255}`

describe.each([
  ['a hop count (TRUST_PROXY=1)', { hops: 1 }],
  ['the proxy’s address', { addresses: [PROXY] }],
])('behind one proxy named by %s', (_name, trustProxy) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true, trustProxy })
  })
  afterAll(async () => {
    await t.close()
  })

  it('meets the per-IP sign-in limit however the client rotates the first X-Forwarded-For entry', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      // What the proxy forwards: the client's own claim first, then the address it really saw.
      statuses.push((await attempt(t, PROXY, `${rotating(i)}, ${CLIENT}`)).statusCode)
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true)
  })

  it('takes the protocol from the proxy: Secure cookie and HSTS over https, neither over http', async () => {
    const member = await createMember(t.db)
    const login = (proto: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: member.username, password: DEFAULT_PASSWORD },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${rotating(1000 + proto.length)}`, 'x-forwarded-proto': proto },
      })
    const overHttps = await login('https')
    expect(overHttps.statusCode).toBe(200)
    expect(overHttps.cookies.find((c) => c.name === 'vouched_session')?.secure).toBe(true)
    expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(overHttps.headers['content-security-policy']).toContain('upgrade-insecure-requests')
    const overHttp = await login('http')
    expect(overHttp.statusCode).toBe(200)
    expect(overHttp.cookies.find((c) => c.name === 'vouched_session')?.secure).toBeUndefined()
    expect(overHttp.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('proxy addresses', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true, trustProxy: { addresses: [PROXY] } })
  })
  afterAll(async () => {
    await t.close()
  })

  it('ignore X-Forwarded-* from a client that is not the proxy', async () => {
    const direct = '192.0.2.77'
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await attempt(t, direct, rotating(i))).statusCode)
    expect(statuses.at(-1)).toBe(429)
    const member = await createMember(t.db)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: member.username, password: DEFAULT_PASSWORD },
      remoteAddress: '192.0.2.78',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.cookies.find((c) => c.name === 'vouched_session')?.secure).toBeUndefined()
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('without TRUST_PROXY', () => {
  it('believes no X-Forwarded-Proto', async () => {
    const t = await buildTestApp()
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(res.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await t.close()
    }
  })
})

describe('production with an http PUBLIC_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: 'production', trustProxy: { addresses: [PROXY] } })
  })
  afterAll(async () => {
    await t.close()
  })

  it('refuses every request that arrived over https, as links would send members to http', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      message: 'The server is misconfigured. Please try again later.',
      code: 'INSECURE_PUBLIC_URL',
    })
  })

  it('serves plain http as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: PROXY })
    expect(res.statusCode).toBe(200)
  })
})
