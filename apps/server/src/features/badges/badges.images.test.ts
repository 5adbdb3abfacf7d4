import { threadId } from 'node:worker_threads'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashtags, memberHashtags } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, uniqueSuffix } from '../../../test/factories'
import { BADGE_IMAGE_LIMIT } from './badges.routes'
import { rasterizeTask } from './badges.service'

/**
 * Badge images are public and unauthenticated: one set of skills draws one badge whatever order or
 * case the URL lists it in, PNGs are drawn off the event loop, and one client cannot ask for unlimited
 * images.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const get = (url: string, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'GET', url, remoteAddress })

/** A member with `count` received skills; the first is the most endorsed. */
async function memberWithSkills(count: number) {
  const member = await createMember(t.db)
  const suffix = uniqueSuffix()
  const tags = Array.from({ length: count }, (_, i) => `Skill${String.fromCharCode(65 + i)}${suffix}`)
  for (const [i, tag] of tags.entries()) {
    const [row] = await t.db.insert(hashtags).values({ tag, count: 1 }).returning({ id: hashtags.id })
    await t.db.insert(memberHashtags).values({ userId: member.id, hashtagId: row!.id, count: 50 - i })
  }
  return { member, tags }
}

const list = (...tags: string[]) => encodeURIComponent(tags.join(','))

describe('one set of skills, one badge', () => {
  it('draws every ordering and casing of a set alike, most endorsed first', async () => {
    const { member, tags } = await memberWithSkills(3)
    const [a, b, c] = tags as [string, string, string]
    const orderings = [list(a, b, c), list(c, a, b), list(b.toUpperCase(), `#${c}`, a.toLowerCase(), b)]
    const answers = await Promise.all(
      orderings.map((q) => get(`/api/badge/${member.username}?hashtags=${q}`)),
    )
    for (const res of answers) expect(res.statusCode).toBe(200)
    expect(new Set(answers.map((res) => res.headers.etag)).size).toBe(1)
    expect(new Set(answers.map((res) => res.body)).size).toBe(1)
    const positions = [a, b, c].map((tag) => answers[0]!.body.indexOf(`#${tag}`))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((x, y) => x - y)).toEqual(positions)
  })

  it('renders the PNG of a set once, whatever order later requests list it in', async () => {
    const { member, tags } = await memberWithSkills(3)
    const [a, b, c] = tags as [string, string, string]
    const before = t.app.cpuPool.completed
    const first = await get(`/api/badge/${member.username}?format=png&hashtags=${list(c, b, a)}`)
    const second = await get(`/api/badge/${member.username}?format=png&hashtags=${list(b, a, c)}`)
    expect(first.statusCode).toBe(200)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(t.app.cpuPool.completed - before).toBe(1)
  })
})

describe('PNG rendering off the event loop', () => {
  it('draws in a worker thread, not the thread that serves requests', async () => {
    const { member } = await memberWithSkills(1)
    const svg = (await get(`/api/badge/${member.username}`)).body
    const { png, threadId: renderThread } = await t.app.cpuPool.rasterize(rasterizeTask(svg))
    expect(renderThread).not.toBe(threadId)
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 300, height: 300 })
  })

  it('answers the health check while many distinct PNGs are drawn', async () => {
    const { member, tags } = await memberWithSkills(8)
    const before = t.app.cpuPool.completed
    // Each single skill is a badge not drawn before: every request misses the cache.
    const renders = tags.map((tag) => get(`/api/badge/${member.username}?format=png&hashtags=${list(tag)}`))
    const health = await get('/api/health')
    expect(health.statusCode).toBe(200)
    const answers = await Promise.all(renders)
    expect(answers.map((res) => res.statusCode)).toEqual(tags.map(() => 200))
    expect(answers.every((res) => res.headers['content-type'] === 'image/png')).toBe(true)
    // Every one of them was drawn by the pool.
    expect(t.app.cpuPool.completed - before).toBe(tags.length)
  })
})

describe('rate limit on badge images', () => {
  it(`answers 429 with Retry-After beyond ${BADGE_IMAGE_LIMIT.max} images a minute from one IP`, async () => {
    const limited = await t.otherInstance({ rateLimit: true })
    const { member } = await memberWithSkills(1)
    const fetchFrom = (ip: string, format: 'svg' | 'png') =>
      limited.inject({
        method: 'GET',
        url: `/api/badge/${member.username}?format=${format}`,
        remoteAddress: ip,
      })
    for (let i = 0; i < BADGE_IMAGE_LIMIT.max; i++) {
      // SVG and PNG share one allowance.
      expect((await fetchFrom('203.0.113.7', i % 2 ? 'png' : 'svg')).statusCode).toBe(200)
    }
    const refused = await fetchFrom('203.0.113.7', 'png')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) })
    // Another visitor is not held back by the first.
    expect((await fetchFrom('203.0.113.8', 'svg')).statusCode).toBe(200)
  })
})
