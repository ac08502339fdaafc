/** What the driver puts on a database error (node-postgres and PGlite alike). */
export interface DbErrorFields {
  code?: string
  constraint?: string
  table?: string
  detail?: string
}

/** An error and the causes it wraps (drizzle wraps the driver's), four deep, with the driver's fields. */
export function* errorCauses(err: unknown): Generator<DbErrorFields> {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) yield e as DbErrorFields
}

/** The first PostgreSQL error (a five-character SQLSTATE) among an error's causes, with its fields. */
export function pgError(err: unknown): (DbErrorFields & { code: string }) | undefined {
  for (const e of errorCauses(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const { code, constraint, table, detail } = e
      return { code, constraint, table, detail }
    }
  }
  return undefined
}

/** A unique violation (23505) among an error's causes; of `constraint` only, when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of errorCauses(err))
    if (e.code === '23505' && (constraint === undefined || e.constraint === constraint)) return true
  return false
}
