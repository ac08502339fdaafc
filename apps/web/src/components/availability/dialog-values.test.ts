import { describe, expect, it } from 'vitest'
import { TRAIN_AVAILABILITY, TRANSPORTATION_AVAILABILITY, availabilityWriteSchema } from '@app/shared'
import { defineCalendar } from './define'
import { formFieldOf, initialRangeValues, toWriteBody } from './dialog-values'

const vehicle = defineCalendar({
  name: 'transportations',
  entity: 'transportation',
  endpoint: '/transportations_schedule',
  itemEndpoint: '/transportations',
  backHref: '/app/transportation',
  item: TRANSPORTATION_AVAILABILITY.item,
  loadShape: async () => TRANSPORTATION_AVAILABILITY,
  values: [
    { key: 'price', kind: 'money' },
    { key: 'sale_price', kind: 'money' },
  ],
  color: 'teal',
  summary: [],
})
const train = {
  ...vehicle,
  item: TRAIN_AVAILABILITY.item,
  loadShape: async () => TRAIN_AVAILABILITY,
  values: [{ key: 'max_passengers', kind: 'count' as const }],
  variant: { key: 'train_type', options: ['economy', 'business'], labelPrefix: '', initial: () => 'economy' },
}

describe('range dialog values', () => {
  it('opens on the clicked day with what the day shows', () => {
    const day = {
      date: '2026-12-04',
      stored: false,
      offered: true,
      blocked: false,
      values: { price: 850, sale_price: 800, blocked: false },
      changed: [],
    }
    expect(initialRangeValues(vehicle, day)).toEqual({
      date_range: ['2026-12-04', '2026-12-04'],
      weekdays: [],
      blocked: false,
      price: 850,
      sale_price: 800,
    })
  })

  it('opens on a dragged range from its first day to its last', () => {
    const day = {
      date: '2026-12-07',
      stored: false,
      offered: true,
      blocked: false,
      values: { price: 850, sale_price: 800, blocked: false },
      changed: [],
    }
    expect(initialRangeValues(vehicle, day, '2026-12-16').date_range).toEqual(['2026-12-07', '2026-12-16'])
    expect(initialRangeValues(vehicle, day, '2026-12-01').date_range).toEqual(['2026-12-07', '2026-12-07'])
  })

  it('sends the range ends, the weekday mask sorted, and what the server schema accepts', () => {
    const body = toWriteBody(vehicle, '7', {
      date_range: ['2026-12-01', '2026-12-31'],
      weekdays: [6, 5],
      blocked: false,
      price: 1200,
      sale_price: 1100,
    })
    expect(body).toEqual({
      transportation_id: 7,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      weekdays: [5, 6],
      blocked: false,
      price: 1200,
      sale_price: 1100,
    })
    expect(availabilityWriteSchema(TRANSPORTATION_AVAILABILITY).safeParse(body).success).toBe(true)
  })

  it('sends no mask for none or all seven weekdays, and one day as both ends', () => {
    const base = { blocked: true, price: 1, sale_price: 1 }
    const none = toWriteBody(vehicle, 7, { ...base, date_range: ['2026-12-25', null], weekdays: [] })
    expect(none).toMatchObject({ start_date: '2026-12-25', end_date: '2026-12-25' })
    expect(none).not.toHaveProperty('weekdays')
    expect(
      toWriteBody(vehicle, 7, { ...base, date_range: ['2026-12-01', '2026-12-07'], weekdays: [1, 2, 3, 4, 5, 6, 7] }),
    ).not.toHaveProperty('weekdays')
  })

  it('leaves an emptied amount missing (the required message) and adds the variant key', () => {
    const body = toWriteBody(
      train,
      3,
      { date_range: ['2026-12-01', '2026-12-02'], weekdays: [], blocked: null, max_passengers: '' },
      'business',
    )
    expect(body).toMatchObject({ route_id: 3, train_type: 'business', blocked: undefined, max_passengers: undefined })
    const result = availabilityWriteSchema(TRAIN_AVAILABILITY).safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual([
      'blocked',
      'max_passengers',
      'price_adult',
      'price_children',
    ])
  })

  it('puts range errors on the range field', () => {
    expect(formFieldOf('end_date')).toBe('date_range')
    expect(formFieldOf('start_date')).toBe('date_range')
    expect(formFieldOf('weekdays.0')).toBe('weekdays')
    expect(formFieldOf('sale_price')).toBe('sale_price')
  })
})
