import { TRAIN_ROUTE_SORTABLE, TRANSPORTATION_SORTABLE } from '@app/shared'
import { crudSuite, pad, type CrudCase, type Row, type SuiteContext } from './helpers/crud-suite.js'
import { catalogueFixtures, type CatalogueFixtures } from './helpers/catalogue.js'

/**
 * Transportation and train routes in the shared table-driven suite
 * (test/helpers/crud-suite.ts). Their own rules are in their modules' tests.
 */

const fx = (ctx: SuiteContext, who: 'owner' | 'other') => ctx.fixtures[who].catalogue as CatalogueFixtures
const setup: CrudCase['setup'] = async (who, ctx) => ({ catalogue: await catalogueFixtures(ctx.t.app, who) })
const name = (r: Row, key: 'location' | 'from' | 'to') => (r[key] as { name: string }).name

const transportations: CrudCase = {
  name: 'transportations',
  entity: 'transportation',
  sortable: TRANSPORTATION_SORTABLE,
  setup,
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
  sortValue: (r, key) => (key === 'location' ? name(r, 'location') : r[key]),
  unique: [{ field: 'slug', clash: (label) => `${label.toLowerCase()}-05`, perCompany: true }],
  export: {
    format: 'csv',
    header: 'id,name,slug,vehicle_number,price,sale_price,min_reservation,max_day,location,status,created_at',
    value: (r, h) => (h === 'location' ? name(r, 'location') : r[h]),
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
}

const trainRoutes: CrudCase = {
  name: 'trains_route',
  entity: 'train_route',
  sortable: TRAIN_ROUTE_SORTABLE,
  setup,
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
}

crudSuite([transportations, trainRoutes])
