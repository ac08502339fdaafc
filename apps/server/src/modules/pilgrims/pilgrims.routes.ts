import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync } from 'fastify'
import {
  PILGRIM_KEYS,
  PILGRIM_SORTABLE,
  phoneSearchTerm,
  pilgrimFilters,
  pilgrimInputSchema,
  pilgrimSchema,
  type Gender,
  type PilgrimDocumentStatus,
  type PilgrimInput,
} from '@app/shared'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { companies, pilgrimDocuments, pilgrims } from '../../db/schema/index.js'
import { conflict, unprocessable } from '../../lib/errors.js'
import { nameConflicts } from '../../plugins/errors.js'
import { requireAuth } from '../../plugins/auth.js'
import { pilgrimDocumentsList, recordVerification } from './pilgrim-documents.js'
import { checkDocumentFiles, pilgrimFiles } from './pilgrim-files.js'
import pilgrimImport from './pilgrim-import.js'
import './pilgrims.messages.js'

const mahram = alias(pilgrims, 'mahram')

/** The mahram is a pilgrim of the same company, never the pilgrim itself (422 on mahram_id otherwise). */
async function prepare(input: PilgrimInput, { tx, auth, existing }: WriteContext) {
  if (input.mahram_id !== null) {
    if (existing && input.mahram_id === existing.id) throw unprocessable({ mahram_id: [PILGRIM_KEYS.mahramSelf] })
    const [found] = await tx
      .select({ id: pilgrims.id })
      .from(pilgrims)
      .where(and(eq(pilgrims.id, input.mahram_id), eq(pilgrims.company_id, auth.companyId)))
    // Another company's pilgrim reads exactly like a missing one.
    if (!found) throw unprocessable({ mahram_id: ['field.not_found'] })
  }
  await checkDocumentFiles(tx, auth.companyId, input.documents)
  const { documents: _documents, ...values } = input
  return values
}

/**
 * The rules shown on a pilgrim (issue 28), computed where the data is, against
 * the company's settings: age, passport months left (negative once expired),
 * whether that is under the company's months, and whether the company's mahram
 * rule asks this pilgrim for a mahram.
 */
const age = sql<number | null>`date_part('year', age(current_date, ${pilgrims.birth_date}))::int`
const monthsLeft = sql<
  number | null
>`(date_part('year', age(${pilgrims.passport_expiry}, current_date)) * 12 + date_part('month', age(${pilgrims.passport_expiry}, current_date)))::int`
const rules = {
  age,
  passport_months_left: monthsLeft,
  passport_validity_months: companies.passport_validity_months,
  passport_short: sql<boolean>`coalesce(${monthsLeft} < ${companies.passport_validity_months}, false)`,
  mahram_required: sql<boolean>`coalesce(${pilgrims.gender} = 'female' AND ${age} < ${companies.mahram_min_age}, false)`,
}
/** Each document's type and status, in order: the list's chips (one indexed read per row of a page). */
const documentChips = sql<Array<{ type: string; status: string }>>`(
  SELECT coalesce(json_agg(json_build_object('type', d.type, 'status', d.status) ORDER BY d.position, d.id), '[]'::json)
  FROM ${pilgrimDocuments} d WHERE d.pilgrim_id = ${pilgrims.id})`

const listFields = {
  id: pilgrims.id,
  full_name: pilgrims.full_name,
  gender: pilgrims.gender,
  birth_date: pilgrims.birth_date,
  nationality: pilgrims.nationality,
  nik: pilgrims.nik,
  passport_number: pilgrims.passport_number,
  passport_expiry: pilgrims.passport_expiry,
  phone: pilgrims.phone,
  city: pilgrims.city,
  mahram_id: pilgrims.mahram_id,
  mahram: { id: mahram.id, full_name: mahram.full_name },
  mahram_relation: pilgrims.mahram_relation,
  documents: documentChips,
  ...rules,
  created_at: pilgrims.created_at,
}

