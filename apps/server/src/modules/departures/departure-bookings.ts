import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import { ageOn, bedsByRoomType, ROOM_TYPES, type RoomType } from '@app/shared'
import type { Db } from '../../db/client.js'
import { companies, departurePilgrims, departurePrices, departures, departureStays, pilgrims } from '../../db/schema/index.js'
import { countAsStockCheck, rowsOf } from '../../stock/index.js'
import { nameConflicts } from '../../plugins/errors.js'
import { conflict, unprocessable } from '../../lib/errors.js'
import { ItemRefusal, MAX_CHOICES, cents, registerOrderKind, sar, type ItemPlan, type PlanContext } from '../orders/kinds.js'
import './departures.messages.js'

/**
 * Seats on a departure as an order item (issue 29): `{ kind: 'departure', departure_id, room_type,
 * pilgrim_ids }` books each listed pilgrim a seat of that room type on an open departure, priced per
 * pilgrim by the departure's price of the type. The database decides what must never break:
 * - the seats of each room type are the stock ledger's (kind `departure`, the departure, the type, its
 *   departure day), holding what the stays sleep (`bedsByRoomType`; the quota for every priced type
 *   when the departure has no stays);
 * - the quota: `departure_pilgrims` rows count into `departures.seats_sold` (trigger) under the CHECK
 *   `departures_sold_ck`, a stock check like the ledger's (409 with the day);
 * - a pilgrim at most once per departure: the partial unique index `departure_pilgrims_once_uq`.
 * The plan checks the rest and names the pilgrim: a passport that ends before the company's months after
 * the return, the company's mahram rule, a pilgrim already on the departure.
 */

countAsStockCheck('departures_sold_ck')
// Two bookings of one pilgrim at the same moment: the second meets the unique index.
nameConflicts('departure_pilgrims_once_uq', async () => conflict('departures.pilgrim_booked_now'))

/** Seats each room type holds: its beds over the stays, or the quota for a priced type without stays. */
export async function seatsByRoomType(tx: Db, departure: { id: number; seats: number }): Promise<Record<RoomType, number>> {
  const stays = await tx
    .select({
      room_type: departureStays.room_type,
      check_in: departureStays.check_in,
      check_out: departureStays.check_out,
      rooms: departureStays.rooms,
    })
    .from(departureStays)
    .where(eq(departureStays.departure_id, departure.id))
  if (stays.length) return bedsByRoomType(stays)
  const priced = (
    await tx
      .select({ room_type: departurePrices.room_type })
      .from(departurePrices)
      .where(eq(departurePrices.departure_id, departure.id))
  ).map((p) => p.room_type)
  return Object.fromEntries(ROOM_TYPES.map((t) => [t, priced.includes(t) ? departure.seats : 0])) as Record<RoomType, number>
}

/** Which of `ids` are on the departure in a live (not cancelled) order. */
const liveOnDeparture = (tx: Db, departureId: number, ids: number[]) =>
  tx
    .select({ id: departurePilgrims.pilgrim_id, full_name: pilgrims.full_name })
    .from(departurePilgrims)
    .innerJoin(pilgrims, eq(pilgrims.id, departurePilgrims.pilgrim_id))
    .where(
      and(
        eq(departurePilgrims.departure_id, departureId),
        inArray(departurePilgrims.pilgrim_id, ids),
        ne(departurePilgrims.status, 'cancelled'),
      ),
    )
    .orderBy(asc(pilgrims.full_name))

const names = (rows: Array<{ full_name: string }>) => rows.map((r) => r.full_name).join(', ')

