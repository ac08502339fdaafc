import { calendarPage, defineCalendar } from '../../components/availability'

/**
 * /app/ziyarah_tours/{tourId}/availability: adult and child prices and seats
 * per day, mirroring the server's `defineAvailability` in
 * modules/ziyarah-tours/ziyarah-tours.routes.ts.
 */
const ziyarahCalendar = defineCalendar({
  name: 'ziyarah_tours',
  entity: 'ziyarah_tour',
  endpoint: '/ziyarah_tours_schedule',
  itemEndpoint: '/ziyarah_tours',
  backHref: '/app/ziyarah_tours',
  item: 'tour_id',
  // Its zod fields load with the range dialog.
  loadShape: () => import('./ziyarah-shape').then((m) => m.ZIYARAH_AVAILABILITY),
  values: [
    { key: 'price', kind: 'money' },
    { key: 'child_price', kind: 'money' },
    { key: 'max_passengers', kind: 'count' },
  ],
  color: 'teal',
  summary: [
    [
      { key: 'name' },
      { key: 'location', path: 'location.name' },
      { key: 'pickup_time' },
      { key: 'duration_hours', format: 'hours' },
    ],
    [{ key: 'adult_price', path: 'price', format: 'money' }, { key: 'child_price', format: 'money' }, { key: 'max_passengers' }],
  ],
})

export default calendarPage(ziyarahCalendar)
