import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import {
  DEPARTURE_HOLDING_STATUSES,
  DEPARTURE_KEYS,
  DEPARTURE_SORTABLE,
  DEPARTURE_STATUSES,
  DEPARTURE_TRANSITIONS,
  departureDetailSchema,
  departureFilters,
  departureInputSchema,
  departureSchema,
  type DepartureInput,
  type DepartureStatus,
} from '@app/shared'
import type { Db } from '../../db/client.js'
import { loadChildren, type ChildList } from '../../crud/children.js'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import {
  departurePrices,
  departures,
  departureStays,
  departureTrains,
  departureTransfers,
  departureZiyarah,
  listCounters,
} from '../../db/schema/index.js'
import { requireAuth } from '../../plugins/auth.js'
import { conflict, unprocessable } from '../../lib/errors.js'
import { todayUtc } from '../orders/order-plans.js'
import { heldBy, holdAllotment, planAllotment, releaseAllotment, type EntryPlan } from './departure-allotment.js'
import departureReads from './departure-reads.routes.js'
import './departures.messages.js'
// Seats on departures are an order kind, registered by this module.
import { resizeSeats } from './departure-bookings.js'
import roomingRoutes from './rooming.routes.js'

const holds = (s: unknown) => DEPARTURE_HOLDING_STATUSES.includes(s as DepartureStatus)

/** `{ id, name }` of a catalogue row an entry names (the page shows the names; the form picks by id). */
const ref = (table: 'hotels' | 'rooms' | 'train_routes' | 'transportations' | 'ziyarah_tours', id: SQL | unknown) =>
  sql`(SELECT json_build_object('id', r.id, 'name', r.name) FROM ${sql.identifier(table)} r WHERE r.id = ${id})`

const lists: Record<'prices' | 'stays' | 'trains' | 'transfers' | 'ziyarah', ChildList> = {
  prices: {
    table: departurePrices,
    parent: departurePrices.departure_id,
    position: departurePrices.position,
    fields: {
      id: departurePrices.id,
      room_type: departurePrices.room_type,
      price: departurePrices.price,
      currency: departurePrices.currency,
    },
    columns: ['room_type', 'price', 'currency'],
  },
  stays: {
    table: departureStays,
    parent: departureStays.departure_id,
    position: departureStays.position,
    fields: {
      id: departureStays.id,
      hotel_id: departureStays.hotel_id,
      room_id: departureStays.room_id,
      hotel: ref('hotels', departureStays.hotel_id),
      room: ref('rooms', departureStays.room_id),
      room_type: departureStays.room_type,
      check_in: departureStays.check_in,
      check_out: departureStays.check_out,
      rooms: departureStays.rooms,
    },
    columns: ['hotel_id', 'room_id', 'room_type', 'check_in', 'check_out', 'rooms'],
  },
  trains: {
    table: departureTrains,
    parent: departureTrains.departure_id,
    position: departureTrains.position,
    fields: {
      id: departureTrains.id,
      route_id: departureTrains.route_id,
      route: ref('train_routes', departureTrains.route_id),
      train_type: departureTrains.train_type,
      date: departureTrains.date,
      seats: departureTrains.seats,
    },
    columns: ['route_id', 'train_type', 'date', 'seats'],
  },
  transfers: {
    table: departureTransfers,
    parent: departureTransfers.departure_id,
    position: departureTransfers.position,
    fields: {
      id: departureTransfers.id,
      transportation_id: departureTransfers.transportation_id,
      transportation: ref('transportations', departureTransfers.transportation_id),
      start_date: departureTransfers.start_date,
      end_date: departureTransfers.end_date,
    },
    columns: ['transportation_id', 'start_date', 'end_date'],
  },
  ziyarah: {
    table: departureZiyarah,
    parent: departureZiyarah.departure_id,
    position: departureZiyarah.position,
    fields: {
      id: departureZiyarah.id,
      tour_id: departureZiyarah.tour_id,
      tour: ref('ziyarah_tours', departureZiyarah.tour_id),
      date: departureZiyarah.date,
      seats: departureZiyarah.seats,
    },
    columns: ['tour_id', 'date', 'seats'],
  },
}

