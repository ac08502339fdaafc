import { defineConfig } from 'vitest/config'

// Browser journeys in real Chromium against the real server; one file at a
// time, since each drives a browser on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { ARGON2_FAST: '1', NODE_ENV: 'test' },
  },
})
