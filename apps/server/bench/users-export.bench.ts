/**
 * The users export bench (issue 5): 100,000 users in one company, then
 * `GET /api/v1/users/export?format=xlsx` against the real server (`src/server.ts`
 * in a child process, as `npm start` runs it), on PGlite and on PostgreSQL.
 * Measured: time to the first byte and to the last, the file size, and the
 * server's resident memory — before, at its peak during the export (the
 * kernel's VmHWM, reset just before the request), and after. Once read at full
 * speed and once by a slow client (1 MB/s), which shows the writer waits for
 * the client instead of buffering the file. For comparison, a child that builds
 * the same workbook in memory (all rows, then `writeBuffer`) reports its peak.
 * The file is read back to check it holds every row.
 *
 *   npm run bench -- users-export
 *   BENCH_DRIVERS=pg BENCH_USERS=100000 npm run bench -- users-export
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { Db } from '../src/db/client.js'
import { createSession } from '../src/lib/sessions.js'
import { createCompanyWithOwner, syncPermissions } from '../src/services/companies.js'
import { createPgDatabase, openDatabase } from './fixtures.js'

const here = path.dirname(fileURLToPath(import.meta.url))
const serverDir = path.resolve(here, '..')
const USERS = Number(process.env.BENCH_USERS ?? 100_000)
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',') as Array<'pglite' | 'pg'>
const SLOW_BYTES_PER_SECOND = 1024 * 1024
const MB = 1024 * 1024

/** `users` rows for a company in one INSERT … SELECT generate_series, spread over its roles and statuses. */
async function loadUsers(db: Db, companyId: number, roleIds: number[], n: number) {
  await db.execute(
    sql.raw(`INSERT INTO users (company_id, role_id, name, username, email, phone, status, created_at)
      SELECT ${companyId}, (ARRAY[${roleIds.join(',')}])[1 + g % ${roleIds.length}], 'Bench User ' || g, 'benchuser' || g,
             'bench.user' || g || '@example.test', '+62 812 ' || lpad(g::text, 7, '0'),
             (ARRAY['active','pending','blocked'])[1 + g % 3], now() - make_interval(secs => g)
        FROM generate_series(1, ${n}) g`),
  )
  await db.execute(sql`ANALYZE users`)
}

async function seedDatabase(db: Db, migrate: () => Promise<void>) {
  await migrate()
  await syncPermissions(db)
  const { company, owner, roles } = await db.transaction((tx) =>
    createCompanyWithOwner(tx as unknown as Db, {
      company: 'Export Bench',
      owner: { name: 'Owner', email: 'owner@export.bench', password: null, status: 'active' },
    }),
  )
  await loadUsers(
    db,
    company.id,
    roles.map((r) => r.id),
    USERS,
  )
  const { token } = await createSession(db, owner.id)
  return { token }
}

/** Resident memory of a process in MB: now (VmRSS) and the peak since the last reset (VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}
/** Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM). */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    import('node:net').then(({ createServer }) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number }
        s.close(() => resolve(port))
      })
    })
  })
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${err}`)
    if (Date.now() > deadline) throw new Error(`server did not start: ${err}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, port }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
  if (child.exitCode === null) child.kill('SIGKILL')
}

interface Download {
  status: number
  ttfbMs: number
  totalMs: number
  bytes: number
  file: string
}

/** GETs a URL into a file; `bytesPerSecond` throttles the reading (a slow client). */
function download(url: string, token: string, file: string, bytesPerSecond?: number): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const ttfbMs = performance.now() - started
      const out = fs.createWriteStream(file)
      let bytes = 0
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        out.write(chunk)
        if (bytesPerSecond) {
          // Read no faster than the budget: pause until the bytes so far are "due".
          const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - started)
          if (due > 0) {
            res.pause()
            setTimeout(() => res.resume(), due)
          }
        }
      })
      res.on('end', () =>
        out.end(() => resolve({ status: res.statusCode ?? 0, ttfbMs, totalMs: performance.now() - started, bytes, file })),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

async function countRows(file: string): Promise<number> {
  let rows = 0
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  })
  for await (const sheet of reader) for await (const _row of sheet) rows++
  return rows
}

