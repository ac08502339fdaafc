/**
 * The crash test at full size (issue 12): `test/process/crash.test.ts` with 10 SIGKILL rounds
 * (`CRASH_ROUNDS`, default 10 here), on PGlite and, when `TEST_DATABASE_URL` is set, on PostgreSQL.
 * npm test runs the same test with 3 rounds on each database (docs/decisions/ci.md).
 *
 *   npm run bench -- crash
 *   CRASH_ROUNDS=30 TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- crash
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { serverDir } from './harness.js'

export default async function crash() {
  const vitest = path.resolve(serverDir, '../../node_modules/.bin/vitest')
  const rounds = process.env.CRASH_ROUNDS ?? '10'
  const drivers: Array<[string, Record<string, string>]> = [['PGlite', {}]]
  if (process.env.TEST_DATABASE_URL) drivers.push(['PostgreSQL', { TEST_DB: 'pg' }])
  for (const [name, env] of drivers) {
    const t0 = Date.now()
    const r = spawnSync(vitest, ['run', 'test/process/crash.test.ts'], {
      cwd: serverDir,
      stdio: 'inherit',
      env: { ...process.env, ...env, CRASH_ROUNDS: rounds },
    })
    console.log(
      `crash on ${name}: ${rounds} rounds, ${Math.round((Date.now() - t0) / 1000)} s, ${r.status === 0 ? 'passed' : 'FAILED'}`,
    )
    if (r.status !== 0) throw new Error(`crash test failed on ${name}`)
  }
}
