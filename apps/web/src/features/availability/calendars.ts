import { TRAIN_TYPES } from '@app/shared'
import { defineCalendar } from '../../components/availability'

/*
 * The three calendars (issues 9 and 10): one component, one declaration each,
 * mirroring the server's `defineAvailability` calls (rooms.routes.ts,
 * transportations.routes.ts, train-routes.routes.ts).
 */

/** /app/rooms/{roomId}/availability: price and capacity per day (spec: green). */
export const roomCalendar = defineCalendar({
  name: 'rooms',
  entity: 'room',
  endpoint: '/rooms_availibility',
  itemEndpoint: '/rooms',
  backHref: '/app/rooms',
  item: 'room_id',
  loadShape: () => import('./calendar-shapes').then((m) => m.ROOM_AVAILABILITY),
  values: [
    { key: 'price', kind: 'money' },
    { key: 'capacity', kind: 'count' },
  ],
  color: 'green',
  summary: [
    [{ key: 'hotel', path: 'hotel.name' }, { key: 'name' }, { key: 'code' }, { key: 'room_stock' }, { key: 'room_size' }],
    [{ key: 'price', format: 'money' }, { key: 'beds' }, { key: 'min_stay' }, { key: 'max_adult' }, { key: 'max_children' }],
  ],
})

/** /app/transportation/{transportationId}/availability: price and sale price per day (spec: teal). */
export const transportationCalendar = defineCalendar({
  name: 'transportations',
  entity: 'transportation',
  endpoint: '/transportations_schedule',
  itemEndpoint: '/transportations',
  backHref: '/app/transportation',
  item: 'transportation_id',
  loadShape: () => import('./calendar-shapes').then((m) => m.TRANSPORTATION_AVAILABILITY),
  values: [
    { key: 'price', kind: 'money' },
    { key: 'sale_price', kind: 'money' },
  ],
  color: 'teal',
  summary: [
    [{ key: 'name' }, { key: 'vehicle_number' }, { key: 'location', path: 'location.name' }],
    [{ key: 'price', format: 'money' }, { key: 'sale_price', format: 'money' }, { key: 'min_reservation' }, { key: 'max_day' }],
  ],
  // The server refuses it too (limits in transportations.routes.ts, and a CHECK).
  check: (v) =>
    typeof v.price === 'number' && typeof v.sale_price === 'number' && v.sale_price > v.price
      ? { sale_price: 'sale_price_above_price' }
      : undefined,
})

/** /app/train_route/{trainId}/availability: adult and child prices and seats per day and train type. */
export const trainCalendar = defineCalendar({
  name: 'trains_route',
  entity: 'train_route',
  endpoint: '/trains_schedule',
  itemEndpoint: '/trains_route',
  backHref: '/app/train_route',
  item: 'route_id',
  loadShape: () => import('./calendar-shapes').then((m) => m.TRAIN_AVAILABILITY),
  values: [
    { key: 'price_adult', kind: 'money' },
    { key: 'price_children', kind: 'money' },
    { key: 'max_passengers', kind: 'count' },
  ],
  color: 'teal',
  variant: {
    key: 'train_type',
    options: TRAIN_TYPES,
    labelPrefix: 'resources.trains_route.train_types.',
    initial: (route) => String(route.train_type ?? TRAIN_TYPES[0]),
  },
  summary: [
    [
      { key: 'name' },
      { key: 'code' },
      { key: 'train_type', format: 'option', labelPrefix: 'resources.trains_route.train_types.' },
      { key: 'duration', format: 'hours' },
      { key: 'bagage_cabin', format: 'unit', unit: 'kg' },
      { key: 'bagage_checkin', format: 'unit', unit: 'kg' },
    ],
    [
      { key: 'departure_time' },
      { key: 'arrival_time' },
      { key: 'route', format: 'arrow', paths: ['from.name', 'to.name'] },
      { key: 'max_passengers' },
      { key: 'price_adult', format: 'money' },
      { key: 'price_children', format: 'money' },
    ],
  ],
})
