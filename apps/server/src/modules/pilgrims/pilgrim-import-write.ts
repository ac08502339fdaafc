import { sql } from 'drizzle-orm'
import { MAX_REPORTED_ROWS, type ImportDuplicateChoice, type Locale, type PilgrimImportReport } from '@app/shared'
import type { Db } from '../../db/client.js'
import { t } from '../../lib/i18n.js'
import type { CheckedRow, Parsed } from './pilgrim-import-read.js'

/**
 * What the import does with its checked rows (pilgrim-import.ts): the registered pilgrims sharing a NIK or
 * passport, where each row goes (new, update, skipped), the report, and the writes a thousand rows per
 * statement.
 */

/** Where a row goes: a new pilgrim, an update of a registered one, or skipped as a duplicate. */
export type Target =
  { kind: 'new'; row: CheckedRow } | { kind: 'existing'; id: number; full_name: string; values: Record<string, unknown> }

/** Registered pilgrims holding any of the file's NIKs or passport numbers (set-based, one statement per 5,000 values). */
export async function registered(db: Db, companyId: number, rows: CheckedRow[]) {
  const niks = [...new Set(rows.map((r) => r.nik).filter((v): v is string => !!v))]
  const passports = [...new Set(rows.map((r) => r.passport).filter((v): v is string => !!v))]
  const byNik = new Map<string, { id: number; full_name: string }>()
  const byPassport = new Map<string, { id: number; full_name: string }>()
  const CHUNK = 5000
  for (let i = 0; i < Math.max(niks.length, passports.length); i += CHUNK) {
    const n = JSON.stringify(niks.slice(i, i + CHUNK))
    const p = JSON.stringify(passports.slice(i, i + CHUNK))
    const res = (await db.execute(sql`
      SELECT id, full_name, nik, lower(passport_number) AS passport FROM pilgrims
      WHERE company_id = ${companyId}
        AND (nik IN (SELECT jsonb_array_elements_text(${n}::jsonb))
          OR lower(passport_number) IN (SELECT jsonb_array_elements_text(${p}::jsonb)))`)) as unknown as {
      rows: Array<{ id: number; full_name: string; nik: string | null; passport: string | null }>
    }
    for (const r of res.rows) {
      const who = { id: Number(r.id), full_name: r.full_name }
      if (r.nik) byNik.set(r.nik, who)
      if (r.passport) byPassport.set(r.passport, who)
    }
  }
  return { byNik, byPassport }
}

/**
 * Where each valid row goes. A row whose NIK or passport number is registered
 * (or was in an earlier row) is a duplicate: skipped, or (update) its filled
 * cells go to that pilgrim (or that earlier row). A row whose NIK and
 * passport number point at two different pilgrims is an error either way.
 */
export function resolve(
  rows: CheckedRow[],
  reg: Awaited<ReturnType<typeof registered>>,
  choice: ImportDuplicateChoice,
  locale: Locale,
  parsed: Parsed,
) {
  const targets = new Map<string, Target>()
  const registeredTargets = new Map<number, Target & { kind: 'existing' }>()
  const created: Target[] = []
  const updated = new Map<number, Target & { kind: 'existing' }>()
  const duplicates: PilgrimImportReport['duplicates'] = []
  let skipped = 0
  const targetOf = (column: 'nik' | 'passport_number', value: string | null): Target | undefined => {
    if (!value) return undefined
    const key = `${column}:${value}`
    const known = targets.get(key)
    if (known) return known
    const who = (column === 'nik' ? reg.byNik : reg.byPassport).get(value)
    if (!who) return undefined
    let target = registeredTargets.get(who.id)
    if (!target) registeredTargets.set(who.id, (target = { kind: 'existing', id: who.id, full_name: who.full_name, values: {} }))
    targets.set(key, target)
    return target
  }
  const nameOf = (x: Target) => (x.kind === 'existing' ? x.full_name : String(x.row.values.full_name))
  for (const r of rows) {
    const byNik = targetOf('nik', r.nik)
    const byPassport = targetOf('passport_number', r.passport)
    if (byNik && byPassport && byNik !== byPassport) {
      parsed.errors.push({
        row: r.row,
        column: 'passport_number',
        message: t(locale, 'import.two_pilgrims', { a: nameOf(byNik), b: nameOf(byPassport) }),
      })
      parsed.errorRows.add(r.row)
      continue
    }
    const target = byNik ?? byPassport
    if (!target) {
      const fresh: Target = { kind: 'new', row: r }
      created.push(fresh)
      if (r.nik) targets.set(`nik:${r.nik}`, fresh)
      if (r.passport) targets.set(`passport_number:${r.passport}`, fresh)
      continue
    }
    const column = byNik ? 'nik' : 'passport_number'
    duplicates.push({
      row: r.row,
      column,
      value: String(column === 'nik' ? r.values.nik : r.values.passport_number),
      existing: target.kind === 'existing' ? { id: target.id, full_name: target.full_name } : null,
      file_row: target.kind === 'new' ? target.row.row : null,
      action: choice,
    })
    if (choice === 'skip') {
      skipped++
      continue
    }
    // Update: the later row's filled cells win, on a registered pilgrim or on the earlier row of the file.
    if (target.kind === 'existing') {
      Object.assign(target.values, r.given)
      updated.set(target.id, target)
    } else Object.assign(target.row.values, r.given)
    if (r.nik) targets.set(`nik:${r.nik}`, target)
    if (r.passport) targets.set(`passport_number:${r.passport}`, target)
  }
  return { created, updated: [...updated.values()], duplicates, skipped }
}