export const pilgrimsResource = defineResource({
  name: 'pilgrims',
  entity: 'pilgrim',
  table: pilgrims,
  input: pilgrimInputSchema,
  // The company row is the caller's own (one primary-key read); the mahram is optional.
  join: (qb) =>
    qb.innerJoin(companies, eq(companies.id, pilgrims.company_id)).leftJoin(mahram, eq(mahram.id, pilgrims.mahram_id)),
  fields: listFields,
  row: pilgrimSchema,
  detail: {
    fields: {
      birth_place: pilgrims.birth_place,
      passport_issued: pilgrims.passport_issued,
      passport_office: pilgrims.passport_office,
      email: pilgrims.email,
      address: pilgrims.address,
      vaccine_date: pilgrims.vaccine_date,
      vaccine_certificate: pilgrims.vaccine_certificate,
      emergency_name: pilgrims.emergency_name,
      emergency_phone: pilgrims.emergency_phone,
      photo: pilgrims.photo,
      notes: pilgrims.notes,
      updated_at: pilgrims.updated_at,
    },
    children: { documents: pilgrimDocumentsList },
  },
  body: { json: ['documents'], files: ['photo'] },
  images: ['photo', 'documents.*.file'],
  searchable: [pilgrims.full_name, pilgrims.passport_number, pilgrims.nik, pilgrims.phone],
  // Phones are stored as E.164: `0812 3456` typed in the search also matches `+628123456…`.
  searchAs: [{ column: pilgrims.phone, term: phoneSearchTerm }],
  sortable: PILGRIM_SORTABLE,
  defaultSort: 'created_at',
  filters: {
    gender: { schema: pilgrimFilters.gender, where: (v: Gender): SQL => eq(pilgrims.gender, v) },
    document_status: {
      schema: pilgrimFilters.document_status,
      where: (v: PilgrimDocumentStatus): SQL =>
        sql`EXISTS (SELECT 1 FROM ${pilgrimDocuments} d WHERE d.pilgrim_id = ${pilgrims.id} AND d.status = ${v})`,
    },
    // Expired passports are among those that expire within N months.
    passport_expires_within: {
      schema: pilgrimFilters.passport_expires_within,
      where: (months: number): SQL => sql`${pilgrims.passport_expiry} < current_date + make_interval(months => ${months}::int)`,
    },
  },
  exportFormats: ['csv', 'xlsx'],
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'full_name', value: (r) => r.full_name },
    { header: 'gender', value: (r) => r.gender, labels: 'resources.pilgrims.genders.' },
    { header: 'birth_date', value: (r) => r.birth_date },
    { header: 'nationality', value: (r) => r.nationality },
    { header: 'nik', value: (r) => r.nik },
    { header: 'passport_number', value: (r) => r.passport_number },
    { header: 'passport_expiry', value: (r) => r.passport_expiry },
    { header: 'phone', value: (r) => r.phone },
    { header: 'city', value: (r) => r.city },
    { header: 'mahram', value: (r) => (r.mahram as { full_name: string | null } | null)?.full_name ?? '' },
    { header: 'mahram_relation', value: (r) => r.mahram_relation },
  ],
  prepare,
  // A pilgrim travelling on an order stays: order_item_pilgrims' foreign key refuses the delete, answered 409
  // naming what uses it (issue 31's one rule); as an order's customer it is let go (SET NULL).
  afterWrite: (id, _input, ctx) => recordVerification(ctx.tx, id, ctx.auth.userId),
})

/**
 * A NIK or passport number already registered: the unique index refuses the
 * write, then the pilgrim holding it is named (issue 28: "a 409 naming the
 * existing pilgrim").
 */
function holderOf(field: 'nik' | 'passport_number') {
  return async (req: Parameters<Parameters<typeof nameConflicts>[1]>[0]) => {
    const auth = requireAuth(req)
    const value = (req.body as Record<string, unknown> | undefined)?.[field]
    if (typeof value !== 'string') return undefined
    const selfId = Number((req.params as { id?: string } | undefined)?.id)
    const [holder] = await req.server.db
      .select({ full_name: pilgrims.full_name })
      .from(pilgrims)
      .where(
        and(
          eq(pilgrims.company_id, auth.companyId),
          field === 'nik' ? eq(pilgrims.nik, value) : sql`lower(${pilgrims.passport_number}) = lower(${value})`,
          Number.isInteger(selfId) ? ne(pilgrims.id, selfId) : undefined,
        ),
      )
      .limit(1)
    if (!holder) return undefined
    const name = holder.full_name
    const key = field === 'nik' ? 'pilgrims.duplicate_nik' : 'pilgrims.duplicate_passport'
    return conflict('pilgrims.duplicate', { [field]: [{ key, params: { name } }] }, { name })
  }
}
nameConflicts('pilgrims_company_nik_uq', holderOf('nik'))
nameConflicts('pilgrims_company_passport_uq', holderOf('passport_number'))

const pilgrimsModule: FastifyPluginAsync = async (app) => {
  await app.register(pilgrimFiles)
  await app.register(pilgrimImport)
  await app.register(pilgrimsResource.plugin)
}
export default pilgrimsModule
