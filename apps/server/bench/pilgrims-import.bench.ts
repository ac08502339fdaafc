/**
 * `npm run bench -- pilgrims-import` (issue 28): the pilgrim import on PostgreSQL against the real server
 * (`dist/server.js` in a child process, as `npm start` runs it). A file of BENCH_IMPORT_ROWS pilgrims
 * (default 5,000; .xlsx, every column filled, a tenth of the rows already registered so the duplicates are
 * looked up and updated) is sent to `POST /pilgrims/import?dry_run=true`, then to `POST /pilgrims/import`
 * with `duplicates=update`. Targets: checked in at most 10 s, written in at most 10 s, memory flat. For
 * each call: the time to the answer and the server's resident memory before, at its peak during the call
 * (the kernel's VmHWM, reset just before) and after. A dry run of 10× the rows shows how memory grows with
 * the file. The machine's load is printed first: other agents' tests share its cores.
 *
 *   npm run bench -- pilgrims-import
 *   BENCH_IMPORT_ROWS=20000 npm run bench -- pilgrims-import
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { PILGRIM_IMPORT_COLUMNS, PILGRIM_IMPORT_KEYS } from '@app/shared'
import type { Db } from '../src/db/client.js'
import { createCompanyWithOwner, syncPermissions } from '../src/services/companies.js'
import { createSession } from '../src/lib/sessions.js'
import { createPgDatabase, openDatabase } from './fixtures.js'
import { startApp, stop } from './harness.js'

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000)
const MB = 1024 * 1024

const nik = (n: number) => `3171${String(n).padStart(12, '0')}`
const pad = (n: number) => String(n).padStart(2, '0')

/** One pilgrim per row, every column filled; dates as DD-MM-YYYY text and, every third row, an Excel date. */
async function workbook(rows: number): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `bench-import-${rows}-${process.pid}.xlsx`)
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false })
  const sheet = wb.addWorksheet('Pilgrims')
  sheet.addRow(PILGRIM_IMPORT_KEYS.map((k) => PILGRIM_IMPORT_COLUMNS[k].en)).commit()
  for (let i = 1; i <= rows; i++) {
    const d = (i % 28) + 1
    const values: Record<string, unknown> = {
      full_name: `Bench Pilgrim ${i}`,
      gender: i % 2 ? 'male' : 'female',
      birth_date: i % 3 ? `${pad(d)}-0${(i % 9) + 1}-19${50 + (i % 50)}` : new Date(Date.UTC(1970 + (i % 40), i % 12, d)),
      birth_place: 'Jakarta',
      nationality: 'ID',
      nik: nik(i),
      passport_number: `B${String(i).padStart(7, '0')}`,
      passport_issued: `${pad(d)}-01-2022`,
      passport_expiry: `${pad(d)}-01-2032`,
      passport_office: 'Kantor Imigrasi Jakarta Selatan',
      phone: `0812${String(i).padStart(8, '0')}`,
      email: `bench${i}@example.test`,
      address: `Jalan Bench No. ${i}, RT 01 RW 02`,
      city: 'Jakarta',
      vaccine_date: `${pad(d)}-06-2026`,
      vaccine_certificate: `VC-${i}`,
      emergency_name: `Keluarga ${i}`,
      emergency_phone: `0813${String(i).padStart(8, '0')}`,
      notes: 'Imported by the bench',
    }
    sheet.addRow(PILGRIM_IMPORT_KEYS.map((k) => values[k])).commit()
  }
  sheet.commit()
  await wb.commit()
  const bytes = fs.readFileSync(file)
  fs.rmSync(file)
  return bytes
}

