import { TRANSPORTATION_SORTABLE } from '@app/shared'
import type { BookableCase } from '../helpers/bookable-suite.js'
import { catalogueFixtures, type CatalogueFixtures } from '../helpers/catalogue.js'
import { pad, type Row, type SuiteContext } from '../helpers/crud-suite.js'
import type { Actor } from '../helpers/fixtures.js'

/** Vehicles: one booking a day (capacity 1, 0 when the schedule blocks the day), at the day's (sale) price. */

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

const transportation: BookableCase = {
  kind: 'transportation',
  crud: {
    name: 'transportations',
    entity: 'transportation',
    sortable: TRANSPORTATION_SORTABLE,
    setup: async (who, ctx) => ({ catalogue: await catalogueFixtures(ctx.t.app, who) }),
    body: (i, label, ctx, who) => ({
      name: `${label} ${pad(i)}`,
      content: `<p>Vehicle ${pad(i)}</p>`,
      status: i % 3 ? 'publish' : 'draft',
      is_featured: i % 2 === 0,
      vehicle_number: `B ${1000 + i} XY`,
      min_reservation: i % 7,
      max_day: (i % 10) + 1,
      price: 1000 + i * 10,
      sale_price: 900 + i * 10,
      location_id: fx(ctx, who).locations[i % 2]!,
      real_address: 'King Abdulaziz International Airport, Jeddah',
      lat: 21.68,
      long: 39.15,
      zoom: 12,
      faqs: [{ title: 'Luggage?', content: 'Two suitcases per passenger.' }],
      attributes_list: [fx(ctx, who).attribute.transportation],
    }),
    edit: { price: 2000.5, sale_price: 1500, status: 'draft' },
    sortValue: (r, key) => (key === 'location' ? locationName(r) : r[key]),
    unique: [{ field: 'slug', clash: (label) => `${label.toLowerCase()}-05`, perCompany: true }],
    export: {
      format: 'csv',
      header: 'id,name,slug,vehicle_number,price,sale_price,min_reservation,max_day,location,status,created_at',
      value: (r, h) => (h === 'location' ? locationName(r) : r[h]),
    },
    invalid: [
      ['a sale_price above the price', { price: 100, sale_price: 150 }, 'sale_price'],
      ['a negative price', { price: -1 }, 'price'],
      ['a non-numeric price', { price: 'abc' }, 'price'],
      ['a negative sale_price', { sale_price: -5 }, 'sale_price'],
      ['a price with three decimals', { price: 10.125 }, 'price'],
      ['an unknown status', { status: 'archived' }, 'status'],
      ['max_day of 0', { max_day: 0 }, 'max_day'],
      ['a featured image that is no upload of the company', { featured_image: `${'a'.repeat(32)}.jpg` }, 'featured_image'],
      ['a gallery image that is no upload of the company', { gallery: [`${'b'.repeat(32)}.png`] }, 'gallery.0'],
      ['a javascript: youtube link', { youtube: 'javascript:alert(1)' }, 'youtube'],
      ['a youtube link to another site', { youtube: 'https://example.com/watch?v=1' }, 'youtube'],
      ['faqs that are not a list', { faqs: 'x' }, 'faqs'],
      ['a FAQ without content', { faqs: [{ title: 'Only a title', content: '' }] }, 'faqs.0.content'],
      ['a location of another company', (ctx) => ({ location_id: fx(ctx, 'other').locations[0] }), 'location_id'],
      [
        'an attribute of another company',
        (ctx) => ({ attributes_list: [fx(ctx, 'other').attribute.transportation] }),
        'attributes_list',
      ],
      ['a room attribute as car_type', (ctx) => ({ car_type: [fx(ctx, 'owner').attribute.room] }), 'attributes_list'],
      ['two values of one radio group', (ctx) => ({ attributes_list: fx(ctx, 'owner').radio.transportation }), 'attributes_list'],
      [
        'an extra price of an unknown type',
        { extra_price: true, prices_extra: [{ name: 'Child seat', value: 5, type: 'weekly' }] },
        'prices_extra.0.type',
      ],
      [
        'a percent service fee above 100',
        { service_fee: true, service_prices: [{ name: 'Tax', value: 150, type: 'percent' }] },
        'service_prices.0.value',
      ],
    ],
  },
  item: async (ctx, who, spec) => ({
    name: 'GMC Yukon',
    status: 'publish',
    vehicle_number: 'B 1 BK',
    min_reservation: 0,
    max_day: 5,
    price: spec.price,
    sale_price: spec.price,
    location_id: await placeOf(ctx, who),
    real_address: 'Jeddah airport',
    lat: 21.68,
    long: 39.15,
    zoom: 12,
  }),
  capacity: { fixed: 1 },
  calendar: {
    path: 'transportations_schedule',
    param: 'transportation_id',
    table: 'transportation_schedules',
    column: 'transportation_id',
    values: (v) => ({ price: v.price, sale_price: v.price, blocked: v.blocked }),
    price: 'sale_price',
  },
  order: {
    item: (id, date) => ({ kind: 'transportation', transportation_id: id, start_date: date, end_date: date }),
    amount: (price) => price,
  },
}
export default transportation
