import { TRAIN_ROUTE_SORTABLE } from '@app/shared'
import type { BookableCase } from '../helpers/bookable-suite.js'
import { catalogueFixtures, type CatalogueFixtures } from '../helpers/catalogue.js'
import { pad, type Row, type SuiteContext } from '../helpers/crud-suite.js'
import type { Actor } from '../helpers/fixtures.js'

/** Train seats: adults and children of one route, class and day; `max_passengers` a day unless the schedule's day says. */

const fx = (ctx: SuiteContext, who: 'owner' | 'other') => ctx.fixtures[who].catalogue as CatalogueFixtures
const name = (r: Row, key: 'from' | 'to') => (r[key] as { name: string }).name

/** Two published locations of `who`'s company, made once per company and file. */
const places = new Map<number, Promise<number[]>>()
const placesOf = (ctx: SuiteContext, who: Actor) => {
  let p = places.get(who.companyId)
  if (!p) {
    p = catalogueFixtures(ctx.t.app, who, 2).then((f) => f.locations)
    places.set(who.companyId, p)
  }
  return p
}
let codes = 0

const train: BookableCase = {
  kind: 'train',
  crud: {
    name: 'trains_route',
    entity: 'train_route',
    sortable: TRAIN_ROUTE_SORTABLE,
    setup: async (who, ctx) => ({ catalogue: await catalogueFixtures(ctx.t.app, who) }),
    body: (i, label, ctx, who) => ({
      name: `${label} ${pad(i)}`,
      code: `${label}-${pad(i)}`,
      from_id: fx(ctx, who).locations[i % 2]!,
      to_id: fx(ctx, who).locations[2]!,
      departure_time: `${pad(i % 24)}:${pad((i * 7) % 60)}`,
      arrival_time: `${pad((i + 3) % 24)}:15`,
      price_adult: 150 + i,
      price_children: 100 + i,
      max_passengers: 100 + i,
      bagage_checkin: 20 + (i % 5),
      bagage_cabin: 7,
      train_type: i % 2 ? 'economy' : 'business',
      is_active: i % 3 !== 0,
      attributes_list: [fx(ctx, who).attribute.train],
    }),
    echo: (b) => b,
    edit: { train_type: 'business', departure_time: '22:30', arrival_time: '01:15', duration: 2.75 },
    sortValue: (r, key) => (key === 'from' || key === 'to' ? name(r, key) : r[key]),
    activeFilter: true,
    unique: [{ field: 'code', clash: (label) => `${label}-05`.toLowerCase(), perCompany: true }],
    export: {
      format: 'csv',
      header:
        'id,name,code,from,to,price_adult,price_children,departure_time,arrival_time,duration,max_passengers,bagage_checkin,bagage_cabin,train_type,is_active,created_at',
      value: (r, h) => (h === 'from' || h === 'to' ? name(r, h) : r[h]),
    },
    invalid: [
      ['from = to', (ctx) => ({ to_id: fx(ctx, 'owner').locations[0], from_id: fx(ctx, 'owner').locations[0] }), 'to_id'],
      ['a departure of 24:00', { departure_time: '24:00' }, 'departure_time'],
      ['a departure of 7pm', { departure_time: '7pm' }, 'departure_time'],
      ['a departure of 9:5', { departure_time: '9:5' }, 'departure_time'],
      ['equal departure and arrival', { departure_time: '10:00', arrival_time: '10:00' }, 'arrival_time'],
      ['a train_type of first', { train_type: 'first' }, 'train_type'],
      ['max_passengers of 0', { max_passengers: 0 }, 'max_passengers'],
      ['max_passengers of 100,000,000', { max_passengers: 100_000_000 }, 'max_passengers'],
      ['a negative price_children', { price_children: -1 }, 'price_children'],
      ['a non-numeric price_adult', { price_adult: 'abc' }, 'price_adult'],
      ['a negative bagage_cabin', { bagage_cabin: -1 }, 'bagage_cabin'],
      ['a from location of another company', (ctx) => ({ from_id: fx(ctx, 'other').locations[0] }), 'from_id'],
      ['an attribute of another company', (ctx) => ({ attributes_list: [fx(ctx, 'other').attribute.train] }), 'attributes_list'],
      ['a room attribute', (ctx) => ({ attributes_list: [fx(ctx, 'owner').attribute.room] }), 'attributes_list'],
      ['a featured image that is no upload of the company', { featured_image: `${'c'.repeat(32)}.webp` }, 'featured_image'],
    ],
  },
  item: async (ctx, who, spec) => {
    const [from, to] = await placesOf(ctx, who)
    return {
      name: 'Haramain',
      code: `BK-${++codes}`,
      from_id: from,
      to_id: to,
      departure_time: '08:00',
      arrival_time: '10:25',
      price_adult: spec.price,
      price_children: 50,
      max_passengers: spec.capacity,
      bagage_checkin: 23,
      bagage_cabin: 7,
      train_type: 'economy',
      is_active: true,
    }
  },
  capacity: { item: 'max_passengers', day: 'max_passengers' },
  calendar: {
    path: 'trains_schedule',
    param: 'route_id',
    keys: { train_type: 'economy' },
    table: 'train_schedules',
    column: 'route_id',
    values: (v) => ({ price_adult: v.price, price_children: 50, max_passengers: v.capacity, blocked: v.blocked }),
    price: 'price_adult',
  },
  order: {
    item: (id, date, units) => ({ kind: 'train', route_id: id, train_type: 'economy', date, adults: units, children: 0 }),
    amount: (price, units) => price * units,
  },
}
export default train
