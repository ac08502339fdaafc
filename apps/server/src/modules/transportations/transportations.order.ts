import { and, asc, eq, sql } from 'drizzle-orm'
import { MAX_RENTAL_DAYS } from '@app/shared'
import type { Db } from '../../db/client.js'
import { priceLists, priceRules } from '../../crud/catalogue.js'
import {
  transportationPricesExtra,
  transportationSchedules,
  transportationServicePrices,
  transportations,
} from '../../db/schema/index.js'
import {
  ItemRefusal,
  MAX_CHOICES,
  addDays,
  calendarDays,
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
import { registerMessages } from '../../lib/i18n.js'

registerMessages({
  en: {
    'orders.max_day': 'This vehicle is booked for at most {days} days',
    'orders.max_day_one': 'This vehicle is booked for at most {days} day',
  },
  id: { 'orders.max_day': 'Kendaraan ini dipesan paling lama {days} hari' },
})

/** The vehicle's extras and service fees: the catalogue's shared child lists, which its answer lists and orders price with. */
export const transportationPriceLists = priceLists(
  'transportation_id',
  transportationPricesExtra as never,
  transportationServicePrices as never,
)

/** A day's price of a vehicle: its sale price when it has one, else its price. */
const dayPrice = (price: number | string, sale: number | string | null) =>
  sale !== null && Number(sale) > 0 ? Number(sale) : Number(price)

/**
 * A vehicle from its start day to its end day, both included: one booking per
 * vehicle per day (capacity 1, 0 when the schedule blocks the day). Rules: the
 * vehicle is published; the start is `min_reservation` days ahead; the days are
 * at most `max_day`. Each day costs the schedule's (sale) price or the
 * vehicle's; the extras the clerk chose (issue 32) and the service fees as
 * configured (a vehicle counts as one person for the fees). A chosen extra is
 * once per vehicle, or, when priced per person, up to the pilgrims the item
 * lists (one when it lists none).
 */
registerOrderKind({
  kind: 'transportation',
  refOf: (input) => (input.kind === 'transportation' ? input.transportation_id : 0),
  wireRefs: (it) => ({ transportation_id: it.item_id, extras: it.extras ?? [] }),
  choices: {
    transportations: (db, companyId) =>
      db
        .select({ id: transportations.id, name: transportations.name, vehicle_number: transportations.vehicle_number })
        .from(transportations)
        .where(and(eq(transportations.company_id, companyId), eq(transportations.status, 'publish')))
        .orderBy(asc(transportations.name), asc(transportations.id))
        .limit(MAX_CHOICES),
    // The extras a vehicle may choose: the published vehicles' extra prices, when the vehicle's switch is on.
    transportation_extras: (db, companyId) =>
      db
        .select({
          id: transportationPricesExtra.id,
          name: transportationPricesExtra.name,
          value: transportationPricesExtra.value,
          type: transportationPricesExtra.type,
          person_price: transportationPricesExtra.person_price,
          transportation_id: transportationPricesExtra.transportation_id,
        })
        .from(transportationPricesExtra)
        .innerJoin(transportations, eq(transportations.id, transportationPricesExtra.transportation_id))
        .where(
          and(
            eq(transportations.company_id, companyId),
            eq(transportations.status, 'publish'),
            eq(transportations.extra_price, true),
          ),
        )
        .orderBy(
          asc(transportations.name),
          asc(transportationPricesExtra.transportation_id),
          asc(transportationPricesExtra.position),
        )
        .limit(MAX_CHOICES),
  },
  async plan(tx: Db, ctx, input): Promise<ItemPlan> {
    if (input.kind !== 'transportation') throw new Error('transportation adapter got another kind')
    const count = daysBetween(input.start_date, input.end_date) + 1
    const q = tx
      .select({
        id: transportations.id,
        name: transportations.name,
        vehicle_number: transportations.vehicle_number,
        status: transportations.status,
        min_reservation: transportations.min_reservation,
        max_day: transportations.max_day,
        price: transportations.price,
        sale_price: transportations.sale_price,
        extra_price: transportations.extra_price,
        service_fee: transportations.service_fee,
        // The booking's days of the vehicle's schedule, in the same statement (none read for one longer than any vehicle's max_day).
        schedule: calendarDays(
          transportationSchedules,
          sql`${transportationSchedules.transportation_id} = ${transportations.id}`,
          transportationSchedules.date,
          input.start_date,
          count > MAX_RENTAL_DAYS ? input.start_date : input.end_date,
        ),
      })
      .from(transportations)
      .where(and(eq(transportations.id, input.transportation_id), eq(transportations.company_id, ctx.companyId)))
    const [vehicle] = await (ctx.lock ? q.for('share') : q)
    if (!vehicle) throw new ItemRefusal('transportation_id', 'field.not_found')
    if (vehicle.status !== 'publish') throw new ItemRefusal('transportation_id', 'orders.not_bookable')
    if (input.start_date < ctx.today) throw new ItemRefusal('start_date', 'orders.past_date')
    const earliest = addDays(ctx.today, vehicle.min_reservation)
    if (input.start_date < earliest)
      throw new ItemRefusal('start_date', 'orders.notice', { days: vehicle.min_reservation, date: earliest })
    if (count > vehicle.max_day) throw new ItemRefusal('end_date', 'orders.max_day', { days: vehicle.max_day })

    // The vehicle's extras and fees, read as the vehicle's own answer reads them.
    const { extras, fees } = await priceRules(tx, transportationPriceLists, vehicle.id, vehicle)
    const byDay = new Map(vehicle.schedule.map((d) => [d.date, d]))
    const days = eachDay(input.start_date, input.end_date).map((day) => {
      const d = byDay.get(day)
      return {
        day,
        capacity: d?.blocked ? 0 : 1,
        price: d ? dayPrice(d.price, d.sale_price) : dayPrice(vehicle.price, vehicle.sale_price),
      }
    })
    const dayLines: PlannedLine[] = days.map((d) => ({
      type: 'day',
      day: d.day,
      label: vehicle.name,
      unit_price: d.price,
      quantity: 1,
      amount: d.price,
    }))
    const base = dayLines.reduce((s, l) => s + cents(l.amount), 0)
    // Only the extras the clerk chose (issue 32); the service fees apply by themselves.
    const chosen = chooseExtras(input.extras ?? [], extras, {
      persons: Math.max(input.pilgrim_ids?.length ?? 0, 1),
      units: 1,
    })
    const lines = [...dayLines, ...extrasAndFees(base, { days: count, persons: 1, extras: chosen, fees })]
    return {
      kind: 'transportation',
      itemId: vehicle.id,
      variant: '',
      name: vehicle.vehicle_number ? `${vehicle.name} (${vehicle.vehicle_number})` : vehicle.name,
      startDate: input.start_date,
      endDate: input.end_date,
      quantity: 1,
      adults: 0,
      children: 0,
      days: days.map(({ day, capacity }) => ({ day, capacity })),
      lines,
      amount: sar(cents(sumLines(lines))),
      extras: chosen.map((c) => ({ extra_id: c.rule.id!, qty: c.qty })),
    }
  },
})
