import { DEPARTURE_SORTABLE } from '@app/shared'
import { crudSuite, pad, type CrudCase, type Row } from './helpers/crud-suite.js'

/**
 * Departures in the shared table-driven suite (test/helpers/crud-suite.ts):
 * the list contract, CRUD, permissions, tenancy and export by declaration.
 * Their own rules and the allotment are in modules/departures/departures.test.ts.
 */

const ddmmyyyy = (v: unknown) => (typeof v === 'string' ? `${v.slice(8)}-${v.slice(5, 7)}-${v.slice(0, 4)}` : v)
const month = (i: number) => pad((i % 12) + 1)

const departures: CrudCase = {
  name: 'departures',
  entity: 'departure',
  sortable: DEPARTURE_SORTABLE,
  body: (i, label) => ({
    code: `D${label}-${pad(i)}`,
    name: `${label} ${pad(i)}`,
    departure_date: `2031-${month(i)}-${pad(1 + (i % 9))}`,
    return_date: `2031-${month(i)}-${pad(12 + (i % 9))}`,
    seats: 10 + i,
    outbound_flight: { airline: 'Saudia', flight_number: `SV81${i % 10}`, from: 'CGK', to: 'MED', time: '09:30' },
    return_flight: { airline: 'Saudia', flight_number: 'SV816', from: 'JED', to: 'CGK', time: null },
    prices: [
      { room_type: 'quad', price: 2500 + i, currency: 'SAR' },
      { room_type: 'double', price: 3100, currency: 'SAR' },
    ],
    notes: i % 2 ? `Notes ${pad(i)}` : null,
  }),
  edit: { seats: 45, departure_date: '2031-02-20', return_date: '2031-03-03' },
  echo: (b) => b,
  unique: [{ field: 'code', clash: (label) => `D${label}-05`, perCompany: true }],
  export: {
    format: 'csv',
    header: 'code,name,departure_date,return_date,program_days,seats,seats_sold,seats_left,status',
    value: (r: Row, h: string) => (h.endsWith('_date') ? ddmmyyyy(r[h]) : r[h]),
  },
  invalid: [
    ['a return before the departure', { departure_date: '2031-03-10', return_date: '2031-03-09' }, 'return_date'],
    ['a departure date that is no day', { departure_date: '2031-02-30' }, 'departure_date'],
    ['no seats', { seats: 0 }, 'seats'],
    ['a code with spaces', { code: 'UMR 2031' }, 'code'],
    ['a negative price', { prices: [{ room_type: 'quad', price: -1, currency: 'SAR' }] }, 'prices.0.price'],
    [
      'two prices of one room type',
      {
        prices: [
          { room_type: 'quad', price: 1, currency: 'SAR' },
          { room_type: 'quad', price: 2, currency: 'SAR' },
        ],
      },
      'prices.1.room_type',
    ],
    [
      'a price in a currency orders do not take',
      { prices: [{ room_type: 'quad', price: 1, currency: 'EUR' }] },
      'prices.0.currency',
    ],
    ['an unknown room type', { prices: [{ room_type: 'single', price: 1 }] }, 'prices.0.room_type'],
    ['a flight time of 25:00', { outbound_flight: { airline: 'GA', time: '25:00' } }, 'outbound_flight.time'],
    ['an unknown status', { status: 'sold_out' }, 'status'],
    ['opening as closed', { status: 'closed' }, 'status'],
  ],
}

crudSuite([departures])
