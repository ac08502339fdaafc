import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError } from 'zod'
import { issueField, issueMessage, type ApiErrorBody, type Locale, type ZodIssueWithInput } from '@app/shared'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { HttpError, inUse, unprocessable } from '../lib/errors.js'
import { pgError } from '../lib/db-errors.js'
import { fieldLabel, requestLocale, t } from '../lib/i18n.js'

/** One zod issue as a localized sentence for its field (the mapping is shared with the web forms). */
export function issueText(locale: Locale, issue: ZodIssueWithInput, field: string): string {
  const { key, params, custom } = issueMessage(issue)
  return t(locale, custom ? key : `field.${key}`, { field: fieldLabel(locale, field), ...params })
}

export function zodErrorFields(locale: Locale, error: ZodError, prefix?: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const path = issueField(issue, prefix || 'body')
    ;(fields[path] ??= []).push(issueText(locale, issue, path))
  }
  return fields
}

/** PostgreSQL's detail of a delete that a foreign key refused: `Key (id)=(5) is still referenced from table "hotels".` */
const STILL_REFERENCED = /^Key \((\w+)\)=\((\d{1,10})\) is still referenced/
/** A write naming a row that does not exist (or went meanwhile): `Key (company_id, location_id)=(1, 9) is not present`. */
const NOT_PRESENT = /^Key \(([\w, ]+)\)=\(.*\) is not present in table/

/**
 * Every row that still uses the row a refused delete named, per table (issue 31): read from the database's
 * own catalogue, so any foreign key with ON DELETE RESTRICT (or NO ACTION) to that table is counted without a
 * declaration anywhere: a new reference is covered by adding its foreign key. Runs after the failed
 * statement (its transaction is gone), only to word the 409.
 */
