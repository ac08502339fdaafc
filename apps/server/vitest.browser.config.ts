import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The longest files, longest first (seconds with three at a time: the screens walks 190 each, orders 90,
 * dialogs 78, departure-journey 70, availability 57, pilgrims 55). Without vitest's results cache (a clean
 * clone, CI) files run largest first by bytes, and the two 4-line walk files started last: the phase ended
 * with only them running. Started first, the short files fill the other places around them.
 */
const LONGEST = ['screens-id', 'screens-en', 'orders', 'dialogs', 'departure-journey', 'availability', 'pilgrims']
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(path.basename(f.moduleId, '.test.ts'))
      return i < 0 ? LONGEST.length : i
    }
    // The rest keep vitest's order (its cache's durations, else sizes); Array.sort is stable.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

// Browser journeys in real Chromium against the real server. Three files at a
// time (BROWSER_TEST_WORKERS): each has its own server, database and browser, and
// a journey spends most of its time waiting on its page (a screens walk used half
// a core of two), so three share 2 cores (docs/decisions/ci.md; the phase took
// 694 s one file at a time, 396 s two at a time).
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    sequence: { sequencer: LongestFirst },
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: Number(process.env.BROWSER_TEST_WORKERS ?? 3),
    // Files of a worker share its modules (the server, Playwright, the helpers: 94 s of imports over the phase
    // when each file imported them again); each file still starts its own server, database and browser.
    // BROWSER_TEST_ISOLATE=1 isolates them again (docs/decisions/ci.md).
    isolate: process.env.BROWSER_TEST_ISOLATE === '1',
    // A journey that fails is run once more; npm test lists any test that passed only on its retry
    // ("Passed only on a retry"), so a flaky one is seen and fixed, not hidden (docs/decisions/ci.md).
    retry: Number(process.env.BROWSER_TEST_RETRY ?? 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: on a loaded machine a refetch after a write, or an upload's answer, took
    // longer, and two journeys failed twice on it (an Indonesian train day and a document's status, 2026-11-27).
    // A poll that is met returns as soon as it is; only a failing one waits this long.
    expect: { poll: { timeout: 15_000 } },
    env: { ARGON2_FAST: '1', NODE_ENV: 'test' },
  },
})
