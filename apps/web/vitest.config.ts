import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Logic tests run in node; component tests (`*.test.tsx`) declare
// `@vitest-environment jsdom` in their first comment and render through
// src/test-utils (Mantine, i18n, query client, router).
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-utils/setup-dom.ts'],
    css: false,
    // Component tests type and click; the machine is shared, so allow for slow runs.
    testTimeout: 45_000,
    // A test that fails is run once more; npm test lists any that passed only on its retry ("Passed only on
    // a retry"), so a flaky one is seen and fixed, not hidden (docs/decisions/ci.md).
    retry: Number(process.env.WEB_TEST_RETRY ?? 1),
    // Two files at a time on 2 cores (vitest's default is one fewer than the cores).
    maxWorkers: Number(process.env.WEB_TEST_WORKERS ?? 2),
    // Files share their worker's modules instead of importing React, Mantine and the app's texts again for
    // each of the ~45 files (setup + import fell from 430 s to 84 s of worker time); setup-dom.ts resets
    // what a file could leave behind (the language, spies, stubbed globals).
    isolate: false,
  },
})
