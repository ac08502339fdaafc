/**
 * The orders service (issue 11), in pieces named for what they do: desks and
 * their permissions, planning and quoting, writes (create, edit, status),
 * payments, reads. Routes, seeds and tests import it from here.
 */
export * from './order-desks.js'
export * from './order-plans.js'
export * from './order-writes.js'
export * from './order-payments.js'
export * from './order-reads.js'
export { HttpError } from '../../lib/errors.js'
