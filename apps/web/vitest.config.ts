import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Component tests share two cores with the server suite in CI; findBy* waits accordingly.
    testTimeout: 15_000,
  },
})
