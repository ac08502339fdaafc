import { IconPlaneDeparture } from '@tabler/icons-react'
import { ROOM_TYPES, type RoomType } from '@app/shared'
import { field } from '../../../components/resource'
import { formatDate } from '../../../lib/format'
import type { OrderFormValues } from '../order-logic'
import { choiceSource, Entry, defineWebKind, num } from './define'

/** Open departures still ahead, named by code, name, date and the seats left (GET /orders/choices/departures). */
const departures = {
  ...choiceSource('departures'),
  label: (row: Record<string, unknown>, t: (k: string, o?: Record<string, unknown>) => string) =>
    t('orders.departure_choice', {
      code: row.code,
      name: row.name,
      date: formatDate(row.departure_date as string),
      left: row.seats_left,
    }),
}

/**
 * Seats on a departure (issue 29): a departure open for sale and a room type; the seats are the pilgrims
 * the item lists (the order form's pilgrims field of every item), one each, at the departure's price.
 */
export const departure = defineWebKind({
  icon: IconPlaneDeparture,
  blank: () => ({ kind: 'departure', departure_id: null, room_type: 'quad' }),
  payload: (v) => ({
    kind: 'departure',
    departure_id: num(v.departure_id),
    room_type: v.room_type ?? undefined,
  }),
  fromDetail: (it) => ({
    kind: 'departure',
    departure_id: it.departure_id ?? it.item_id,
    room_type: it.room_type ?? it.variant,
  }),
  fields: (index) => [
    // The departure's long name on a row of its own; the room type wide enough for "Kamar Berempat (Quad)".
    field.select('departure_id', { required: true, span: 12, searchable: true, source: departures }),
    field.select('room_type', {
      required: true,
      span: 6,
      source: {
        ...departures,
        valueKey: 'room_type',
        label: (row, t) => t(`resources.departures.room_types.${row.room_type}`),
        // The room types the chosen departure prices (all of them before one is chosen).
        filterRows: (rows, ctx) => {
          const chosen = (ctx.values as OrderFormValues).items?.[index]?.departure_id
          const types = (rows.find((r) => r.id === chosen)?.room_types as RoomType[] | undefined) ?? ROOM_TYPES
          return types.map((room_type) => ({ id: room_type, room_type }))
        },
      },
    }),
  ],
  badge: (item, t) => {
    const n = Array.isArray(item.pilgrim_ids) ? item.pilgrim_ids.length : 0
    return n ? `${n} ${t('orders.fields.pilgrims_count')}` : t('orders.departure_pilgrims_hint')
  },
  Summary: ({ item, t }) => (
    <>
      <Entry label={t('orders.fields.date')} value={formatDate(item.start_date)} />
      <Entry label={t('orders.fields.room_type')} value={t(`resources.departures.room_types.${item.variant}`)} />
      <Entry label={t('orders.fields.pilgrims_count')} value={item.quantity} />
    </>
  ),
})
