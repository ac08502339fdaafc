/**
 * The accounts bench (issue 3): what a password costs and what a sign-in costs.
 *
 * - argon2id with the production profile (lib/passwords.ts): time per hash and
 *   per verify, one at a time and 8 at once (the 2 cores of these machines).
 * - `POST /api/v1/auth/login` through the whole app (routing, validation, rate
 *   limit, argon2 verify, session insert, cookie) with `app.inject`, on PGlite
 *   and on PostgreSQL: 200 successful logins one after another (p50/p99), the
 *   same for a wrong password and an unknown email (they must cost the same),
 *   throughput with 4 logins in flight, and `GET /auth/me` for comparison.
 *
 *   npm run bench -- auth
 *   BENCH_DRIVERS=pg BENCH_LOGINS=500 npm run bench -- auth
 */
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Db } from '../src/db/client.js'
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../src/lib/passwords.js'
import { createCompanyWithOwner, syncPermissions } from '../src/services/companies.js'
import { createPgDatabase, openDatabase } from './fixtures.js'

const LOGINS = Number(process.env.BENCH_LOGINS ?? 200)
const HASHES = Number(process.env.BENCH_HASHES ?? 40)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',') as Array<'pglite' | 'pg'>
const EMAIL = 'bench.owner@auth.bench'
const PASSWORD = 'bench-password-2026'

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b)
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
  return { n: s.length, mean: s.reduce((a, b) => a + b, 0) / s.length, p50: q(50), p90: q(90), p99: q(99), max: s[s.length - 1]! }
}
const fmt = (x: ReturnType<typeof stats>) =>
  `n=${x.n}  mean ${x.mean.toFixed(1)} ms  p50 ${x.p50.toFixed(1)}  p90 ${x.p90.toFixed(1)}  p99 ${x.p99.toFixed(1)}  max ${x.max.toFixed(1)}`

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await fn(i)
    out.push(performance.now() - t0)
  }
  return out
}

async function throughput(n: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++)
    }),
  )
  return n / ((performance.now() - t0) / 1000)
}

async function benchArgon2() {
  console.log(
    `\n## argon2id  memoryCost=${ARGON2_OPTIONS.memoryCost} KiB  timeCost=${ARGON2_OPTIONS.timeCost}  parallelism=${ARGON2_OPTIONS.parallelism}`,
  )
  if (process.env.ARGON2_FAST === '1') console.log('   (ARGON2_FAST=1 is set: these are the test parameters, not production)')
  await hashPassword('warm-up-password')
  const hashes: string[] = []
  const hash = stats(await timed(HASHES, async (i) => hashes.push(await hashPassword(`password-${i}`))))
  console.log(`hash, one at a time:    ${fmt(hash)}`)
  const verify = stats(await timed(HASHES, (i) => verifyPassword(hashes[i]!, `password-${i}`)))
  console.log(`verify, one at a time:  ${fmt(verify)}`)
  const perSecond = await throughput(HASHES, 8, (i) =>
    verifyPassword(hashes[i % hashes.length]!, `password-${i % hashes.length}`),
  )
  console.log(`verify, 8 in flight:    ${perSecond.toFixed(1)} verifies/s on ${os.cpus().length} cores`)
}

async function benchLogin(driver: 'pglite' | 'pg') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-bench-auth-'))
  const pgdb = driver === 'pg' ? await createPgDatabase('bench_auth') : undefined
  const database = openDatabase({ url: pgdb?.url, dataDir })
  let app: FastifyInstance | undefined
  try {
    await database.migrate()
    await syncPermissions(database.db)
    await database.db.transaction((tx) =>
      createCompanyWithOwner(tx as unknown as Db, {
        company: 'Auth Bench',
        owner: { name: 'Owner', email: EMAIL, password: PASSWORD, status: 'active' },
      }),
    )
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      WEB_DIST: path.join(dataDir, 'none'),
    })
    app = await buildApp({ config, database, logger: false })
    await app.ready()
    // Each login from its own address, so the 10-a-minute limit measures nothing here.
    const login = (i: number, email = EMAIL, password = PASSWORD) =>
      app!.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      })
    let ok = 0
    for (let i = 0; i < 5; i++) await login(100_000 + i)
    const success = stats(await timed(LOGINS, async (i) => ((await login(i)).statusCode === 200 ? ok++ : 0)))
    const wrong = stats(await timed(LOGINS, (i) => login(20_000 + i, EMAIL, 'wrong-password-1')))
    const unknown = stats(await timed(LOGINS, (i) => login(40_000 + i, `nobody${i}@auth.bench`, 'wrong-password-1')))
    const perSecond = await throughput(LOGINS, 4, (i) => login(60_000 + i))
    const token = (await login(99_999)).json().data.token as string
    const me = stats(
      await timed(LOGINS * 5, () => app!.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } })),
    )
    if (ok !== LOGINS) throw new Error(`only ${ok}/${LOGINS} logins succeeded`)
    console.log(`\n## POST /auth/login on ${driver} (in-process, app.inject)`)
    console.log(`success:          ${fmt(success)}`)
    console.log(`wrong password:   ${fmt(wrong)}`)
    console.log(`unknown email:    ${fmt(unknown)}`)
    console.log(`4 in flight:      ${perSecond.toFixed(1)} logins/s`)
    console.log(`GET /auth/me:     ${fmt(me)}`)
  } finally {
    await app?.close()
    await database.close()
    await pgdb?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export default async function main() {
  console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`)
  await benchArgon2()
  for (const driver of DRIVERS) await benchLogin(driver)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
