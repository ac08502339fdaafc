#!/usr/bin/env node
// `npm test`: every suite, with one closing line of totals, in two lanes side by side (TEST_LANES=1: one
// after the other):
//  - the API tests: with TEST_DATABASE_URL set, every file on PostgreSQL, then the files whose result can
//    depend on the driver again on PGlite (apps/server/test/driver-dependent.ts); without it, every file on
//    PGlite; then the web unit tests;
//  - the web build, then the browser tests in Chromium at a lower CPU priority (SKIP_BROWSER_TESTS=1 skips
//    them; without a browser they fail saying how to get one).
// API_TESTS=all runs the whole API suite on both databases, as before.
// The crash test kills the server in CRASH_ROUNDS rounds (3 here unless set); `npm run bench -- crash`
// runs its full 10 rounds on each database (docs/decisions/ci.md).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { dropPgDatabases } from './drop-pg-databases.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const vitest = path.join(root, 'node_modules/.bin/vitest')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-results-'))
const extra = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
const failures = []
// Each failed test and the first line of its message, repeated at the very end so the tail of a CI log names them.
const failedTests = []
const retried = []
const timings = []
const started = Date.now()
// The first line of a message, without its colour codes.
const ansi = new RegExp(String.raw`\x1b\[[0-9;]*m`, 'g')
const firstLine = (m) =>
  String(m ?? '')
    .replace(ansi, '')
    .split('\n')
    .find((l) => l.trim()) ?? ''
// The two lanes side by side (the default), each phase's output kept and printed whole when it ends;
// TEST_LANES=1 runs them one after the other, streaming.
const sideBySide = process.env.TEST_LANES !== '1'
const secs = (ms) => `${Math.round(ms / 1000)} s`

/**
 * One vitest phase in a child process. Its output is kept and printed whole when it ends, so two phases
 * running side by side (the lanes below) do not interleave their lines.
 */
function run(label, cwd, args, env = {}, { nice = 0 } = {}) {
  const out = path.join(tmp, `${label.replace(/\W+/g, '_')}.json`)
  const t0 = Date.now()
  const command = [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra]
  // `nice`: the phase and everything it starts (workers, servers, browsers) yield the CPU to the other lane.
  if (nice) command.unshift('nice', '-n', String(nice))
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd,
      stdio: sideBySide ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { CRASH_ROUNDS: '3', ...process.env, ...env },
    })
    const chunks = []
    if (sideBySide) {
      child.stdout.on('data', (c) => chunks.push(c))
      child.stderr.on('data', (c) => chunks.push(c))
    } else console.log(`\n=== ${label} ===`)
    child.on('close', (status) => {
      if (sideBySide) {
        console.log(`\n=== ${label} (${secs(Date.now() - t0)}) ===`)
        process.stdout.write(Buffer.concat(chunks))
      }
      timings.push(`${label}: ${secs(Date.now() - t0)}`)
      record(label, cwd, out, status)
      resolve()
    })
  })
}

