import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { ziyarahSchedules, ziyarahTours } from '../../db/schema/index.js'
import { ItemRefusal, MAX_CHOICES, addDays, calendarDays, registerOrderKind, type ItemPlan } from '../orders/kinds.js'
import { planSeats } from '../orders/item-pricing.js'

/**
 * Ziyarah tour seats as an order item (issue 27): `adults + children` seats of a published tour on one day,
 * from the stock of (tour, day) under the ledger kind `ziyarah`. A day of the schedule holds its
 * `max_passengers` (0 when blocked) and sells at its adult and child prices; a day without a row holds the
 * tour's `max_passengers` at the tour's `price` per adult and `child_price` per child. The tour's own
 * module registers it, so the orders engine names no tour.
 */
registerOrderKind({
  kind: 'ziyarah',
  refOf: (input) => (input.kind === 'ziyarah' ? input.tour_id : 0),
  wireRefs: (it) => ({ tour_id: it.item_id, date: it.start_date }),
  choices: {
    ziyarah_tours: (db, companyId) =>
      db
        .select({
          id: ziyarahTours.id,
          name: ziyarahTours.name,
          pickup_time: sql<string>`to_char(${ziyarahTours.pickup_time}, 'HH24:MI')`,
        })
        .from(ziyarahTours)
        .where(and(eq(ziyarahTours.company_id, companyId), eq(ziyarahTours.status, 'publish')))
        .orderBy(asc(ziyarahTours.name), asc(ziyarahTours.id))
        .limit(MAX_CHOICES),
  },
  // Two demo orders: a family on the Makkah tour, a couple with a child on the Madinah one (seed order).
  async demoOrders(db, companyId, today) {
    const tours = await db
      .select({ id: ziyarahTours.id })
      .from(ziyarahTours)
      .where(and(eq(ziyarahTours.company_id, companyId), eq(ziyarahTours.status, 'publish')))
      .orderBy(asc(ziyarahTours.id))
      .limit(2)
    // Days ahead that the demo schedule does not block (it blocks the 20th).
    const open = (n: number) => (addDays(today, n).endsWith('-20') ? addDays(today, n + 1) : addDays(today, n))
    return tours.map((tour, i) => ({
      items: [{ kind: 'ziyarah' as const, tour_id: tour.id, date: open(3 + i * 2), adults: 4 - i * 2, children: i }],
    }))
  },
  async plan(tx: Db, ctx, input): Promise<ItemPlan> {
    if (input.kind !== 'ziyarah') throw new Error('ziyarah adapter got another kind')
    const q = tx
      .select({
        id: ziyarahTours.id,
        name: ziyarahTours.name,
        status: ziyarahTours.status,
        max_passengers: ziyarahTours.max_passengers,
        price: ziyarahTours.price,
        child_price: ziyarahTours.child_price,
        // The day's schedule row, in the same statement (issue 33).
        schedule: calendarDays(
          ziyarahSchedules,
          sql`${ziyarahSchedules.tour_id} = ${ziyarahTours.id}`,
          ziyarahSchedules.date,
          input.date,
          input.date,
        ),
      })
      .from(ziyarahTours)
      .where(and(eq(ziyarahTours.id, input.tour_id), eq(ziyarahTours.company_id, ctx.companyId)))
    // FOR SHARE: a change of the tour's seats waits for this order, and the other way round.
    const [tour] = await (ctx.lock ? q.for('share') : q)
    if (!tour) throw new ItemRefusal('tour_id', 'field.not_found')
    if (tour.status !== 'publish') throw new ItemRefusal('tour_id', 'orders.not_bookable')
    const [day] = tour.schedule
    return planSeats(ctx, input, { kind: 'ziyarah', itemId: tour.id, variant: '', name: tour.name }, () =>
      day
        ? { capacity: day.blocked ? 0 : day.max_passengers, adult: day.price, child: day.child_price }
        : { capacity: tour.max_passengers, adult: tour.price, child: tour.child_price },
    )
  },
})
