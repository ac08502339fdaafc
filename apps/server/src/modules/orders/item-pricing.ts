import type { PriceRule } from '../../crud/catalogue.js'
import { ItemRefusal, cents, sar, sumLines, type ItemPlan, type PlanContext, type PlannedLine } from './kinds.js'

/**
 * Pricing an order item, shared by the kinds' adapters (modules/<product>/<product>.order.ts): the extras a
 * clerk chose and the product's service fees, and the seats of one day at an adult and a child fare.
 */

/**
 * The extras a clerk chose for an item (issue 32), checked against the product's extras: each `extra_id` is
 * one of them (else 422 on `extras.N.extra_id`), and `qty` is at most the persons for a per-person extra and
 * at most `units` (the units booked) for the others (else 422 on `extras.N.qty`). A missing `qty` is the persons for
 * a per-person extra, else 1. Answers the chosen rules with their quantities, in the order chosen.
 */
export function chooseExtras(
  chosen: Array<{ extra_id: number; qty?: number | undefined }>,
  offered: PriceRule[],
  opts: { persons: number; units: number },
): Array<{ rule: PriceRule; qty: number }> {
  return chosen.map((c, i) => {
    const rule = offered.find((e) => e.id === c.extra_id)
    if (!rule) throw new ItemRefusal(`extras.${i}.extra_id`, 'orders.extra_unknown')
    const max = rule.person_price ? opts.persons : opts.units
    const qty = c.qty ?? (rule.person_price ? opts.persons : 1)
    if (qty < 1 || qty > max) throw new ItemRefusal(`extras.${i}.qty`, 'orders.extra_qty', { max })
    return { rule, qty }
  })
}

/**
 * Extras and service fees of an item (as configured; each list only when its
 * switch is on): extras `one_time` once or `per_day` for every day, times the
 * persons when `person_price` (or, for extras the clerk chose, times the chosen
 * quantity); then fees `fixed` (times persons when `person_price`) or `percent`
 * of everything before the fees. Fees always apply; extras only when given.
 */
export function extrasAndFees(
  baseCents: number,
  opts: { days: number; persons: number; extras: Array<PriceRule | { rule: PriceRule; qty: number }>; fees: PriceRule[] },
): PlannedLine[] {
  const lines: PlannedLine[] = []
  let subtotal = baseCents
  for (const x of opts.extras) {
    const [e, units] = 'rule' in x ? [x.rule, x.qty] : [x, x.person_price ? opts.persons : 1]
    const q = (e.type === 'per_day' ? opts.days : 1) * units
    const amount = cents(e.value) * q
    subtotal += amount
    lines.push({ type: 'extra', day: null, label: e.name, unit_price: Number(e.value), quantity: q, amount: sar(amount) })
  }
  for (const f of opts.fees) {
    if (f.type === 'percent') {
      const amount = Math.round((subtotal * Number(f.value)) / 100)
      lines.push({
        type: 'fee',
        day: null,
        label: `${f.name} (${Number(f.value)}%)`,
        unit_price: sar(amount),
        quantity: 1,
        amount: sar(amount),
      })
    } else {
      const q = f.person_price ? opts.persons : 1
      lines.push({
        type: 'fee',
        day: null,
        label: f.name,
        unit_price: Number(f.value),
        quantity: q,
        amount: sar(cents(f.value) * q),
      })
    }
  }
  return lines
}

/** An item sold per seat on one day: the body's day and its adult and child seats. */
export interface SeatsInput {
  date: string
  adults: number
  children: number
}

/** A day's seats of an item: what the day holds (0 when blocked) and its adult and child fares. */
export interface SeatDay {
  capacity: number
  adult: number | string
  child: number | string
}

/**
 * Seats of one day (kinds sold per seat): `adults + children` seats on `input.date`, refused on `date` when
 * in the past and on `adults` when none; then `dayOf` answers the day (its schedule row, read with the item, else
 * the item's own seats and fares; it may refuse the day too). One line per fare with seats, each seat at its fare.
 */
export function planSeats(
  ctx: PlanContext,
  input: SeatsInput,
  item: Pick<ItemPlan, 'kind' | 'itemId' | 'variant' | 'name'>,
  dayOf: () => SeatDay,
): ItemPlan {
  if (input.date < ctx.today) throw new ItemRefusal('date', 'orders.past_date')
  const seats = input.adults + input.children
  if (seats < 1) throw new ItemRefusal('adults', 'orders.seats_required')
  const day = dayOf()
  const fares: Array<[string, number, number]> = [
    ['adult', Number(day.adult), input.adults],
    ['child', Number(day.child), input.children],
  ]
  const lines: PlannedLine[] = fares
    .filter(([, , count]) => count > 0)
    .map(([label, price, count]) => ({
      type: 'day',
      day: input.date,
      label,
      unit_price: price,
      quantity: count,
      amount: sar(cents(price) * count),
    }))
  return {
    ...item,
    startDate: input.date,
    endDate: input.date,
    quantity: seats,
    adults: input.adults,
    children: input.children,
    days: [{ day: input.date, capacity: day.capacity }],
    lines,
    amount: sumLines(lines),
  }
}
