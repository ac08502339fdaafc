import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { decodeRows } from '../../db/json-rows.js'
import { statement } from '../../db/statements.js'
import { priceRules } from '../../crud/catalogue.js'
import { hotelExtraPrices, hotels, roomAvailability, rooms } from '../../db/schema/index.js'
import { hotelPriceLists } from './hotels.routes.js'
import {
  ItemRefusal,
  MAX_CHOICES,
  addDays,
  cents,
  daysBetween,
  eachDay,
  registerOrderKind,
  sar,
  sumLines,
  type ItemPlan,
  type PlannedLine,
} from '../orders/kinds.js'
import { chooseExtras, extrasAndFees } from '../orders/item-pricing.js'
import { MAX_ORDER_DAYS } from '@app/shared'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'

registerMessages({
  en: {
    'orders.check_out_after_check_in': 'Check-out must be after check-in',
    'orders.min_stay': 'A stay here is at least {nights} nights',
    'orders.min_stay_one': 'A stay here is at least {nights} night',
    'orders.adults_over': 'At most {max} adults for these rooms',
    'orders.children_over': 'At most {max} children for these rooms',
  },
  id: {
    'orders.check_out_after_check_in': 'Check-out harus setelah check-in',
    'orders.min_stay': 'Menginap di sini minimal {nights} malam',
    'orders.adults_over': 'Paling banyak {max} dewasa untuk kamar ini',
    'orders.children_over': 'Paling banyak {max} anak untuk kamar ini',
  },
})
// A stay's days as the order form names them (the hotel's own check-in and check-out times say "Time").
registerFieldLabels({
  en: { check_in: 'Check-in', check_out: 'Check-out' },
  id: { check_in: 'Check-in', check_out: 'Check-out' },
})

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows

/**
 * The room an order books, with its hotel and the stay's nights of its calendar (`$3`…`$4`, as the calendar's
 * own rows), one statement written once (issue 33: no query built per order, and PostgreSQL plans it once per
 * connection). `$1` the room, `$2` the caller's company; another company's room is not found.
 */
const roomText = (lock: boolean) => `
  SELECT r.id, r.name, r.price, r.min_stay, r.is_active, r.room_stock, r.max_adult, r.max_children,
         h.id AS hotel_id, h.name AS hotel_name, h.status AS hotel_status, h.min_reservation, h.max_stay,
         h.extra_price, h.service_fee,
         (SELECT coalesce(json_agg(a ORDER BY a.date), '[]') FROM room_availability a
          WHERE a.room_id = r.id AND a.date BETWEEN $3::date AND $4::date) AS calendar
  FROM rooms r JOIN hotels h ON h.id = r.hotel_id
  WHERE r.id = $1::int AND r.company_id = $2::int${lock ? ' FOR SHARE OF r' : ''}`
// FOR SHARE of the room when booking: a change of its stock waits for this order, and the other way round.
const roomToBook = statement('order_room_lock', roomText(true))
const roomToQuote = statement('order_room', roomText(false))
interface RoomRow {
  id: number
  name: string
  price: number | string
  min_stay: number
  is_active: boolean
  room_stock: number
  max_adult: number
  max_children: number
  hotel_id: number
  hotel_name: string
  hotel_status: string
  min_reservation: number
  max_stay: number
  extra_price: boolean
  service_fee: boolean
  calendar: unknown
}

/** `YYYY-MM-DD` of day `d` of the month after `today`'s. */
function nextMonthDay(today: string, d: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10)
}

/**
 * A room stay: `quantity` rooms for every night from check-in to the night
 * before check-out. Rules: the room is active and its hotel published; the
 * stay is at least the room's `min_stay` and the hotel's `max_stay` (which the
 * spec labels "minimum days"); check-in is at least `min_reservation` days
 * ahead; adults and children fit the room's limits times the rooms taken.
 * Each night costs that day's calendar price or the room's; a blocked night
 * holds 0. Extras and service fees are the hotel's, when its switches are on.
 */
