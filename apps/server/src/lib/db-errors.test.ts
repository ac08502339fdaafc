import { describe, expect, it } from 'vitest'
import { errorCauses, isUniqueViolation, pgError } from './db-errors.js'

/** A driver error as node-postgres and PGlite raise it, wrapped by drizzle (`cause`) as many times as asked. */
const wrapped = (fields: Record<string, string>, depth: number): unknown => {
  let err: unknown = Object.assign(new Error('driver'), fields)
  for (let i = 0; i < depth; i++) err = new Error('wrapper', { cause: err })
  return err
}

describe('db-errors', () => {
  it('finds the SQLSTATE and its fields under the wrappers, up to four deep', () => {
    const err = wrapped({ code: '23503', constraint: 'hotels_location_fk', table: 'hotels', detail: 'Key (id)=(5)' }, 3)
    expect(pgError(err)).toEqual({ code: '23503', constraint: 'hotels_location_fk', table: 'hotels', detail: 'Key (id)=(5)' })
    expect([...errorCauses(err)]).toHaveLength(4)
    expect(pgError(wrapped({ code: '23503' }, 4))).toBeUndefined()
  })

  it('takes only a five-character SQLSTATE, not a Node error code', () => {
    expect(pgError(wrapped({ code: 'ECONNREFUSED' }, 1))).toBeUndefined()
    expect(pgError('not an error')).toBeUndefined()
  })

  it('tells a unique violation, of a named constraint when asked', () => {
    const err = wrapped({ code: '23505', constraint: 'orders_idempotency_uq' }, 2)
    expect(isUniqueViolation(err)).toBe(true)
    expect(isUniqueViolation(err, 'orders_idempotency_uq')).toBe(true)
    expect(isUniqueViolation(err, 'users_email_uq')).toBe(false)
    expect(isUniqueViolation(wrapped({ code: '23514' }, 0))).toBe(false)
  })
})
