import { vi } from 'vitest'

/**
 * Retries a check until it passes: the database tells the instances of a change on commit, and on
 * PostgreSQL they hear it a moment later.
 */
export const eventually = (check: () => void | Promise<void>) =>
  vi.waitFor(check, { timeout: 5000, interval: 20 })
