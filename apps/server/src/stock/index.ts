/**
 * The stock module (DESIGN §7): the ledger of what each (kind, item, variant, day) holds and what orders
 * booked, the calendars' hook into it, and the delete guard of booked items. Orders and calendars use it;
 * the generic CRUD engine does not know it (a calendar declares `stock: calendarStock(…)`, a resource
 * `deleteGuard: bookedGuard(…)`). See docs/decisions/engine-zones.md.
 */
export {
  StockShortfall,
  countAsStockCheck,
  isStockCheckError,
  readShortfall,
  releaseStock,
  reservation,
  refusalText,
  reservationText,
  reserveStock,
  rowsOf,
  shortfallError,
  type StockClaim,
  type TakenDay,
} from './ledger.js'
export {
  applyCalendarCapacity,
  applyDefaultCapacity,
  calendarStock,
  type CapacityWrite,
  type CalendarStockOptions,
} from './calendar.js'
export { bookedGuard, refuseBookedItems } from './delete-guard.js'
