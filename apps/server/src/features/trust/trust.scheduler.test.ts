import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTrustScheduler } from './trust.scheduler'

const schedule = { debounceMs: 1_000, restFactor: 10, periodMs: 60_000 }

/** A recompute that takes `ms` of (fake) time and answers `computed`. */
function fakeRun(ms = 100, computed = () => true) {
  const starts: number[] = []
  const run = vi.fn(async () => {
    starts.push(Date.now())
    await new Promise((resolve) => setTimeout(resolve, ms))
    return { computed: computed() }
  })
  return { run, starts }
}

describe('createTrustScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs once for a burst of changes, a debounce after the first', async () => {
    const { run, starts } = fakeRun()
    const scheduler = createTrustScheduler(run, () => {}, schedule)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(600)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(300)
    expect(run).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(100)
    expect(starts).toEqual([1_000])
    await vi.advanceTimersByTimeAsync(5_000)
    expect(starts).toEqual([1_000])
    await scheduler.close()
  })

  it('is not put off forever by a steady stream of changes', async () => {
    const { starts, run } = fakeRun(10)
    const scheduler = createTrustScheduler(run, () => {}, schedule)
    for (let t = 0; t < 5_000; t += 200) {
      scheduler.schedule()
      await vi.advanceTimersByTimeAsync(200)
    }
    expect(starts.length).toBeGreaterThanOrEqual(4)
    expect(starts[0]).toBe(1_000)
    await scheduler.close()
  })

  it('runs again after a change made during a run, resting ten times its length first', async () => {
    const { run, starts } = fakeRun(500)
    const scheduler = createTrustScheduler(run, () => {}, schedule)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(1_100)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(20_000)
    // First at 1000, done at 1500; then no sooner than 1500 + 10 × 500.
    expect(starts).toEqual([1_000, 6_500])
    await scheduler.close()
  })

  it('tries again when another instance held the lock', async () => {
    let calls = 0
    const { run, starts } = fakeRun(10, () => ++calls > 1)
    const scheduler = createTrustScheduler(run, () => {}, schedule)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(starts).toEqual([1_000, 2_010])
    await scheduler.close()
  })

  it('reports a failure and recomputes on the next change', async () => {
    const errors: unknown[] = []
    const run = vi
      .fn()
      .mockRejectedValueOnce(new Error('database gone'))
      .mockResolvedValue({ computed: true })
    const scheduler = createTrustScheduler(run, (error) => errors.push(error), schedule)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(errors).toHaveLength(1)
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(2_000)
    expect(run).toHaveBeenCalledTimes(2)
    await scheduler.close()
  })

  it('starts with a recompute and then one every period; nothing after close', async () => {
    const { run } = fakeRun(10)
    const scheduler = createTrustScheduler(run, () => {}, schedule)
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(61_000)
    expect(run).toHaveBeenCalledTimes(2)
    await scheduler.close()
    scheduler.schedule()
    await vi.advanceTimersByTimeAsync(200_000)
    expect(run).toHaveBeenCalledTimes(2)
  })
})
