import { and, asc, eq, sql } from 'drizzle-orm'
import { LOCALES, TRAIN_TYPES, type Locale } from '@app/shared'
import type { Db } from '../../db/client.js'
import { registerMessages, t } from '../../lib/i18n.js'
import { trainRoutes, trainSchedules } from '../../db/schema/index.js'
import { ItemRefusal, MAX_CHOICES, calendarDays, registerOrderKind, type ItemPlan } from '../orders/kinds.js'
import { planSeats } from '../orders/item-pricing.js'

// A train class as an item's name says it, in the booking clerk's language.
registerMessages({
  en: { 'train.type.economy': 'economy', 'train.type.business': 'business' },
  id: { 'train.type.economy': 'ekonomi', 'train.type.business': 'bisnis' },
})

/**
 * Train seats: adults + children seats of one route, train type and day,
 * against that day's schedule (`max_passengers`, 0 when blocked) or the
 * route's own `max_passengers`. The route's own train type is always offered;
 * the other type only on days its schedule has a row for. Fares: the day's
 * adult and child prices, else the route's.
 */
registerOrderKind({
  kind: 'train',
  refOf: (input) => (input.kind === 'train' ? input.route_id : 0),
  wireRefs: (it) => ({ route_id: it.item_id, train_type: it.variant, date: it.start_date }),
  choices: {
    trains_route: (db, companyId) =>
      db
        .select({ id: trainRoutes.id, name: trainRoutes.name, code: trainRoutes.code, train_type: trainRoutes.train_type })
        .from(trainRoutes)
        .where(and(eq(trainRoutes.company_id, companyId), eq(trainRoutes.is_active, true)))
        .orderBy(asc(trainRoutes.name), asc(trainRoutes.id))
        .limit(MAX_CHOICES),
  },
  summaryIn: (summary, locale) => trainClassesIn(summary, locale),
  async plan(tx: Db, ctx, input): Promise<ItemPlan> {
    if (input.kind !== 'train') throw new Error('train adapter got another kind')
    const q = tx
      .select({
        id: trainRoutes.id,
        name: trainRoutes.name,
        code: trainRoutes.code,
        is_active: trainRoutes.is_active,
        train_type: trainRoutes.train_type,
        max_passengers: trainRoutes.max_passengers,
        price_adult: trainRoutes.price_adult,
        price_children: trainRoutes.price_children,
        // The day's schedule row of the asked train type, in the same statement (issue 33).
        schedule: calendarDays(
          trainSchedules,
          sql`${trainSchedules.route_id} = ${trainRoutes.id} AND ${trainSchedules.train_type} = ${input.train_type}`,
          trainSchedules.date,
          input.date,
          input.date,
        ),
      })
      .from(trainRoutes)
      .where(and(eq(trainRoutes.id, input.route_id), eq(trainRoutes.company_id, ctx.companyId)))
    // FOR SHARE: a change of the route's seats waits for this order, and the other way round.
    const [route] = await (ctx.lock ? q.for('share') : q)
    if (!route) throw new ItemRefusal('route_id', 'field.not_found')
    if (!route.is_active) throw new ItemRefusal('route_id', 'orders.not_bookable')
    const name = `${route.name} (${route.code}, ${t(ctx.locale, `train.type.${input.train_type}`)})`
    const [day] = route.schedule
    return planSeats(ctx, input, { kind: 'train', itemId: route.id, variant: input.train_type, name }, () => {
      if (!day && input.train_type !== route.train_type) throw new ItemRefusal('train_type', 'orders.not_bookable')
      return day
        ? { capacity: day.blocked ? 0 : day.max_passengers, adult: day.price_adult, child: day.price_children }
        : { capacity: route.max_passengers, adult: route.price_adult, child: route.price_children }
    })
  },
})

/**
 * A text made of stored item names (an order's `items_summary`) with each train class in `locale`'s word:
 * names are written in the booking clerk's language (`Haramain (HHR-01, economy)`), a list is read in the
 * reader's. Only the list's answer is rewritten; the stored text (exports, history) stays as it was written.
 */
function trainClassesIn(text: string, locale: Locale): string {
  let out = text
  for (const type of TRAIN_TYPES) {
    const word = t(locale, `train.type.${type}`)
    for (const other of LOCALES) {
      const stored = t(other, `train.type.${type}`)
      if (other !== locale && stored !== word) out = out.split(`, ${stored})`).join(`, ${word})`)
    }
  }
  return out
}
