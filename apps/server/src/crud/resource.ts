import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z, type ZodObject } from 'zod'
import { listQuerySchema, paginationSchema, queryId, readQueryId } from '@app/shared'
import type { Db } from '../db/client.js'
import { requireAuth, sessionRow } from '../plugins/auth.js'
import { withFastPath } from '../plugins/zod.js'
import type { RowRead, SessionUser } from '../lib/sessions.js'
import { diff, recordAudit, redact, updateAction } from '../lib/audit.js'
import { notFound } from '../lib/errors.js'
import { bodyHook, samePathId } from './body.js'
import { expectedVersion, lastChange, StaleVersion, staleVersion, takeVersion } from './versions.js'
import { checkImages, imageValues } from './images.js'
import { loadChildren, writeChildren } from './children.js'
import { exportHeadersField, sendExport } from './export.js'
import { registerFilterChoices } from './filter-choices.js'
import { findById, iterateRows, listRows, primed, type ListSource } from './list-query.js'
import { countersOf } from './resource-counters.js'
import type { Resource, ResourceOptions, WriteContext } from './resource-options.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

export type { DeleteGuard, Resource, ResourceOptions, WriteContext } from './resource-options.js'

/** `{ id }` of a one-row path; its valid form checked without zod (plugins/zod.ts `withFastPath`). */
export const idParams = withFastPath(z.object({ id: queryId() }), (params) => {
  const id = readQueryId((params as { id?: unknown } | null)?.id)
  return id === undefined ? undefined : { id }
})

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
    .object({
      format: z.enum(formats).default(formats[0]),
      search: z.string().max(200).optional(),
      headers: exportHeadersField,
    })
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
  const hasChildren = Object.keys(children).length > 0
  const getDetail = async (db: Db, auth: SessionUser, id: number, known?: Record<string, unknown>) => {
    const row = known ?? (await findById(db, detailSource, id, rowScope(auth)))
    if (!row) throw notFound()
    return hasChildren ? { ...row, ...(await loadChildren(db, children, id)) } : row
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
          return sendExport(req, reply, app.db, {
            name: opts.name,
            format: q.format as 'csv' | 'xlsx',
            columns: opts.exportColumns,
            rows,
          })
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
