import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Both cores: vitest's default (cores - 1) leaves one idle on CI's two while the server suite,
    // CPU-bound PGlite with one database per file, runs. The e2e project keeps to one worker.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        test: {
          // The benchmark's request generators: what the traffic draws is what docs/performance.md says.
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./apps/server/test/global-setup.ts'],
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      './e2e/vitest.config.ts',
    ],
  },
})
