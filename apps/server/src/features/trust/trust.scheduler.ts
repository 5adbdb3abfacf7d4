/**
 * When to recompute trust in the background: a while after a change (the changes meanwhile join
 * it, so a burst of endorsements costs one recompute), never more often than ten times the last recompute's length (so it
 * takes at most a tenth of a core), and every hour anyway (seeds also change with time: an account
 * turns 30 days old). One recompute at a time per instance; across instances the lock decides.
 */
export type TrustSchedule = {
  debounceMs: number
  /** The quiet time after a recompute, as a multiple of how long it took. */
  restFactor: number
  periodMs: number
}

export const TRUST_SCHEDULE: TrustSchedule = { debounceMs: 10_000, restFactor: 10, periodMs: 60 * 60_000 }

export type TrustRun = () => Promise<{ computed: boolean }>

export type TrustScheduler = {
  /** Something changed: recompute after the debounce. */
  schedule: () => void
  /** Starts the hourly recompute and the first one. */
  start: () => void
  /** Stops every timer and waits for a recompute under way. */
  close: () => Promise<void>
}

export function createTrustScheduler(
  run: TrustRun,
  onError: (error: unknown) => void,
  schedule: TrustSchedule = TRUST_SCHEDULE,
): TrustScheduler {
  let timer: NodeJS.Timeout | undefined
  let period: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let changedWhileRunning = false
  let restUntil = 0
  let closed = false

  const arm = (delay: number) => {
    if (closed) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(fire, Math.max(delay, restUntil - Date.now()))
    timer.unref()
  }

  function fire() {
    timer = undefined
    if (closed) return
    const started = Date.now()
    running = run()
      .then(
        ({ computed }) => {
          restUntil = Date.now() + schedule.restFactor * (Date.now() - started)
          // Another instance held the lock: it may have read the graph before our change, so try again.
          if (!computed) changedWhileRunning = true
        },
        (error: unknown) => {
          restUntil = Date.now() + schedule.debounceMs
          onError(error)
        },
      )
      .finally(() => {
        running = undefined
        if (changedWhileRunning) {
          changedWhileRunning = false
          arm(schedule.debounceMs)
        }
      })
  }

  return {
    schedule() {
      if (closed) return
      if (running) changedWhileRunning = true
      // Already waiting: this change joins that run. Pushing the timer back on each change would let a
      // steady stream of changes (sign-ins reach the identity feed too) put the recompute off forever.
      else if (!timer) arm(schedule.debounceMs)
    },
    start() {
      if (closed || period) return
      period = setInterval(() => this.schedule(), schedule.periodMs)
      period.unref()
      this.schedule()
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      if (period) clearInterval(period)
      await running
    },
  }
}