/** Peak RSS of a child that builds the same workbook in memory, for comparison. */
function naivePeak(env: Record<string, string>): Promise<{ peak: number; ms: number; bytes: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/_users-export-naive.ts'], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)))
    child.on('exit', (code) => {
      const m = out.match(/NAIVE (\S+) (\S+) (\S+) (\S+)/)
      if (code !== 0 || !m) return reject(new Error(`naive export failed: ${err}`))
      resolve({ peak: Number(m[1]), ms: Number(m[2]), bytes: Number(m[3]), rows: Number(m[4]) })
    })
  })
}

const fmt = (n: number, d = 0) => n.toFixed(d)

export default async function main() {
  const lines: string[] = []
  console.log(`users export: ${USERS} users, drivers ${DRIVERS.join(', ')}, ${os.cpus().length} CPUs, Node ${process.version}`)
  for (const driver of DRIVERS) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-users-export-'))
    let env: Record<string, string>
    let drop = async () => {}
    let token: string
    if (driver === 'pg') {
      const pgdb = await createPgDatabase('bench_users_export')
      drop = pgdb.drop
      const database = openDatabase({ url: pgdb.url, poolSize: 2 })
      ;({ token } = await seedDatabase(database.db, () => database.migrate()))
      await database.close()
      env = { DATABASE_URL: pgdb.url, DATA_DIR: tmp }
    } else {
      const database = openDatabase({ dataDir: tmp })
      ;({ token } = await seedDatabase(database.db, () => database.migrate()))
      await database.close()
      env = { DATA_DIR: tmp }
    }
    try {
      const { child, port } = await startServer(env)
      const pid = child.pid!
      const url = `http://127.0.0.1:${port}/api/v1/users/export?format=xlsx`
      try {
        // A small export first, so code paths are loaded before measuring.
        await download(`${url}&search=benchuser1234`, token, path.join(tmp, 'warm.xlsx'))
        for (const [label, rate] of [
          ['full speed', undefined],
          ['slow client (1 MB/s)', SLOW_BYTES_PER_SECOND],
        ] as const) {
          const before = memory(pid)
          resetPeak(pid)
          const file = path.join(tmp, `users-${driver}.xlsx`)
          const d = await download(url, token, file, rate)
          const during = memory(pid)
          await new Promise((r) => setTimeout(r, 1000))
          const after = memory(pid)
          if (d.status !== 200) throw new Error(`export answered ${d.status}`)
          const rows = await countRows(file)
          const line =
            `| ${driver} | ${label} | ${fmt(d.ttfbMs)} | ${fmt(d.totalMs)} | ${fmt(d.bytes / MB, 1)} | ${rows - 1} | ` +
            `${fmt(before.rss)} | ${fmt(during.peak)} | ${fmt(during.peak - before.rss)} | ${fmt(after.rss)} |`
          console.log(line)
          lines.push(line)
        }
      } finally {
        await stop(child)
      }
      const naive = await naivePeak({ ...env, BENCH_TOKEN_COMPANY: 'Export Bench' })
      const line = `| ${driver} | in memory (for comparison) | – | ${fmt(naive.ms)} | ${fmt(naive.bytes / MB, 1)} | ${naive.rows} | – | ${fmt(naive.peak)} | – | – |`
      console.log(line)
      lines.push(line)
    } finally {
      await drop()
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  }
  console.log(
    [
      '',
      '| driver | client | first byte ms | total ms | file MB | user rows | RSS before MB | peak RSS MB | peak − before MB | RSS after MB |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...lines,
    ].join('\n'),
  )
}

// Run directly (`npx tsx bench/users-export.bench.ts`) as well as through bench/run.ts.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err)
      process.exit(1)
    },
  )
}