function record(label, cwd, out, status) {
  if (fs.existsSync(out)) {
    const j = JSON.parse(fs.readFileSync(out, 'utf8'))
    // The slowest files, so a CI log says where the time went.
    const slow = j.testResults
      .map((f) => ({ name: path.relative(cwd, f.name), ms: f.endTime - f.startTime }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
    console.log(`\nslowest files of ${label}: ${slow.map((f) => `${f.name} ${secs(f.ms)}`).join(', ')}`)
    passed += j.numPassedTests
    failed += j.numFailedTests
    skipped += j.numPendingTests + (j.numTodoTests ?? 0)
    for (const f of j.testResults) {
      const file = path.relative(cwd, f.name)
      const bad = f.assertionResults.filter((a) => a.status === 'failed')
      for (const a of bad) failedTests.push(`${label} · ${file} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`)
      if (!bad.length && f.status === 'failed') failedTests.push(`${label} · ${file}: ${firstLine(f.message)}`)
      // A test that failed and then passed on its retry (browser phase): shown, so it gets fixed.
      for (const a of f.assertionResults.filter((a) => a.status === 'passed' && a.failureMessages?.length))
        retried.push(`${label} · ${file} > ${a.fullName}: ${firstLine(a.failureMessages[0])}`)
    }
    if (j.numFailedTests > 0 || status !== 0) failures.push(label)
    if (j.numTotalTests === 0) failures.push(`${label} (ran no test)`)
  } else if (status !== 0) {
    failed += 1
    failures.push(label)
  }
}

/** `npm run build -w @app/web`, its output kept like a phase's. */
function buildWeb() {
  const t0 = Date.now()
  return new Promise((resolve) => {
    if (!sideBySide) console.log('\n=== build web app ===')
    const child = spawn('npm', ['run', 'build', '-w', '@app/web'], {
      cwd: root,
      stdio: sideBySide ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    const chunks = []
    if (sideBySide) {
      child.stdout.on('data', (c) => chunks.push(c))
      child.stderr.on('data', (c) => chunks.push(c))
    }
    child.on('close', (status) => {
      if (sideBySide) {
        console.log(`\n=== build web app (${secs(Date.now() - t0)}) ===`)
        process.stdout.write(Buffer.concat(chunks))
      }
      timings.push(`web build: ${secs(Date.now() - t0)}`)
      resolve(status === 0)
    })
  })
}

const server = path.join(root, 'apps/server')
// Each suite's databases on PostgreSQL are dropped once both lanes have ended, not by the suite's own teardown:
// PostgreSQL 15's DROP DATABASE forces a checkpoint, and beside the journeys a pass's drops took 80 s.
const dropLater = path.join(tmp, 'pg-prefixes.txt')
if (process.env.TEST_DATABASE_URL) process.env.TEST_PG_DROP_LATER = dropLater

// Two lanes: the API and web unit suites, and the web build with the browser journeys (side by side unless TEST_LANES=1).
// A browser journey spends most of its time waiting on its page (a screens walk used half a core of
// two), so the API suites fill what the browsers leave idle (docs/decisions/ci.md).
async function apiLane() {
  if (process.env.TEST_DATABASE_URL) {
    const all = process.env.API_TESTS === 'all'
    // The files that test PGlite itself run only in the PGlite pass (test/driver-dependent.ts, pgliteOnly).
    await run(all ? 'API on PostgreSQL' : 'API on PostgreSQL (all but the PGlite-only files)', server, [], {
      TEST_DB: 'pg',
      API_TESTS: all ? '' : 'postgres-pass',
      // API_PG_WORKERS: files at a time in this pass alone. Three beside the journeys were measured (2026-12-02)
      // and not kept: the machine was already busy throughout, and the starved journeys failed (docs/decisions/ci.md).
      API_TEST_WORKERS: process.env.API_PG_WORKERS ?? process.env.API_TEST_WORKERS ?? '2',
    })
    await run(all ? 'API on PGlite' : 'API on PGlite (driver-dependent files)', server, [], {
      API_TESTS: all ? '' : 'driver-dependent',
    })
  } else {
    await run('API on PGlite', server, [])
    console.log('\n(TEST_DATABASE_URL not set: the API suite ran on PGlite only)')
  }
  await run('web unit', path.join(root, 'apps/web'), ['--passWithNoTests'])
}

async function browserLane() {
  if (process.env.SKIP_BROWSER_TESTS === '1') {
    console.log('\n(SKIP_BROWSER_TESTS=1: browser tests skipped)')
    return
  }
  if (!(await buildWeb())) {
    failed += 1
    failures.push('web build')
    return
  }
  // On PostgreSQL when it answers: the journeys prove the screens, not the driver (the embedded database is
  // proven by the API's driver-dependent pass and its process tests); PGlite's server work doubled each page's wait.
  // BROWSER_DB=pglite keeps them on the embedded database.
  const onPg = process.env.TEST_DATABASE_URL && process.env.BROWSER_DB !== 'pglite'
  // Side by side, the journeys run at a lower CPU priority: the API passes wait on their database for every
  // statement, and behind three Chromiums each wait grew fivefold (the PostgreSQL pass took 787 s against 156 s
  // alone); the journeys take whatever CPU those waits leave (BROWSER_NICE, docs/decisions/ci.md).
  await run(
    onPg ? 'browser (Chromium, PostgreSQL)' : 'browser (Chromium)',
    server,
    ['--config', 'vitest.browser.config.ts'],
    onPg ? { TEST_DB: 'pg' } : {},
    { nice: sideBySide ? Number(process.env.BROWSER_NICE ?? 10) : 0 },
  )
}

// Side by side the journeys fill the CPU the API passes leave while they wait on their database
// (docs/decisions/ci.md); TEST_LANES=1 runs one lane after the other.
await (sideBySide ? Promise.all([apiLane(), browserLane()]) : apiLane().then(browserLane))

if (fs.existsSync(dropLater)) {
  const t0 = Date.now()
  const prefixes = fs.readFileSync(dropLater, 'utf8').split('\n').filter(Boolean)
  await dropPgDatabases(process.env.TEST_DATABASE_URL, prefixes).catch((e) => {
    failed += 1
    failures.push(`dropping the test databases (${e.message})`)
  })
  timings.push(`test databases dropped: ${secs(Date.now() - t0)}`)
}

// TEST_RESULTS_DIR keeps each phase's JSON report (per-file and per-test times) for a look afterwards.
if (process.env.TEST_RESULTS_DIR) fs.cpSync(tmp, process.env.TEST_RESULTS_DIR, { recursive: true })
fs.rmSync(tmp, { recursive: true, force: true })
console.log(`\n${timings.join(' · ')} · total ${secs(Date.now() - started)}`)
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t.slice(0, 400)}`).join('\n')}`)
if (retried.length)
  console.log(`\nPassed only on a retry (flaky, to fix):\n${retried.map((t) => `  ${t.slice(0, 400)}`).join('\n')}`)
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