/** The entries as the ledger cares about them (no ids, no names), in order: equal ones move nothing. */
function entriesKey(v: Record<string, unknown>): string {
  const pick = (list: unknown, keys: readonly string[]) =>
    (Array.isArray(list) ? list : []).map((e: Record<string, unknown>) => keys.map((k) => e[k]))
  return JSON.stringify([
    pick(v.stays, lists.stays.columns),
    pick(v.trains, lists.trains.columns),
    pick(v.transfers, lists.transfers.columns),
    pick(v.ziyarah, lists.ziyarah.columns),
  ])
}

const storedEntries = (tx: Db, id: number) =>
  loadChildren(tx, { stays: lists.stays, trains: lists.trains, transfers: lists.transfers, ziyarah: lists.ziyarah }, id)

/** What `prepare` decided for `afterWrite` of the same write: the planned allotment, or nothing to move. */
const planned = new WeakMap<WriteContext, { plans: EntryPlan[]; hold: boolean } | null>()

/**
 * The departure's rules beyond its shape: a status only moves as DEPARTURE_TRANSITIONS allow; seats never
 * below those sold; every entry's catalogue item is the company's and bookable (checked by the order kind
 * that books it). The allotment is planned only when it may move: on create, when the entries change, or
 * when the status starts or stops holding it.
 */
async function prepare(input: DepartureInput, ctx: WriteContext) {
  const { tx, auth, existing } = ctx
  const from = (existing?.status as DepartureStatus | undefined) ?? 'draft'
  const to = input.status
  if (from !== to && !DEPARTURE_TRANSITIONS[from].includes(to))
    throw unprocessable({ status: [{ key: DEPARTURE_KEYS.statusMove, params: { from, to } }] })
  // The row locked before anything else of the write: bookings in flight finish first (they hold it KEY
  // SHARE), new ones wait, and the seats sold read here stay true until the write commits.
  const [locked] = existing
    ? await tx
        .select({ sold: departures.seats_sold })
        .from(departures)
        .where(eq(departures.id, existing.id as number))
        .for('update')
    : []
  const sold = Number(locked?.sold ?? 0)
  if (input.seats < sold) throw unprocessable({ seats: [{ key: DEPARTURE_KEYS.seatsBelowSold, params: { sold } }] })
  if (to === 'cancelled' && from !== 'cancelled' && sold > 0) throw conflict('departures.cancel_sold', undefined, { count: sold })
  // Sold seats are stock of the departure's day (departure-bookings.ts): its pilgrims' bookings do not move with it.
  if (sold > 0 && existing && existing.departure_date !== input.departure_date)
    throw unprocessable({ departure_date: ['departures.dates_sold'] })

  const hold = holds(to)
  const moves =
    !existing || holds(from) !== hold || entriesKey(input) !== entriesKey(await storedEntries(tx, existing.id as number))
  if (moves) {
    const plans = await planAllotment(tx, { companyId: auth.companyId, today: todayUtc(), lock: hold, locale: 'en' }, input)
    planned.set(ctx, { plans, hold })
  } else planned.set(ctx, null)

  return {
    code: input.code,
    name: input.name,
    departure_date: input.departure_date,
    return_date: input.return_date,
    seats: input.seats,
    outbound_flight: input.outbound_flight,
    return_flight: input.return_flight,
    notes: input.notes,
    status: input.status,
  }
}

/** In the write's transaction: the old allotment given back and the new one taken, all or nothing. */
async function afterWrite(id: number, input: DepartureInput, ctx: WriteContext) {
  const { tx, auth } = ctx
  if (ctx.existing) await resizeSeats(tx, { id, seats: input.seats })
  const plan = planned.get(ctx)
  if (!plan) return
  const before = ctx.existing ? await heldBy(tx, id) : []
  await releaseAllotment(tx, before)
  const now = plan.hold ? await holdAllotment(tx, auth.companyId, plan.plans) : []
  if (before.length || now.length) await tx.update(departures).set({ allotment: now }).where(eq(departures.id, id))
}

