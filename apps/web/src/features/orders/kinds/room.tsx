import { useEffect } from 'react'
import { IconBed } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { field } from '../../../components/resource'
import { useSourceOptions } from '../../../components/resource/fields/options'
import { formatDate } from '../../../lib/format'
import type { OrderFormValues } from '../order-logic'
import { choiceSource, day, defineWebKind, Entry, later, num, today } from './define'
import { ChosenExtrasEntry, extrasField, extrasPayload } from './extras'

const hotels = choiceSource('hotels')
const rooms = choiceSource('rooms', (row) => `${row.hotel?.name ?? ''} – ${row.name}`)
/** The hotels' extras (GET /orders/choices/extras); an item offers its room's hotel's. */
const extras = choiceSource('extras')

const nightsOf = (checkIn: unknown, checkOut: unknown) =>
  typeof checkIn === 'string' && checkIn && typeof checkOut === 'string' && checkOut
    ? dayjs(checkOut).diff(dayjs(checkIn), 'day')
    : 0

/** A room stay: hotel (narrows the rooms), room, check-in and check-out, rooms, adults and children. */
export const room = defineWebKind({
  icon: IconBed,
  blank: () => ({
    kind: 'room',
    hotel_id: null,
    room_id: null,
    check_in: null,
    check_out: null,
    quantity: 1,
    adults: 1,
    children: 0,
    extras: [],
  }),
  payload: (v) => ({
    kind: 'room',
    room_id: num(v.room_id),
    check_in: day(v.check_in),
    check_out: day(v.check_out),
    quantity: num(v.quantity),
    adults: num(v.adults),
    children: num(v.children) ?? 0,
    extras: extrasPayload(v.extras),
  }),
  fromDetail: (it) => ({
    kind: 'room',
    hotel_id: null,
    room_id: it.room_id ?? it.item_id,
    check_in: it.check_in ?? it.start_date,
    check_out: it.check_out ?? dayjs(it.end_date).add(1, 'day').format('YYYY-MM-DD'),
    quantity: it.quantity,
    adults: it.adults,
    children: it.children,
    extras: Array.isArray(it.extras) ? it.extras : [],
  }),
  // The check-out's calendar opens from the night after check-in.
  fields: (index, item) => {
    const min = today()
    const afterCheckIn = item.check_in ? dayjs(String(item.check_in)).add(1, 'day').format('YYYY-MM-DD') : null
    return [
      // Each on a row of its own: the chosen room ("hotel – room") is never cut (issue 32).
      field.select('hotel_id', { source: hotels, span: 12, searchable: true }),
      field.select('room_id', {
        required: true,
        span: 12,
        searchable: true,
        source: {
          ...rooms,
          filterRows: (rows, ctx) => {
            const hotel = (ctx.values as OrderFormValues).items?.[index]?.hotel_id
            return hotel ? rows.filter((r) => r.hotel_id === hotel) : rows
          },
        },
      }),
      field.date('check_in', { required: true, span: 3, minDate: min }),
      field.date('check_out', { required: true, span: 3, minDate: later(min, afterCheckIn) }),
      field.number('quantity', { required: true, span: 2, min: 1 }),
      field.number('adults', { required: true, span: 2, min: 1 }),
      field.number('children', { span: 2, min: 0 }),
      // The chosen room's hotel's extras, ticked one by one (issue 32): none is charged unless chosen.
      extrasField(index, {
        source: extras,
        offered: (rows) => (item.hotel_id ? rows.filter((r) => r.hotel_id === item.hotel_id) : []),
        persons: (num(item.adults) ?? 0) + (num(item.children) ?? 0),
      }),
    ]
  },
  pairedDays: ['check_in', 'check_out'],
  badge: (item, t) => {
    const nights = nightsOf(item.check_in, item.check_out)
    return nights > 0 ? t('orders.item.nights', { count: nights }) : null
  },
  // The hotel follows the room (an order opened for edit names only its room); another hotel clears the room.
  Sync: function RoomSync({ form, item, index }) {
    const options = useSourceOptions(rooms)
    useEffect(() => {
      if (!options.data || !item.room_id) return
      const found = options.data.find((r) => r.id === item.room_id)
      if (!found) return
      if (item.hotel_id == null) {
        // Naming the room's hotel completes the order as loaded: not a change of the clerk's (no leave prompt).
        const untouched = !form.isDirty()
        form.setFieldValue(`items.${index}.hotel_id`, found.hotel_id)
        if (untouched) form.resetDirty()
      } else if (found.hotel_id !== item.hotel_id) {
        form.setFieldValue(`items.${index}.room_id`, null)
        // Another hotel's extras are not this stay's.
        form.setFieldValue(`items.${index}.extras`, [])
      }
    }, [options.data, item.hotel_id, item.room_id, index, form])
    return null
  },
  // Check-in and check-out (the morning after the last night) with the nights, then rooms, adults and children.
  Summary: ({ item, t }) => {
    const checkIn = (item.check_in as string | undefined) ?? item.start_date
    const checkOut = (item.check_out as string | undefined) ?? dayjs(item.end_date).add(1, 'day').format('YYYY-MM-DD')
    return (
      <>
        <Entry label={t('orders.fields.check_in')} value={formatDate(checkIn)} />
        <Entry
          label={t('orders.fields.check_out')}
          value={`${formatDate(checkOut)} (${t('orders.item.nights', { count: nightsOf(checkIn, checkOut) })})`}
        />
        <Entry label={t('orders.fields.quantity')} value={item.quantity} />
        <Entry label={t('orders.fields.adults')} value={item.adults} />
        <Entry label={t('orders.fields.children')} value={item.children} />
        <ChosenExtrasEntry item={item} t={t} />
      </>
    )
  },
})
