import { testMessageQueue } from '@fedify/testing'
import { Temporal } from './temporal'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationQueue } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { DbKvStore } from './federation.kv'
import { backoffMs, DbMessageQueue } from './federation.queue'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('DbKvStore', () => {
  it('keeps, replaces, lists by prefix and deletes values', async () => {
    const kv = new DbKvStore(t.db)
    await kv.set(['kv-test', 'a'], { n: 1 })
    await kv.set(['kv-test', 'a'], { n: 2 })
    await kv.set(['kv-test', 'b', 'c'], 'deep')
    await kv.set(['kv-testing'], 'not under the prefix')
    expect(await kv.get(['kv-test', 'a'])).toEqual({ n: 2 })
    const listed = []
    for await (const entry of kv.list(['kv-test'])) listed.push(entry)
    expect(listed).toEqual([
      { key: ['kv-test', 'a'], value: { n: 2 } },
      { key: ['kv-test', 'b', 'c'], value: 'deep' },
    ])
    await kv.delete(['kv-test', 'a'])
    expect(await kv.get(['kv-test', 'a'])).toBeUndefined()
  })

  it('compares and sets: only over the value expected, or over nothing', async () => {
    const kv = new DbKvStore(t.db)
    expect(await kv.cas(['kv-cas'], undefined, { state: 'closed' })).toBe(true)
    expect(await kv.cas(['kv-cas'], undefined, { state: 'open' })).toBe(false)
    expect(await kv.cas(['kv-cas'], { state: 'half' }, { state: 'open' })).toBe(false)
    expect(await kv.cas(['kv-cas'], { state: 'closed' }, { state: 'open' })).toBe(true)
    expect(await kv.get(['kv-cas'])).toEqual({ state: 'open' })
  })

  it('forgets a value once its time to live has passed', async () => {
    const kv = new DbKvStore(t.db)
    await kv.set(['kv-ttl'], 'short', { ttl: Temporal.Duration.from({ seconds: 1 }) })
    expect(await kv.get(['kv-ttl'])).toBe('short')
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(await kv.get(['kv-ttl'])).toBeUndefined()
    await kv.sweepExpired()
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`federation_kv`)
      .where(sql`key = ${JSON.stringify(['kv-ttl'])}`)
    expect(row?.n).toBe(0)
  })
})

describe('DbMessageQueue', () => {
  it("passes @fedify/testing's message queue suite, ordering keys included", async () => {
    await t.db.delete(federationQueue)
    await testMessageQueue(
      () => new DbMessageQueue(t.db, { pollMs: 50 }),
      async ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    )
  }, 60_000)

  it('runs again a message whose process stopped while holding it, once its lease ran out', async () => {
    await t.db.delete(federationQueue)
    const first = new DbMessageQueue(t.db, { pollMs: 20, leaseMs: 200 })
    await first.enqueue({ deliver: 'note-1' })
    // The first process takes the message and stops before handling it (no delete).
    expect(await first.claim()).toMatchObject({ message: { deliver: 'note-1' } })
    expect(await first.claim()).toBeNull()

    const restarted = new DbMessageQueue(t.db, { pollMs: 20, leaseMs: 200 })
    const controller = new AbortController()
    const seen: unknown[] = []
    const listening = restarted.listen((message) => void seen.push(message), { signal: controller.signal })
    await expect.poll(() => seen, { timeout: 3_000 }).toEqual([{ deliver: 'note-1' }])
    controller.abort()
    await listening
    expect(await restarted.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 })
  })

  it('retries a message whose handler failed after a growing delay', async () => {
    await t.db.delete(federationQueue)
    const errors: unknown[] = []
    const queue = new DbMessageQueue(t.db, { pollMs: 20, onError: (error) => errors.push(error) })
    await queue.enqueue('flaky')
    const controller = new AbortController()
    let calls = 0
    const listening = queue.listen(
      () => {
        calls += 1
        if (calls === 1) throw new Error('remote inbox down')
      },
      { signal: controller.signal },
    )
    await expect.poll(() => errors.length, { timeout: 3_000 }).toBe(1)
    const [waiting] = await t.db
      .select({ delay: sql<number>`extract(epoch from (${federationQueue.runAt} - now()))::float8` })
      .from(federationQueue)
    expect(waiting!.delay).toBeGreaterThan(0.5)
    await expect.poll(() => calls, { timeout: 5_000 }).toBe(2)
    controller.abort()
    await listening
    expect(backoffMs(1)).toBe(1_000)
    expect(backoffMs(5)).toBe(16_000)
    expect(backoffMs(30)).toBe(3_600_000)
  })
})