/** Resident memory of a process in MB: now (VmRSS) and the peak since the last reset (VmHWM). */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+) kB`))?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}
/** Starts a new peak (Linux: writing 5 to clear_refs resets VmHWM). */
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')

async function call(base: string, token: string, pid: number, file: Buffer, query: string) {
  const body = new FormData()
  body.append('file', new Blob([file]), 'pilgrims.xlsx')
  const before = memory(pid)
  resetPeak(pid)
  const t0 = performance.now()
  const res = await fetch(`${base}/api/v1/pilgrims/import?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  })
  const json = (await res.json()) as { data?: { summary: unknown; error_rows: number }; message?: string }
  const ms = performance.now() - t0
  const after = memory(pid)
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`)
  const timing = res.headers.get('server-timing') ?? ''
  const phase = (name: string) => Number(new RegExp(`${name};dur=(\\d+)`).exec(timing)?.[1] ?? NaN)
  return {
    ms,
    read: phase('read'),
    db: phase('db'),
    before: before.rss,
    peak: after.peak,
    after: after.rss,
    summary: json.data!.summary,
    errors: json.data!.error_rows,
  }
}

const line = (what: string, r: Awaited<ReturnType<typeof call>>) =>
  console.log(
    `${what.padEnd(32)} ${(r.ms / 1000).toFixed(2).padStart(6)} s (file ${(r.read / 1000).toFixed(2)} s, database ${(r.db / 1000).toFixed(2)} s)   RSS ${r.before.toFixed(0)} MB → peak ${r.peak.toFixed(0)} MB ` +
      `(+${(r.peak - r.before).toFixed(0)} MB) → ${r.after.toFixed(0)} MB   ${JSON.stringify(r.summary)}`,
  )

export default async function pilgrimsImportBench() {
  console.log(
    `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  const pgdb = await createPgDatabase('bench_import')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tbo-bench-import-'))
  let child: Awaited<ReturnType<typeof startApp>>['child'] | undefined
  try {
    const database = openDatabase({ url: pgdb.url, dataDir })
    await database.migrate()
    const db = database.db
    await syncPermissions(db)
    const { company, owner } = await db.transaction((tx) =>
      createCompanyWithOwner(tx as unknown as Db, {
        company: 'Import Bench',
        owner: { name: 'Owner', email: 'owner@import.bench', password: null, status: 'active' },
      }),
    )
    // A tenth of the file is registered already (by NIK): duplicates to find and to update.
    await db.execute(sql`
      INSERT INTO pilgrims (company_id, full_name, gender, nik)
      SELECT ${company.id}, 'Registered ' || g, 'male', '3171' || lpad(g::text, 12, '0')
      FROM generate_series(1, ${ROWS}, 10) g`)
    await db.execute(sql`ANALYZE pilgrims`)
    const { token } = await createSession(db, owner.id)
    await database.close()

    const small = await workbook(ROWS)
    const large = await workbook(ROWS * 10)
    console.log(
      `files: ${ROWS} rows ${(small.length / MB).toFixed(2)} MB, ${ROWS * 10} rows ${(large.length / MB).toFixed(2)} MB (.xlsx)`,
    )
    const started = await startApp({ url: pgdb.url }, { LOG_LEVEL: 'warn' })
    child = started.child
    const base = `http://127.0.0.1:${started.port}`
    const pid = child.pid!
    // One small call first: exceljs and the routes are loaded lazily, once.
    await call(base, token, pid, await workbook(10), 'dry_run=true')

    // The first check after the start also warms the spreadsheet reader's code (JIT); the second is the steady figure.
    line(`dry run, ${ROWS} rows, first`, await call(base, token, pid, small, 'dry_run=true&duplicates=update'))
    const dry = await call(base, token, pid, small, 'dry_run=true&duplicates=update')
    line(`dry run, ${ROWS} rows`, dry)
    const dryLarge = await call(base, token, pid, large, 'dry_run=true&duplicates=update')
    line(`dry run, ${ROWS * 10} rows`, dryLarge)
    const write = await call(base, token, pid, small, 'duplicates=update')
    line(`import, ${ROWS} rows`, write)
    const check = await fetch(`${base}/api/v1/pilgrims?size=1&search=Bench%20Pilgrim`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const total = ((await check.json()) as { pagination: { total: number } }).pagination.total
    console.log(`pilgrims named "Bench Pilgrim" after the import: ${total} (expected ${ROWS})`)
    const verdict = (ms: number) => (ms <= 10_000 ? 'met' : 'MISSED')
    console.log(
      `targets: checked ≤ 10 s ${verdict(dry.ms)}, written ≤ 10 s ${verdict(write.ms)}; load now ${os.loadavg()[0]!.toFixed(1)}`,
    )
  } finally {
    if (child) await stop(child)
    await pgdb.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
