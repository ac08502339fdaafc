import { defineConfig } from 'vitest/config'

// The API suite: every file gets a fresh database cloned from one migrated
// template (PGlite by default; PostgreSQL when TEST_DB=pg and TEST_DATABASE_URL).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/browser/**'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { ARGON2_FAST: '1', NODE_ENV: 'test' },
  },
})