registerOrderKind({
  kind: 'room',
  refOf: (input) => (input.kind === 'room' ? input.room_id : 0),
  wireRefs: (it) => ({
    room_id: it.item_id,
    check_in: it.start_date,
    check_out: addDays(it.end_date, 1),
    extras: it.extras ?? [],
  }),
  // The stock's last day is the last night; the order ends on the check-out morning.
  orderEnd: (lastDay) => addDays(lastDay, 1),
  choices: {
    hotels: (db, companyId) =>
      db
        .select({ id: hotels.id, name: hotels.name })
        .from(hotels)
        .where(and(eq(hotels.company_id, companyId), eq(hotels.status, 'publish')))
        .orderBy(asc(hotels.name), asc(hotels.id))
        .limit(MAX_CHOICES),
    rooms: async (db, companyId) => {
      const rows = await db
        .select({
          id: rooms.id,
          name: rooms.name,
          code: rooms.code,
          hotel_id: rooms.hotel_id,
          hotel_name: hotels.name,
          max_adult: rooms.max_adult,
          max_children: rooms.max_children,
          min_stay: rooms.min_stay,
        })
        .from(rooms)
        .innerJoin(hotels, eq(hotels.id, rooms.hotel_id))
        .where(and(eq(rooms.company_id, companyId), eq(rooms.is_active, true), eq(hotels.status, 'publish')))
        .orderBy(asc(hotels.name), asc(rooms.name), asc(rooms.id))
        .limit(MAX_CHOICES)
      return rows.map(({ hotel_name, ...r }) => ({ ...r, hotel: { id: r.hotel_id, name: hotel_name } }))
    },
    // The extras a stay may choose: the published hotels' extra prices, when the hotel's switch is on.
    extras: (db, companyId) =>
      db
        .select({
          id: hotelExtraPrices.id,
          name: hotelExtraPrices.name,
          value: hotelExtraPrices.value,
          type: hotelExtraPrices.type,
          person_price: hotelExtraPrices.person_price,
          hotel_id: hotelExtraPrices.hotel_id,
        })
        .from(hotelExtraPrices)
        .innerJoin(hotels, eq(hotels.id, hotelExtraPrices.hotel_id))
        .where(and(eq(hotels.company_id, companyId), eq(hotels.status, 'publish'), eq(hotels.extra_price, true)))
        .orderBy(asc(hotels.name), asc(hotelExtraPrices.hotel_id), asc(hotelExtraPrices.position))
        .limit(MAX_CHOICES),
  },
  // Rooms x the next 30 days against the stock (a day without a stock row holds its calendar capacity, 0 when blocked, else the room's stock).
  occupancy: async (db, companyId, today) =>
    rowsOf<{ day: string; booked: number | string; capacity: number | string }>(
      await db.execute(sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
          coalesce(sum(s.booked), 0)::int AS booked,
          coalesce(sum(CASE WHEN r.is_active THEN coalesce(s.capacity, CASE WHEN a.blocked THEN 0 ELSE a.capacity END, r.room_stock) ELSE 0 END), 0)::int AS capacity
        FROM generate_series(${today}::date, ${today}::date + 29, interval '1 day') AS d(day)
        JOIN rooms r ON r.company_id = ${companyId}
        LEFT JOIN room_availability a ON a.room_id = r.id AND a.date = d.day::date
        LEFT JOIN inventory_stock s ON s.kind = 'room' AND s.item_id = r.id AND s.variant = '' AND s.day = d.day::date
        GROUP BY d.day ORDER BY d.day`),
    ).map((r) => ({ day: r.day, booked: Number(r.booked), capacity: Number(r.capacity) })),
  // Three stays of next month, two rooms each: pending (with a note), confirmed with a deposit, paid in full.
  async demoOrders(db, companyId, today) {
    const demoRooms = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(eq(rooms.company_id, companyId))
      .orderBy(asc(rooms.id))
      .limit(3)
    if (!demoRooms.length) return []
    const payments = [undefined, 'deposit', 'full'] as const
    return payments.map((payment, i) => ({
      notes: i === 0 ? 'Kamar berdekatan untuk satu keluarga' : undefined,
      payment,
      items: [
        {
          kind: 'room' as const,
          room_id: demoRooms[i % demoRooms.length]!.id,
          check_in: nextMonthDay(today, 5 + i * 3),
          check_out: nextMonthDay(today, 8 + i * 3),
          quantity: 2,
          adults: 4,
          children: 0,
          extras: [],
        },
      ],
    }))
  },
  async plan(tx: Db, ctx, input): Promise<ItemPlan> {
    if (input.kind !== 'room') throw new Error('room adapter got another kind')
    const nights = daysBetween(input.check_in, input.check_out)
    const last = addDays(input.check_out, -1)
    // The stay's nights of the room's calendar come in the same statement (none read for a stay refused as too long).
    const [found] = await (ctx.lock ? roomToBook : roomToQuote)<RoomRow>(tx, [
      input.room_id,
      ctx.companyId,
      input.check_in,
      nights > MAX_ORDER_DAYS ? input.check_in : last,
    ])
    const room = found && { ...found, calendar: decodeRows(roomAvailability, found.calendar) }
    if (!room) throw new ItemRefusal('room_id', 'field.not_found')
    if (!room.is_active || room.hotel_status !== 'publish') throw new ItemRefusal('room_id', 'orders.not_bookable')
    if (input.check_in < ctx.today) throw new ItemRefusal('check_in', 'orders.past_date')
    const earliest = addDays(ctx.today, room.min_reservation)
    if (input.check_in < earliest)
      throw new ItemRefusal('check_in', 'orders.notice', { days: room.min_reservation, date: earliest })
    if (nights > MAX_ORDER_DAYS) throw new ItemRefusal('check_out', 'orders.too_long', { days: MAX_ORDER_DAYS })
    const minNights = Math.max(room.min_stay, room.max_stay)
    if (nights < minNights) throw new ItemRefusal('check_out', 'orders.min_stay', { nights: minNights })
    if (input.adults > room.max_adult * input.quantity)
      throw new ItemRefusal('adults', 'orders.adults_over', { max: room.max_adult * input.quantity })
    if (input.children > room.max_children * input.quantity)
      throw new ItemRefusal('children', 'orders.children_over', { max: room.max_children * input.quantity })

    // The hotel's extras and fees, read as the hotel's own answer reads them.
    const { extras, fees } = await priceRules(tx, hotelPriceLists, room.hotel_id, room)
    const byDay = new Map(room.calendar.map((d) => [d.date, d]))
    const name = `${room.hotel_name} - ${room.name}`
    const days = eachDay(input.check_in, last).map((day) => {
      const d = byDay.get(day)
      return {
        day,
        capacity: d ? (d.blocked ? 0 : d.capacity) : room.room_stock,
        price: d ? Number(d.price) : Number(room.price),
      }
    })
    const dayLines: PlannedLine[] = days.map((d) => ({
      type: 'day',
      day: d.day,
      label: room.name,
      unit_price: d.price,
      quantity: input.quantity,
      amount: sar(cents(d.price) * input.quantity),
    }))
    const base = dayLines.reduce((s, l) => s + cents(l.amount), 0)
    const persons = input.adults + input.children
    // Only the extras the clerk chose (issue 32); the service fees apply by themselves.
    const chosen = chooseExtras(input.extras ?? [], extras, { persons, units: input.quantity })
    const lines = [...dayLines, ...extrasAndFees(base, { days: nights, persons, extras: chosen, fees })]
    return {
      kind: 'room',
      itemId: room.id,
      variant: '',
      name,
      startDate: input.check_in,
      endDate: last,
      quantity: input.quantity,
      adults: input.adults,
      children: input.children,
      days: days.map(({ day, capacity }) => ({ day, capacity })),
      lines,
      amount: sumLines(lines),
      extras: chosen.map((c) => ({ extra_id: c.rule.id!, qty: c.qty })),
    }
  },
})