export function report(parsed: Parsed, resolved: ReturnType<typeof resolve>, choice: ImportDuplicateChoice, dryRun: boolean) {
  const errors = [...parsed.errors].sort((a, b) => a.row - b.row)
  const listedErrorRows = [...new Set(errors.map((e) => e.row))].slice(0, MAX_REPORTED_ROWS)
  const listed = new Set(listedErrorRows)
  const dups = resolved.duplicates.slice(0, MAX_REPORTED_ROWS)
  for (const d of dups) listed.add(d.row)
  const rows = [...listed]
    .sort((a, b) => a - b)
    .slice(0, MAX_REPORTED_ROWS)
    .map((row) => ({ row, values: parsed.text.get(row) ?? {} }))
  const shownRows = new Set(rows.map((r) => r.row))
  return {
    dry_run: dryRun,
    duplicates_choice: choice,
    total_rows: parsed.total,
    columns: parsed.columns.map(({ key, header }) => ({ key, header })),
    ignored_columns: parsed.ignored,
    errors: errors.filter((e) => shownRows.has(e.row)),
    error_rows: parsed.errorRows.size,
    duplicates: dups.filter((d) => shownRows.has(d.row)),
    rows,
    summary: {
      create: resolved.created.length,
      update: choice === 'update' ? resolved.duplicates.length : 0,
      skip: resolved.skipped,
    },
    truncated: parsed.errorRows.size + resolved.duplicates.length > rows.length,
  } satisfies PilgrimImportReport
}

const INSERT_COLUMNS = [
  ['full_name', 'varchar'],
  ['gender', 'varchar'],
  ['birth_date', 'date'],
  ['birth_place', 'varchar'],
  ['nationality', 'varchar'],
  ['nik', 'varchar'],
  ['passport_number', 'varchar'],
  ['passport_issued', 'date'],
  ['passport_expiry', 'date'],
  ['passport_office', 'varchar'],
  ['phone', 'varchar'],
  ['email', 'varchar'],
  ['address', 'text'],
  ['city', 'varchar'],
  ['vaccine_date', 'date'],
  ['vaccine_certificate', 'varchar'],
  ['emergency_name', 'varchar'],
  ['emergency_phone', 'varchar'],
  ['notes', 'text'],
] as const
const BATCH = 1000
const recordType = sql.raw(INSERT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(', '))
const columnList = sql.raw(INSERT_COLUMNS.map(([c]) => c).join(', '))

/** The writes, a thousand rows per statement (rows as one JSON parameter): new pilgrims, then updates. */
export async function write(tx: Db, companyId: number, resolved: ReturnType<typeof resolve>) {
  const created = resolved.created.map((c) => (c.kind === 'new' ? c.row.values : {}))
  for (let i = 0; i < created.length; i += BATCH) {
    await tx.execute(sql`
      INSERT INTO pilgrims (company_id, ${columnList})
      SELECT ${companyId}, ${columnList}
      FROM jsonb_to_recordset(${JSON.stringify(created.slice(i, i + BATCH))}::jsonb) AS v(${recordType})`)
  }
  for (let i = 0; i < resolved.updated.length; i += BATCH) {
    const batch = resolved.updated.slice(i, i + BATCH).map((u) => ({ ...u.values, id: u.id }))
    const sets = sql.raw(INSERT_COLUMNS.map(([c]) => `${c} = coalesce(v.${c}, p.${c})`).join(', '))
    await tx.execute(sql`
      UPDATE pilgrims p SET ${sets}, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id int, ${recordType})
      WHERE p.id = v.id AND p.company_id = ${companyId}`)
  }
}
