import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app'
import { createMember, DEFAULT_PASSWORD } from './factories'

/**
 * With REDIS_URL, two instances behind one balancer allow what one instance does: the per-IP limit
 * and the per-account sign-in failures are counted in Redis. Without it each instance counts alone.
 * Redis runs beside PostgreSQL on every machine of this project (127.0.0.1:6379).
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
/** The register route's per-IP limit (auth.routes.ts). */
const REGISTER_PER_IP = 20
/** Sign-in failures allowed per account in the window (auth.routes.ts). */
const LOGIN_FAILURES = 10

/** An address no earlier run used: Redis keeps counts for the whole window, across test runs. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`

const register = (app: FastifyInstance, ip: string) => {
  const suffix = randomBytes(5).toString('hex')
  return app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: ip,
    payload: {
      username: `limits_${suffix}`,
      email: `limits_${suffix}@example.com`,
      password: 'correct-horse-battery',
      passwordConfirm: 'correct-horse-battery',
      fullName: 'Limits Test',
    },
  })
}

const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/login', remoteAddress: freshIp(), payload: { username, password } })

describe('rate limits counted in Redis', () => {
  let t: TestApp
  let first: FastifyInstance
  let second: FastifyInstance
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true, redisUrl: REDIS_URL })
    first = t.app
    second = await t.otherInstance()
  })
  afterAll(() => t.close())

  it('allows two instances together what one allows, then answers 429 on both', async () => {
    const ip = freshIp()
    for (let i = 0; i < REGISTER_PER_IP; i += 1) {
      const res = await register(i % 2 === 0 ? first : second, ip)
      expect(res.statusCode, `registration ${i + 1}`).toBe(201)
    }
    for (const app of [first, second]) {
      const refused = await register(app, ip)
      expect(refused.statusCode).toBe(429)
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' })
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('counts wrong passwords for one account across instances, whichever IP they come from', async () => {
    const member = await createMember(t.db)
    for (let i = 0; i < LOGIN_FAILURES; i += 1) {
      const res = await login(i % 2 === 0 ? first : second, member.username, 'not-the-password')
      expect(res.statusCode).toBe(401)
    }
    for (const app of [first, second]) {
      const refused = await login(app, member.username, DEFAULT_PASSWORD)
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('keeps the counts of different limits apart under the same key', async () => {
    // A member's failed sign-ins and their registrations from one IP must not add up: each limit has its name.
    const ip = freshIp()
    const member = await createMember(t.db)
    for (let i = 0; i < 3; i += 1) await login(first, member.username, 'not-the-password')
    expect((await register(first, ip)).statusCode).toBe(201)
    expect((await login(second, member.username, DEFAULT_PASSWORD)).statusCode).toBe(200)
  })
})

describe('rate limits without Redis', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ rateLimit: true })
  })
  afterAll(() => t.close())

  it('are counted by each instance alone', async () => {
    const second = await t.otherInstance()
    const ip = freshIp()
    for (let i = 0; i < REGISTER_PER_IP; i += 1) expect((await register(t.app, ip)).statusCode).toBe(201)
    expect((await register(t.app, ip)).statusCode).toBe(429)
    expect((await register(second, ip)).statusCode).toBe(201)
  })
})

describe('rate limits while Redis cannot be reached', () => {
  let t: TestApp
  beforeAll(async () => {
    // Nothing listens on port 1: every command fails at once.
    t = await buildTestApp({ rateLimit: true, redisUrl: 'redis://127.0.0.1:1' })
  })
  afterAll(() => t.close())

  it('let requests through rather than locking everyone out', async () => {
    const member = await createMember(t.db)
    expect((await register(t.app, freshIp())).statusCode).toBe(201)
    expect((await login(t.app, member.username, 'not-the-password')).statusCode).toBe(401)
    expect((await login(t.app, member.username, DEFAULT_PASSWORD)).statusCode).toBe(200)
  })
})
