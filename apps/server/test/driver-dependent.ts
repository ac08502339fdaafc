/**
 * The API test files whose result can depend on the database driver. When the
 * suite runs on PostgreSQL (`TEST_DB=pg`), every file runs there, and these run
 * a second time on PGlite (`API_TESTS=driver-dependent`, see scripts/test.mjs).
 * Without PostgreSQL every file runs on PGlite. Everything else goes through
 * the same SQL on either driver, so one run proves it (docs/decisions/ci.md).
 *
 * A file belongs here when it tests one of: the driver layer itself; a
 * migration over existing rows; a statement whose semantics the engine decides
 * (stock reservations, calendar range writes and their triggers, counters,
 * prepared statements, the session statement, search plans); values as each
 * driver hands them back (numeric, date, int[] across every declared resource);
 * streamed exports (a cursor per driver); a real server process on the driver
 * (start, kill -9, two copies).
 */
export const driverDependent: string[] = [
  // the driver layer
  'src/db/**/*.test.ts',
  // migrations over existing rows
  '**/*.migration.test.ts',
  // statements the database decides
  'src/crud/counters.test.ts',
  'src/modules/orders/orders-counters.test.ts',
  'src/modules/orders/orders-engine.test.ts',
  'src/modules/orders/orders-packages.test.ts',
  'src/modules/orders/orders-rooms.test.ts',
  'src/modules/hotels/room-availability.test.ts',
  'src/modules/departures/rooming.test.ts',
  'src/modules/train-routes/train-schedules.test.ts',
  'src/modules/transportations/transportation-schedules.test.ts',
  'test/find-by-id.test.ts',
  'test/session-row.test.ts',
  'test/session-touch.test.ts',
  'test/search-indexes.test.ts',
  // every declared resource's values as the driver returns them
  'test/crud-resources.test.ts',
  // every bookable kind: its item's values, calendar range writes and their races, stock, order races and guards
  'test/bookable-kinds.test.ts',
  // streamed exports
  'test/hardening/exports.test.ts',
  // issue 30: the audit table's triggers and purge function; two concurrent updates of one version
  'test/audit.test.ts',
  'test/versions.test.ts',
  'test/versions-calendars-orders.test.ts',
  // real server processes on the driver
  'test/process/**/*.test.ts',
  // issue 31: the 409 for a row in use is worded from each driver's error fields and catalogue; money as numeric
  'test/hardening/references.test.ts',
  'test/hardening/bounds.test.ts',
]

/**
 * Files that test PGlite itself (its worker proxy, its fast statement path) with their own PGlite
 * instances, whatever `TEST_DB` says: on PostgreSQL they would prove again exactly what the PGlite pass
 * proves, so npm test's PostgreSQL pass leaves them to it (`API_TESTS=postgres-pass`).
 */
export const pgliteOnly: string[] = ['src/db/pglite-proxy.test.ts', 'src/db/pglite-statements.test.ts']