async function usesOf(db: Db, constraint: string, table: string, id: number): Promise<Array<{ table: string; count: number }>> {
  const refs = (await db.execute(sql`
    SELECT r.relname AS tbl, a.attname AS col
    FROM pg_constraint f
    JOIN pg_constraint c ON c.contype = 'f' AND c.confrelid = f.confrelid AND c.confkey = f.confkey
      AND cardinality(c.conkey) = 1 AND c.confdeltype IN ('r', 'a')
    JOIN pg_class r ON r.oid = c.conrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE f.contype = 'f' AND f.conname = ${constraint} AND f.conrelid = to_regclass(${table})
    ORDER BY r.relname, a.attname`)) as unknown as { rows: Array<{ tbl: string; col: string }> }
  // A table that refers twice (a train route's from and to) counts its rows once.
  const byTable = new Map<string, string[]>()
  for (const { tbl, col } of refs.rows) byTable.set(tbl, [...(byTable.get(tbl) ?? []), col])
  const uses: Array<{ table: string; count: number }> = []
  for (const [tbl, cols] of byTable) {
    const any = sql.join(
      cols.map((c) => sql`${sql.identifier(c)} = ${id}`),
      sql` OR `,
    )
    const res = (await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(tbl)} WHERE ${any}`)) as unknown as {
      rows: Array<{ n: number }>
    }
    const n = Number(res.rows[0]?.n ?? 0)
    if (n > 0) uses.push({ table: tbl, count: n })
  }
  return uses
}

/** `facilities_company_slug_uq` -> `slug`; `users_email_uq` -> `email`. */
function constraintField(constraint?: string): string {
  const m = constraint?.match(/_([a-z]+)_uq$/)
  return m?.[1] ?? 'name'
}

function send(reply: FastifyReply, status: number, body: ApiErrorBody, headers?: Record<string, string>) {
  if (headers) reply.headers(headers)
  return reply.code(status).type('application/json; charset=utf-8').send(body)
}

function sendHttpError(reply: FastifyReply, locale: Locale, err: HttpError) {
  const errors = err.fields
    ? Object.fromEntries(
        Object.entries(err.fields).map(([f, msgs]) => [
          f,
          msgs.map((m) =>
            typeof m === 'string'
              ? t(locale, m, { field: fieldLabel(locale, f) })
              : t(locale, m.key, { field: fieldLabel(locale, f), ...m.params }),
          ),
        ]),
      )
    : undefined
  const body = { message: t(locale, err.key, err.params), ...(errors ? { errors } : {}), ...(err.extra ?? {}) }
  return send(reply, err.statusCode, body, err.headers)
}

type ConflictNamer = (req: FastifyRequest) => Promise<HttpError | undefined>
const conflictNamers = new Map<string, ConflictNamer>()
/**
 * A unique index whose 409 should say more than 'Name in Used' (a pilgrim's
 * NIK names the pilgrim holding it). The index decides; after the failed
 * write, `namer` reads the row that holds the value to build the message.
 */
export function nameConflicts(constraint: string, namer: ConflictNamer) {
  conflictNamers.set(constraint, namer)
}

export default fp(async function errors(app) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(req)
    if (err instanceof HttpError) return sendHttpError(reply, locale, err)
    if (err instanceof ZodError) {
      const ctx = (err as unknown as { validationContext?: string }).validationContext
      return send(reply, 422, { message: t(locale, 'validation_failed'), errors: zodErrorFields(locale, err, ctx) })
    }
    if (err.validation) {
      const errors: Record<string, string[]> = {}
      for (const v of err.validation) {
        const f = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body'
        ;(errors[f] ??= []).push(v.message ?? t(locale, 'field.invalid', { field: f }))
      }
      return send(reply, 422, { message: t(locale, 'validation_failed'), errors })
    }
    const pg = pgError(err)
    if (pg?.code === '23505') {
      const field = constraintField(pg.constraint)
      // A name the user typed that the company already has (`*_norm_name_uq`, issue 32) is a field to fix:
      // 422 on it, like any other invalid field. Other unique values (slugs, codes) stay a 409 conflict.
      const status = pg.constraint?.endsWith('_norm_name_uq') ? 422 : 409
      const plain = () =>
        send(reply, status, { message: t(locale, 'name_in_used'), errors: { [field]: [t(locale, 'name_in_used')] } })
      const namer = pg.constraint ? conflictNamers.get(pg.constraint) : undefined
      if (!namer) return plain()
      return namer(req).then(
        (named) => (named ? sendHttpError(reply, locale, named) : plain()),
        (lookupErr: unknown) => {
          req.log.warn({ err: lookupErr }, 'naming a unique conflict failed')
          return plain()
        },
      )
    }
    if (pg?.code === '23503' && pg.detail && NOT_PRESENT.test(pg.detail)) {
      // An insert or update naming a row that is not there: the field to fix, like any other invalid value (422).
      const field = NOT_PRESENT.exec(pg.detail)![1]!.split(', ').pop()!
      return sendHttpError(reply, locale, unprocessable({ [field]: ['field.not_found'] }))
    }
    if (pg?.code === '23503') {
      // A delete refused by a foreign key (the one rule for rows still in use): 409 naming what uses it.
      const m = pg.detail ? STILL_REFERENCED.exec(pg.detail) : null
      if (!m || !pg.constraint || !pg.table) return send(reply, 409, { message: t(locale, 'in_use', { count: 1 }) })
      const fallback = () => sendHttpError(reply, locale, inUse([{ table: pg.table!, count: 1 }], locale))
      return usesOf(req.server.db, pg.constraint, pg.table, Number(m[2])).then(
        (uses) => (uses.length ? sendHttpError(reply, locale, inUse(uses, locale)) : fallback()),
        (lookupErr: unknown) => {
          req.log.warn({ err: lookupErr }, 'naming the rows that use a row failed')
          return fallback()
        },
      )
    }
    if (pg && (pg.code.startsWith('22') || pg.code === '23502' || pg.code === '23514')) {
      req.log.warn({ err }, 'database rejected client input')
      return send(reply, 422, { message: t(locale, 'validation_failed') })
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const key =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'malformed_json'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'too_large'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'unsupported_media_type'
              : status === 404
                ? 'not_found'
                : status === 429
                  ? 'rate_limited'
                  : 'bad_request'
      return send(reply, status, { message: key === 'bad_request' ? err.message : t(locale, key, { minutes: 2 }) })
    }
    req.log.error({ err }, 'unhandled error')
    return send(reply, 500, { message: t(locale, 'internal') })
  })
})
