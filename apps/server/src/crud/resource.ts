import { and, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z, type ZodObject, type ZodType } from 'zod'
import { listQuerySchema, paginationSchema, queryId, type Entity } from '@app/shared'
import type { Db } from '../db/client.js'
import { requireAuth, sessionRow, type Access } from '../plugins/auth.js'
import type { RowRead, SessionUser } from '../lib/sessions.js'
import { diff, recordAudit, redact, updateAction } from '../lib/audit.js'
import { notFound } from '../lib/errors.js'
import { bodyHook, samePathId, type BodyShape } from './body.js'
import { expectedVersion, lastChange, StaleVersion, staleVersion, takeVersion } from './versions.js'
import { checkImages, imageValues, type ImagePaths } from './images.js'
import { loadChildren, writeChildren, type ChildList } from './children.js'
import { declareCounters, type CounterRef } from './counters.js'
import { csvStream, exportFileName, type ExportColumn } from './csv.js'
import { xlsxStream } from './xlsx.js'
import { registerFilterChoices, type FilterChoices } from './filter-choices.js'
import {
  findById,
  iterateRows,
  listRows,
  primed,
  type Fields,
  type Join,
  type ListSource,
  type SearchRewrite,
} from './list-query.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

export const idParams = z.object({ id: queryId() })
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** What a write hook gets: the transaction, the caller, and the row being changed (on update). */
export interface WriteContext {
  tx: Db
  auth: SessionUser
  req: FastifyRequest
  existing?: Record<string, unknown>
}

/** A check run in a delete's transaction before the row goes; throws (409) to refuse it. */
export type DeleteGuard = (tx: Db, id: number) => Promise<void>

export interface ResourceOptions<I extends ZodObject = ZodObject> {
  /** URL under /api/v1 and the export's file name, e.g. 'facilities'. */
  name: string
  table: PgTable & { id: PgColumn; company_id?: PgColumn }
  /** Permission entity: routes need `${entity}_list`, `_view`, `_create`, `_update`, `_delete`, `_export`. */
  entity: Entity
  input: I
  /** PUT body; defaults to `input`. */
  update?: ZodObject
  /** Answer fields of list rows; defaults to every column but company_id. */
  fields?: Fields
  /** Schema of one list row, for the OpenAPI document (answers are shaped by `fields`, not by it). */
  row?: ZodType
  /**
   * The one-row shape (GET /{id}, and the answer of create and update) when it
   * carries more than a list row: extra fields, and child lists loaded for
   * this one row only, never for a page of rows.
   */
  detail?: {
    fields?: Fields
    /** Child lists by answer key; the engine also writes them from the same key of the body. */
    children?: Record<string, ChildList>
    row?: ZodType
  }
  /**
   * Refuses (409) a delete, in its transaction, after `beforeDelete`: a hook the
   * resource declares, e.g. `bookedGuard('room', rooms)` (stock/delete-guard.ts:
   * open orders hold the row, under a row lock). The engine knows no orders.
   */
  deleteGuard?: DeleteGuard
  /** Create/update also accept `multipart/form-data` of this shape (JSON text lists, image files). */
  body?: BodyShape
  /**
   * Where the row and its child lists name stored images (`banner_image`,
   * `trip_ideas.*.image`): each must be an upload of the caller's company (422
   * otherwise), and a file the row stops using is removed after the commit.
   */
  images?: ImagePaths
  /** Route access other than `${entity}_${action}` (galleries: whoever edits a catalogue item with images). */
  access?: Partial<Record<'list' | 'view' | 'create' | 'update' | 'delete' | 'export', Access>>
  join?: Join
  searchable: PgColumn[]
  /** Searchable columns also matched by the term rewritten to their stored form (a pilgrim's phone). */
  searchAs?: SearchRewrite[]
  sortable: readonly [string, ...string[]]
  /** Sort expressions for keys that are not plain columns of `table`. */
  sortExpressions?: Record<string, PgColumn | SQL>
  defaultSort: string
  /** Extra list filters: query key -> schema and the condition it adds. */
  filters?: Record<string, { schema: ZodType; where: (value: any) => SQL | undefined; choices?: FilterChoices }>
  exportColumns: ExportColumn[]
  /** Export formats offered as `?format=`; the first is the default. CSV only unless said. */
  exportFormats?: readonly ['csv' | 'xlsx', ...Array<'csv' | 'xlsx'>]
  /** false for platform-wide tables (the permission catalogue). */
  companyScoped?: boolean
  /**
   * Conditions of the list and export calls when they differ from the company
   * scope of one-row calls (the platform operator lists users of every company, DESIGN §1).
   */
  listScope?: (auth: SessionUser, query: Record<string, unknown>) => Array<SQL | undefined>
  /** Turns the validated body into column values; may check references and throw. */
  prepare?: (input: z.infer<I>, ctx: WriteContext) => Promise<Record<string, unknown>> | Record<string, unknown>
  /** After insert/update in the same transaction (links to other tables). */
  afterWrite?: (id: number, input: z.infer<I>, ctx: WriteContext) => Promise<void>
  /** Before delete in the same transaction: refuse (409) or remove what goes with the row. */
  beforeDelete?: (row: Record<string, unknown>, ctx: WriteContext) => Promise<void>
  /**
   * Totals from counters the database keeps (crud/counters.ts) instead of a
   * count(*): the unsearched list, and the list narrowed by one of the filters
   * in `by` (enumerated ones, each `where` being `column = value`) with the
   * column it compares. Joins must not drop rows (inner joins over not-null
   * foreign keys). With `listScope`, `company` says which company's counters
   * that scope covers ('all': every company).
   */
  counters?: {
    by?: Record<string, PgColumn>
    company?: (auth: SessionUser, query: Record<string, unknown>) => number | 'all'
  }
  /** Turn off generated routes a resource does not offer (they are then not registered). */
  disable?: Array<'create' | 'update' | 'delete' | 'export'>
  tag?: string
}

