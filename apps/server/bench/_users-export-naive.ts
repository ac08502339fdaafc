/**
 * The comparison point of bench/users-export.bench.ts: the same users sheet
 * built the simple way — every row read in one query, an in-memory workbook,
 * `writeBuffer()` — to show what the streaming export avoids. Prints
 * `NAIVE <peak RSS MB> <ms> <bytes> <rows>`.
 */
import fs from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { openDatabase } from '../src/db/client.js'
import { companies, roles, users } from '../src/db/schema/index.js'
import { dateWriters } from '../src/crud/export.js'

const started = performance.now()
const database = openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR })
const db = database.db
const [company] = await db
  .select()
  .from(companies)
  .where(eq(companies.name, process.env.BENCH_TOKEN_COMPANY ?? 'Export Bench'))
const rows = await db
  .select({
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    role: roles.display_name,
    status: users.status,
    created_at: users.created_at,
  })
  .from(users)
  .innerJoin(roles, eq(roles.id, users.role_id))
  .where(eq(users.company_id, company!.id))
  .orderBy(asc(users.id))
const write = dateWriters('UTC')
const day = (d: Date) => write(d, true)
const workbook = new ExcelJS.Workbook()
const sheet = workbook.addWorksheet('users')
sheet.addRow(['id', 'name', 'email', 'phone', 'role', 'status', 'created'])
for (const r of rows) sheet.addRow([r.id, r.name, r.email, r.phone ?? '', r.role, r.status, day(r.created_at)])
const buffer = await workbook.xlsx.writeBuffer()
const status = fs.readFileSync('/proc/self/status', 'utf8')
const peak = Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024
await database.close()
console.log(`NAIVE ${peak.toFixed(0)} ${(performance.now() - started).toFixed(0)} ${buffer.byteLength} ${rows.length}`)
