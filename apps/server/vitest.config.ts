import { defineConfig } from 'vitest/config'
import { driverDependent, pgliteOnly } from './test/driver-dependent.js'

// The API suite: every file gets a fresh database cloned from one migrated
// template (PGlite by default; PostgreSQL when TEST_DB=pg and TEST_DATABASE_URL).
// API_TESTS=driver-dependent narrows it to the files whose result can depend on
// the driver (test/driver-dependent.ts), the second pass npm test makes on PGlite;
// API_TESTS=postgres-pass leaves out the files that test PGlite itself (they run in that second pass).
const onlyDriverDependent = process.env.API_TESTS === 'driver-dependent'
const postgresPass = process.env.API_TESTS === 'postgres-pass'

export default defineConfig({
  test: {
    include: onlyDriverDependent ? driverDependent : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/browser/**', 'node_modules/**', ...(postgresPass ? pgliteOnly : [])],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    // The files of a worker share its modules: the app is imported once per worker instead of once per
    // file (docs/decisions/ci.md). What a file could leave for the next is put back: spies, stubbed
    // globals and env here, module state in test/setup.ts. API_TEST_ISOLATE=1 isolates each file again.
    isolate: process.env.API_TEST_ISOLATE === '1',
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Two files at a time on 2 cores: a file spends much of its time waiting on
    // its database (PostgreSQL's own processes, or PGlite's worker thread).
    maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
    // Catches a hang, not slowness: a test of 4 s alone took 30 s on a machine shared with the browser journeys.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { ARGON2_FAST: '1', NODE_ENV: 'test' },
  },
})