export interface Resource {
  plugin: FastifyPluginAsync
  source: ListSource
  scope: (auth: SessionUser) => Array<SQL | undefined>
  get: (db: Db, auth: SessionUser, id: number) => Promise<Record<string, unknown>>
  /** The one-row shape: `detail` fields and child lists. */
  getDetail: (db: Db, auth: SessionUser, id: number) => Promise<Record<string, unknown>>
}

/**
 * The generic resource engine (STYLE "A new CRUD resource"): one declaration
 * gives the list call of DESIGN §3, a streamed CSV export, and GET/POST/PUT/DELETE
 * with validation, company scoping and permission checks.
 */
export function defineResource<I extends ZodObject>(opts: ResourceOptions<I>): Resource {
  const { table } = opts
  const columns = getTableColumns(table as any) as Record<string, PgColumn>
  const { company_id: _omit, ...visible } = columns
  const fields = opts.fields ?? visible
  const sortable: Record<string, PgColumn | SQL> = {}
  for (const key of opts.sortable) {
    const col = opts.sortExpressions?.[key] ?? columns[key]
    if (!col) throw new Error(`${opts.name}: sortable '${key}' is neither a column nor a sort expression`)
    sortable[key] = col
  }
  const source: ListSource = {
    table,
    id: table.id,
    fields,
    join: opts.join,
    searchable: opts.searchable,
    searchAs: opts.searchAs,
    sortable,
  }
  const scoped = opts.companyScoped !== false
  const scope = (auth: SessionUser): Array<SQL | undefined> => (scoped ? [eq(table.company_id as PgColumn, auth.companyId)] : [])
  // The same scope for one row, as a parameter of a prepared statement.
  const rowScope = (auth: SessionUser) =>
    scoped ? { column: table.company_id as PgColumn, companyId: auth.companyId } : undefined

  const formats = opts.exportFormats ?? (['csv'] as const)
  const filterShape = Object.fromEntries(Object.entries(opts.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]))
  const listQuery = listQuerySchema(opts.sortable, opts.defaultSort as any).extend(filterShape)
  const exportQuery = z
    .object({ format: z.enum(formats).default(formats[0]), search: z.string().max(200).optional() })
    .extend(filterShape)
  const filterConditions = (q: Record<string, unknown>) =>
    Object.entries(opts.filters ?? {}).map(([k, f]) => (q[k] === undefined ? undefined : f.where(q[k])))

  const counterRef = countersOf(opts)

  const perm = (action: 'list' | 'create' | 'update' | 'delete' | 'export') => opts.access?.[action] ?? `${opts.entity}_${action}`
  const disabled = new Set(opts.disable ?? [])
  const tags = [opts.tag ?? opts.name]

  const get = async (db: Db, auth: SessionUser, id: number) => {
    const row = await findById(db, source, id, rowScope(auth))
    if (!row) throw notFound()
    return row
  }
  // The one-row answer carries the version the next update sends back (crud/versions.ts).
  const version = columns.version
  const detailFields = { ...fields, ...(version ? { version } : {}), ...(opts.detail?.fields ?? {}) }
  const detailSource: ListSource = { ...source, fields: detailFields }
  const children = opts.detail?.children ?? {}
  // The one-row read's row comes with the session (plugins/auth.ts), in the caller's company.
  const rowRead: RowRead = {
    table,
    id: table.id,
    fields: detailSource.fields,
    join: opts.join,
    companyColumn: scoped ? (table.company_id as PgColumn) : undefined,
  }
  const getDetail = async (db: Db, auth: SessionUser, id: number, known?: Record<string, unknown>) => {
    const row = known ?? (await findById(db, detailSource, id, rowScope(auth)))
    if (!row) throw notFound()
    return { ...row, ...(await loadChildren(db, children, id)) }
  }

  const listAnswer = opts.row ? { response: { 200: z.object({ data: z.array(opts.row), pagination: paginationSchema }) } } : {}
  const detailRow = opts.detail?.row ?? opts.row
  const oneAnswer = detailRow ? { response: { 200: z.object({ data: detailRow }) } } : {}
  const writeHook = opts.body ? { preValidation: bodyHook(opts.body, opts.input) } : {}
  const consumes = opts.body ? { consumes: ['application/json', 'multipart/form-data'] } : {}

  const plugin: FastifyPluginAsync = async (parent: FastifyInstance) => {
    const app = parent.withTypeProvider<ZodTypeProvider>()
    const base = `/${opts.name}`

    app.get(base, { schema: { tags, querystring: listQuery, ...listAnswer }, config: { access: perm('list') } }, async (req) => {
      const q = req.query as z.infer<typeof listQuery> & Record<string, unknown>
      const auth = requireAuth(req)
      const within = opts.listScope ? opts.listScope(auth, q) : scope(auth)
      return listRows(app.db, source, q as any, [...within, ...filterConditions(q)], counterRef?.(auth, q))
    })

    registerFilterChoices(app, base, opts.filters, perm('list'), tags)

    if (!disabled.has('export')) {
      app.get(
        `${base}/export`,
        { schema: { tags, querystring: exportQuery }, config: { access: perm('export') } },
        async (req, reply) => {
          const q = req.query as z.infer<typeof exportQuery> & Record<string, unknown>
          const auth = requireAuth(req)
          const within = opts.listScope ? opts.listScope(auth, q) : scope(auth)
          const rows = await primed(
            iterateRows(app.db, source, [...within, ...filterConditions(q)], q.search as string | undefined),
          )
          const xlsx = q.format === 'xlsx'
          reply
            .header('Content-Type', xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="${exportFileName(opts.name, String(q.format))}"`)
            .header('Cache-Control', 'no-store')
          return reply.send(
            xlsx ? await xlsxStream(opts.name, opts.exportColumns, rows, req.log) : csvStream(opts.exportColumns, rows),
          )
        },
      )
    }

    app.get(
      `${base}/:id`,
      {
        schema: { tags, params: idParams, ...oneAnswer },
        config: { access: opts.access?.view ?? [`${opts.entity}_view`, `${opts.entity}_update`], sessionRow: rowRead },
      },
      async (req) => ({
        data: await getDetail(app.db, requireAuth(req), req.params.id, sessionRow(req, req.params.id)),
      }),
    )

    const write = async (req: FastifyRequest, body: z.infer<I>, id?: number) => {
      const auth = requireAuth(req)
      let unused: string[] = []
      const savedId = await transact(req, auth, id, async (tx) => {
        const existing = id === undefined ? undefined : await get(tx as unknown as Db, auth, id)
        const ctx: WriteContext = { tx: tx as unknown as Db, auth, req, existing }
        if (opts.images) {
          await checkImages(ctx.tx, auth.companyId, body, opts.images)
          if (id !== undefined) {
            // Images the row showed before and the body no longer names: candidates to remove after the commit.
            const kept = new Set(imageValues(body, opts.images).map((r) => r.name))
            const before = imageValues(await getDetail(ctx.tx, auth, id), opts.images)
            unused = before.map((r) => r.name).filter((n) => !kept.has(n))
          }
        }
        const values = opts.prepare ? await opts.prepare(body, ctx) : { ...body }
        delete values.id
        delete values.company_id
        let rowId = id
        if (id === undefined) {
          const [row] = await (tx.insert(table as any) as any)
            .values(scoped ? { ...values, company_id: auth.companyId } : values)
            .returning({ id: table.id })
          rowId = row.id
        } else {
          const expected = version ? expectedVersion(req) : undefined
          const changed = await (tx.update(table as any) as any)
            .set({
              ...values,
              ...('updated_at' in columns ? { updated_at: new Date() } : {}),
              ...(version ? { version: sql`${version} + 1` } : {}),
            })
            .where(expected === undefined ? eq(table.id, id) : and(eq(table.id, id), eq(version!, expected)))
            .returning({ id: table.id })
          if (!changed.length) throw new StaleVersion()
        }
        for (const [key, child] of Object.entries(children)) {
          const from = child.from ?? key
          const entries = (body as Record<string, unknown>)[from]
          // A list left out of an update stays as it is.
          if (Array.isArray(entries)) await writeChildren(ctx.tx, from, child, rowId!, entries)
        }
        if (opts.afterWrite) await opts.afterWrite(rowId!, body, ctx)
        // Child lists are kept as sent; the row's own columns as before/after of what changed.
        const lists = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([, v]) => Array.isArray(v)))
        if (existing) {
          const change = { ...diff(existing, values), ...(Object.keys(lists).length ? { lists } : {}) }
          await recordAudit(ctx.tx, req, { entity: opts.entity, action: updateAction(change), recordId: rowId, change })
        } else {
          const change = { after: redact(values), ...(Object.keys(lists).length ? { lists } : {}) }
          await recordAudit(ctx.tx, req, { entity: opts.entity, action: 'create', recordId: rowId, change })
        }
        return rowId!
      })
      if (unused.length) await releaseAfterCommit(req, unused)
      return { data: await getDetail(app.db, auth, savedId) }
    }

    /** The write's transaction; a stale version rolls it back and answers 409 with the record as it now is. */
    const transact = async <T>(req: FastifyRequest, auth: SessionUser, id: number | undefined, work: (tx: any) => Promise<T>) => {
      try {
        return await app.db.transaction(work)
      } catch (err) {
        if (!(err instanceof StaleVersion) || id === undefined) throw err
        throw staleVersion(await getDetail(app.db, auth, id), await lastChange(app.db, auth.companyId, opts.entity, id))
      }
    }

    if (!disabled.has('create')) {
      app.post(
        base,
        { schema: { tags, body: opts.input, ...oneAnswer, ...consumes }, config: { access: perm('create') }, ...writeHook },
        async (req) => write(req, req.body as z.infer<I>),
      )
    }
    if (!disabled.has('update')) {
      app.put(
        `${base}/:id`,
        {
          schema: { tags, params: idParams, body: opts.update ?? opts.input, ...oneAnswer, ...consumes },
          config: { access: perm('update') },
          preValidation: opts.body
            ? [bodyHook(opts.body, opts.update ?? opts.input), samePathId, takeVersion]
            : [samePathId, takeVersion],
        },
        async (req) => write(req, req.body as z.infer<I>, req.params.id),
      )
    }
    if (!disabled.has('delete')) {
      app.delete(`${base}/:id`, { schema: { tags, params: idParams }, config: { access: perm('delete') } }, async (req) => {
        const auth = requireAuth(req)
        let unused: string[] = []
        const row = await app.db.transaction(async (tx) => {
          const existing = await get(tx as unknown as Db, auth, req.params.id)
          if (opts.beforeDelete) await opts.beforeDelete(existing, { tx: tx as unknown as Db, auth, req, existing })
          if (opts.deleteGuard) await opts.deleteGuard(tx as unknown as Db, req.params.id)
          // A row still in use is refused by its foreign keys (ON DELETE RESTRICT): the error handler answers
          // 409 naming what uses it (plugins/errors.ts), for every reference, with no check here (issue 31).
          if (opts.images) {
            unused = imageValues(await getDetail(tx as unknown as Db, auth, req.params.id), opts.images).map((r) => r.name)
          }
          await tx.delete(table as any).where(eq(table.id, req.params.id))
          await recordAudit(tx as unknown as Db, req, {
            entity: opts.entity,
            action: 'delete',
            recordId: req.params.id,
            change: { before: existing },
          })
          return existing
        })
        if (unused.length) await releaseAfterCommit(req, unused)
        return { data: row }
      })
    }
  }

  return { plugin, source, scope, get, getDetail }
}

/**
 * Files a committed write stopped using go now (the uploads plugin removes
 * each one no row references any more). A failure here is logged, not
 * answered: the write did happen, and the periodic sweep retries.
 */
async function releaseAfterCommit(req: FastifyRequest, names: string[]) {
  try {
    await req.server.releaseFiles?.(names)
  } catch (err) {
    req.log.warn({ err }, 'releasing unused files failed; the sweep will retry')
  }
}

/**
 * Declares a resource's counters and answers, per list call, the counter that
 * holds its total, or undefined when the total must be counted (a search, a
 * filter that is not counted, or two filters at once).
 */
function countersOf(
  opts: ResourceOptions<any>,
): ((auth: SessionUser, q: Record<string, unknown>) => CounterRef | undefined) | undefined {
  if (!opts.counters) return undefined
  const { table } = opts
  const by = opts.counters.by ?? {}
  const scoped = opts.companyScoped !== false
  for (const key of Object.keys(by))
    if (!opts.filters?.[key]) throw new Error(`${opts.name}: counted filter '${key}' is not a filter`)
  if (opts.listScope && !opts.counters.company) throw new Error(`${opts.name}: counters with a listScope need counters.company`)
  const name = getTableName(table)
  declareCounters({
    table: name,
    companyColumn: scoped ? (table.company_id as PgColumn).name : '',
    keys: Object.values(by).map((c) => c.name),
  })
  const company = opts.counters.company ?? ((auth: SessionUser) => (scoped ? auth.companyId : 0))
  const filterKeys = Object.keys(opts.filters ?? {})
  return (auth, q) => {
    if (typeof q.search === 'string' && q.search.trim()) return undefined
    const active = filterKeys.filter((k) => q[k] !== undefined)
    if (active.length > 1) return undefined
    const key = active[0]
    if (key === undefined) return { table: name, company: company(auth, q), key: '', value: '' }
    const column = by[key]
    if (!column) return undefined
    return { table: name, company: company(auth, q), key: column.name, value: String(q[key]) }
  }
}