/**
 * A departure that holds an allotment gives it back first. One with bookings, live or cancelled, is not
 * deleted: the foreign key of its pilgrims refuses it, 409 naming them (their orders keep the history).
 */
async function beforeDelete(row: Record<string, unknown>, { tx }: WriteContext) {
  await releaseAllotment(tx, await heldBy(tx, row.id as number))
}

const day = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\d$/.test(v) ? `${v.slice(8)}-${v.slice(5, 7)}-${v.slice(0, 4)}` : ''

/**
 * Departures (issue 29) through the generic engine: the list with status
 * counts (tabs), search by code and name, CSV and XLSX export, and the
 * departure with its prices, stays, trains, transfers and tours.
 */
export const departuresResource = defineResource({
  name: 'departures',
  entity: 'departure',
  table: departures,
  input: departureInputSchema,
  fields: {
    id: departures.id,
    code: departures.code,
    name: departures.name,
    departure_date: departures.departure_date,
    return_date: departures.return_date,
    program_days: departures.program_days,
    seats: departures.seats,
    seats_sold: departures.seats_sold,
    seats_left: sql<number>`(${departures.seats} - ${departures.seats_sold})`,
    status: departures.status,
    created_at: departures.created_at,
  },
  row: departureSchema,
  detail: {
    fields: {
      outbound_flight: departures.outbound_flight,
      return_flight: departures.return_flight,
      notes: departures.notes,
      updated_at: departures.updated_at,
    },
    children: lists,
    row: departureDetailSchema,
  },
  searchable: [departures.code, departures.name],
  sortable: DEPARTURE_SORTABLE,
  defaultSort: 'created_at',
  filters: {
    status: { schema: departureFilters.status, where: (v: DepartureStatus): SQL => eq(departures.status, v) },
  },
  counters: { by: { status: departures.status } },
  exportFormats: ['csv', 'xlsx'],
  exportColumns: [
    { header: 'code', value: (r) => r.code },
    { header: 'name', value: (r) => r.name },
    { header: 'departure_date', value: (r) => day(r.departure_date) },
    { header: 'return_date', value: (r) => day(r.return_date) },
    { header: 'program_days', value: (r) => r.program_days },
    { header: 'seats', value: (r) => r.seats },
    { header: 'seats_sold', value: (r) => r.seats_sold },
    { header: 'seats_left', value: (r) => r.seats_left },
    { header: 'status', value: (r) => r.status },
  ],
  prepare,
  afterWrite,
  beforeDelete,
})

/**
 * GET /departures/counters: the company's departures and their number per status (the list's tabs), read
 * from the counter rows the database keeps for the list (crud/counters.ts), no counting.
 */
async function departureCounters(db: Db, companyId: number): Promise<Record<'all' | DepartureStatus, number>> {
  const found = await db
    .select({ key: listCounters.key, value: listCounters.value, n: listCounters.n })
    .from(listCounters)
    .where(and(eq(listCounters.tbl, 'departures'), eq(listCounters.company_id, companyId)))
  const n = (key: string, value: string) => Number(found.find((r) => r.key === key && r.value === value)?.n ?? 0)
  return {
    all: n('', ''),
    ...(Object.fromEntries(DEPARTURE_STATUSES.map((st) => [st, n('status', st)])) as Record<DepartureStatus, number>),
  }
}

const departuresModule: FastifyPluginAsync = async (app) => {
  // The rows' list first (GET /departures), then its counters, as orders register theirs.
  await app.register(departuresResource.plugin)
  await app.register(roomingRoutes)
  await app.register(departureReads)
  app.get('/departures/counters', { schema: { tags: ['departures'] }, config: { access: 'departure_list' } }, async (req) => ({
    data: await departureCounters(app.db, requireAuth(req).companyId),
  }))
}
export default departuresModule
