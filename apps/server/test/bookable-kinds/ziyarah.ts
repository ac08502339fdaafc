import { ZIYARAH_TOUR_SORTABLE } from '@app/shared'
import type { BookableCase } from '../helpers/bookable-suite.js'
import { catalogueFixtures, type CatalogueFixtures } from '../helpers/catalogue.js'
import { pad, type Row, type SuiteContext } from '../helpers/crud-suite.js'
import type { Actor } from '../helpers/fixtures.js'

/** Ziyarah tours: adult and child seats of a tour on a day; `max_passengers` a day unless the schedule's day says. */

const fx = (ctx: SuiteContext, who: 'owner' | 'other') => ctx.fixtures[who].catalogue as CatalogueFixtures
const locationName = (r: Row) => (r.location as { name: string }).name

/** A published location of `who`'s company, made once per company and file. */
const places = new Map<number, Promise<number>>()
const placeOf = (ctx: SuiteContext, who: Actor) => {
  let p = places.get(who.companyId)
  if (!p) {
    p = catalogueFixtures(ctx.t.app, who, 1).then((f) => f.locations[0]!)
    places.set(who.companyId, p)
  }
  return p
}

const ziyarah: BookableCase = {
  kind: 'ziyarah',
  crud: {
    name: 'ziyarah_tours',
    entity: 'ziyarah_tour',
    sortable: ZIYARAH_TOUR_SORTABLE,
    setup: async (who, ctx) => ({ catalogue: await catalogueFixtures(ctx.t.app, who, 2) }),
    body: (i, label, ctx, who) => ({
      name: `${label} ${pad(i)}`,
      location_id: fx(ctx, who).locations[i % 2]!,
      description: `<p>Jabal Uhud and Quba, stop ${pad(i)}</p>`,
      pickup_time: `${pad(i % 24)}:${pad((i * 7) % 60)}`,
      duration_hours: 0.5 + (i % 10) * 1.5,
      max_passengers: 10 + i,
      price: 150 + i,
      child_price: 100 + (i % 4),
      status: i % 3 ? 'publish' : 'draft',
      is_featured: i % 2 === 0,
    }),
    edit: { pickup_time: '06:30', duration_hours: 4.5, max_passengers: 45, price: 175.5, status: 'draft' },
    sortValue: (r, key) => (key === 'location' ? locationName(r) : r[key]),
    unique: [{ field: 'slug', clash: (label) => `${label.toLowerCase()}-05`, perCompany: true }],
    export: {
      format: 'csv',
      header: 'id,name,slug,location,pickup_time,duration_hours,max_passengers,price,child_price,status,is_featured,created_at',
      value: (r, h) => (h === 'location' ? locationName(r) : r[h]),
    },
    invalid: [
      ['a location of another company', (ctx) => ({ location_id: fx(ctx, 'other').locations[0] }), 'location_id'],
      ['no location', { location_id: undefined }, 'location_id'],
      ['a pickup time of 24:00', { pickup_time: '24:00' }, 'pickup_time'],
      ['a pickup time of 7am', { pickup_time: '7am' }, 'pickup_time'],
      ['a duration of 0.4 hours', { duration_hours: 0.4 }, 'duration_hours'],
      ['a duration of 24.5 hours', { duration_hours: 24.5 }, 'duration_hours'],
      ['a duration with two decimals', { duration_hours: 2.25 }, 'duration_hours'],
      ['max_passengers of 0', { max_passengers: 0 }, 'max_passengers'],
      ['max_passengers of 501', { max_passengers: 501 }, 'max_passengers'],
      ['a negative price', { price: -1 }, 'price'],
      ['a non-numeric child_price', { child_price: 'abc' }, 'child_price'],
      ['an unknown status', { status: 'archived' }, 'status'],
      ['an image that is no upload of the company', { image: `${'d'.repeat(32)}.jpg` }, 'image'],
    ],
  },
  item: async (ctx, who, spec) => ({
    name: 'Madinah Ziyarah',
    location_id: await placeOf(ctx, who),
    description: '<p>Quba, Uhud and the Seven Mosques</p>',
    pickup_time: '07:30',
    duration_hours: 4.5,
    max_passengers: spec.capacity,
    price: spec.price,
    child_price: 50,
    status: 'publish',
  }),
  capacity: { item: 'max_passengers', day: 'max_passengers' },
  calendar: {
    path: 'ziyarah_tours_schedule',
    param: 'tour_id',
    table: 'ziyarah_schedules',
    column: 'tour_id',
    values: (v) => ({ price: v.price, child_price: 50, max_passengers: v.capacity, blocked: v.blocked }),
    price: 'price',
  },
  order: {
    // Seats priced per adult (the child price for children): `adults` seats of the day.
    item: (id, date, units) => ({ kind: 'ziyarah', tour_id: id, date, adults: units, children: 0 }),
    amount: (price, units) => price * units,
  },
}
export default ziyarah