/** The pilgrims' own rules on this departure; the first broken one refuses the item, naming the pilgrims. */
async function checkPilgrims(
  tx: Db,
  ctx: PlanContext,
  dep: { id: number; departure_date: string; return_date: string },
  ids: number[],
) {
  const [company] = await tx
    .select({ months: companies.passport_validity_months, mahramAge: companies.mahram_min_age })
    .from(companies)
    .where(eq(companies.id, ctx.companyId))
  const rows = await tx
    .select({
      id: pilgrims.id,
      full_name: pilgrims.full_name,
      gender: pilgrims.gender,
      birth_date: pilgrims.birth_date,
      mahram_id: pilgrims.mahram_id,
      // A passport must still be valid the company's months after the return; one not recorded yet is
      // the documents list's concern, not a refusal.
      passport_short: sql<boolean>`coalesce(${pilgrims.passport_expiry} < (${dep.return_date}::date + make_interval(months => ${company!.months})), false)`,
    })
    .from(pilgrims)
    .where(and(eq(pilgrims.company_id, ctx.companyId), inArray(pilgrims.id, ids)))
    .orderBy(asc(pilgrims.full_name))
  const short = rows.filter((r) => r.passport_short)
  if (short.length)
    throw new ItemRefusal('pilgrim_ids', 'departures.passport_short', { names: names(short), months: company!.months })
  // Already on the departure (a quote of an edit would count the order's own pilgrims: only a booking checks).
  if (ctx.lock) {
    const booked = await liveOnDeparture(tx, dep.id, ids)
    if (booked.length) throw new ItemRefusal('pilgrim_ids', 'departures.pilgrim_booked', { names: names(booked) })
  }
  // The mahram rule, when the company set it: a woman under its age travels with her mahram, on this
  // booking or already booked on the departure.
  if (company!.mahramAge !== null) {
    const needing = rows.filter(
      (r) => r.gender === 'female' && (!r.birth_date || ageOn(r.birth_date, dep.departure_date) < company!.mahramAge!),
    )
    const mahrams = [...new Set(needing.flatMap((r) => (r.mahram_id && !ids.includes(r.mahram_id) ? [r.mahram_id] : [])))]
    const onDeparture = new Set(mahrams.length ? (await liveOnDeparture(tx, dep.id, mahrams)).map((r) => r.id) : [])
    const alone = needing.filter((r) => !r.mahram_id || !(ids.includes(r.mahram_id) || onDeparture.has(r.mahram_id)))
    if (alone.length)
      throw new ItemRefusal('pilgrim_ids', 'departures.mahram_missing', { names: names(alone), age: company!.mahramAge! })
  }
}

registerOrderKind({
  kind: 'departure',
  refOf: (input) => (input.kind === 'departure' ? input.departure_id : 0),
  wireRefs: (it) => ({ departure_id: it.item_id, room_type: it.variant }),
  choices: {
    // Open departures still ahead, with the room types they price. The outer id is written qualified: drizzle
    // writes a select's own columns bare, and a bare "id" here would be the price's.
    departures: (db, companyId) =>
      db
        .select({
          id: departures.id,
          code: departures.code,
          name: departures.name,
          departure_date: departures.departure_date,
          return_date: departures.return_date,
          seats_left: sql<number>`(${departures.seats} - ${departures.seats_sold})`,
          room_types: sql<
            RoomType[]
          >`(SELECT coalesce(json_agg(p.room_type ORDER BY p.position), '[]'::json) FROM ${departurePrices} p WHERE p.departure_id = "departures"."id")`,
        })
        .from(departures)
        .where(
          and(
            eq(departures.company_id, companyId),
            eq(departures.status, 'open'),
            gte(departures.departure_date, sql`current_date`),
          ),
        )
        .orderBy(asc(departures.departure_date), asc(departures.id))
        .limit(MAX_CHOICES),
  },
  demoOrders: (db, companyId) => demoBookings(db, companyId),
  // Kept where it is written: `departure_pilgrims` counts the seats and keeps a pilgrim once per departure.
  async written(tx, { orderItemId, orderId, companyId, status, plan }) {
    const ids = plan.pilgrimIds ?? []
    if (!ids.length) return
    await tx.insert(departurePilgrims).values(
      ids.map((pilgrim_id) => ({
        order_item_id: orderItemId,
        pilgrim_id,
        departure_id: plan.itemId,
        order_id: orderId,
        company_id: companyId,
        status,
        room_type: plan.variant as RoomType,
      })),
    )
  },
  async plan(tx: Db, ctx, input): Promise<ItemPlan> {
    if (input.kind !== 'departure') throw new Error('departure adapter got another kind')
    const q = tx
      .select({
        id: departures.id,
        code: departures.code,
        name: departures.name,
        status: departures.status,
        departure_date: departures.departure_date,
        return_date: departures.return_date,
        seats: departures.seats,
      })
      .from(departures)
      .where(and(eq(departures.id, input.departure_id), eq(departures.company_id, ctx.companyId)))
    // KEY SHARE: a departure's change (which locks its row FOR UPDATE first, departures.routes.ts) waits for
    // the booking and the other way round, while bookings do not wait for each other here: they take turns
    // only on the room type's stock row and on counting their seats into this row (a lock that would
    // conflict with that count, FOR SHARE, deadlocks two bookings).
    const [dep] = await (ctx.lock ? q.for('key share') : q)
    if (!dep) throw new ItemRefusal('departure_id', 'field.not_found')
    if (dep.status !== 'open') throw new ItemRefusal('departure_id', 'departures.not_open')
    if (dep.departure_date < ctx.today) throw new ItemRefusal('departure_id', 'orders.past_date')
    const prices = await tx
      .select({ room_type: departurePrices.room_type, price: departurePrices.price })
      .from(departurePrices)
      .where(eq(departurePrices.departure_id, dep.id))
    const price = prices.find((p) => p.room_type === input.room_type)
    if (!price) throw new ItemRefusal('room_type', 'departures.type_not_sold')
    const ids = input.pilgrim_ids ?? []
    if (!ids.length) throw new ItemRefusal('pilgrim_ids', 'departures.pilgrims_required')
    await checkPilgrims(tx, ctx, dep, ids)
    const seats = await seatsByRoomType(tx, dep)
    const unit = Number(price.price)
    const amount = sar(cents(unit) * ids.length)
    return {
      kind: 'departure',
      itemId: dep.id,
      variant: input.room_type,
      name: `${dep.code} ${dep.name}`,
      startDate: dep.departure_date,
      endDate: dep.departure_date,
      quantity: ids.length,
      adults: ids.length,
      children: 0,
      days: [{ day: dep.departure_date, capacity: seats[input.room_type] }],
      lines: [{ type: 'day', day: dep.departure_date, label: input.room_type, unit_price: unit, quantity: ids.length, amount }],
      amount,
    }
  },
})

