import { defineConfig } from 'vitest/config'

// Browser journeys in real Chromium against the real server. Three files at a
// time (BROWSER_TEST_WORKERS): each has its own server, database and browser, and
// a journey spends most of its time waiting on its page (a screens walk used half
// a core of two), so three share 2 cores (docs/decisions/ci.md; the phase took
// 694 s one file at a time, 396 s two at a time).
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Number(process.env.BROWSER_TEST_WORKERS ?? 3),
    // A journey that fails is run once more; npm test lists any test that passed only on its retry
    // ("Passed only on a retry"), so a flaky one is seen and fixed, not hidden (docs/decisions/ci.md).
    retry: Number(process.env.BROWSER_TEST_RETRY ?? 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { ARGON2_FAST: '1', NODE_ENV: 'test' },
  },
})
