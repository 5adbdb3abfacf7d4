import path from 'node:path'
import { defineProject } from 'vitest/config'

/**
 * End-to-end project: the real server (started once by global-setup.ts) driven through Debian's Chromium.
 * Files run one after another; each test gets its own browser context.
 */
export default defineProject({
  test: {
    name: 'e2e',
    root: path.resolve(import.meta.dirname, '..'),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./e2e/support/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