/**
 * After a departure's write, in its transaction: the seats of each room type follow its stays and prices
 * (the ledger's rows of the types already booked get their new capacity). A type left with fewer seats
 * than it sold is a 422 on `stays`; the ledger's CHECK would refuse it anyway.
 */
export async function resizeSeats(tx: Db, departure: { id: number; seats: number }) {
  const booked = rowsOf<{ variant: RoomType; booked: number }>(
    await tx.execute(sql`
      SELECT variant, booked FROM inventory_stock
      WHERE kind = 'departure' AND item_id = ${departure.id} AND booked > 0 ORDER BY variant`),
  )
  const seats = await seatsByRoomType(tx, departure)
  const below = booked.find((b) => seats[b.variant] < Number(b.booked))
  if (below)
    throw unprocessable({
      stays: [
        {
          key: 'departures.type_below_sold',
          params: { type: below.variant, seats: seats[below.variant], sold: Number(below.booked) },
        },
      ],
    })
  await tx.execute(sql`
    UPDATE inventory_stock SET capacity = (${JSON.stringify(seats)}::jsonb ->> variant)::int
    WHERE kind = 'departure' AND item_id = ${departure.id}`)
}

/** Pilgrims the demo departure sells: whole families first, 12 in all (issue 29's demo data). */
const DEMO_SEATS = 12

/**
 * The demo company's bookings on its open departure (issue 29): the register's families whose passports
 * hold for the trip, each family one booking (three in a triple, two in a double; a member whose passport
 * is too short stays home, and a family without its head stays home whole, the head being the mahram),
 * families of three first, until 12 pilgrims are booked.
 */
async function demoBookings(db: Db, companyId: number) {
  const [dep] = await db
    .select({ id: departures.id, return_date: departures.return_date })
    .from(departures)
    .where(and(eq(departures.company_id, companyId), eq(departures.status, 'open')))
    .orderBy(asc(departures.departure_date))
    .limit(1)
  if (!dep) return []
  const [company] = await db
    .select({ months: companies.passport_validity_months })
    .from(companies)
    .where(eq(companies.id, companyId))
  const valid = await db
    .select({ id: pilgrims.id, head: sql<number>`coalesce(${pilgrims.mahram_id}, ${pilgrims.id})` })
    .from(pilgrims)
    .where(
      and(
        eq(pilgrims.company_id, companyId),
        gte(pilgrims.passport_expiry, sql`(${dep.return_date}::date + make_interval(months => ${company!.months}))::date`),
      ),
    )
    .orderBy(asc(pilgrims.id))
  const families = new Map<number, number[]>()
  for (const p of valid) families.set(Number(p.head), [...(families.get(Number(p.head)) ?? []), p.id])
  const out: Array<{ kind: 'departure'; departure_id: number; room_type: RoomType; pilgrim_ids: number[] }> = []
  let seats = 0
  // Triples first: families of three fill the triple rooms, couples the doubles.
  for (const [head, ids] of [...families].sort(([a, x], [b, y]) => y.length - x.length || a - b)) {
    if (!ids.includes(head) || ids.length < 2 || seats + ids.length > DEMO_SEATS) continue
    out.push({ kind: 'departure', departure_id: dep.id, room_type: ids.length === 3 ? 'triple' : 'double', pilgrim_ids: ids })
    seats += ids.length
  }
  return out.map((item) => ({ items: [item] }))
}
