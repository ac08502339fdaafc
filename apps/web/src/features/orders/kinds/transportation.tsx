import { IconBus } from '@tabler/icons-react'
import { field } from '../../../components/resource'
import { formatDate } from '../../../lib/format'
import { choiceSource, day, defineWebKind, Entry, later, num, today } from './define'

const vehicles = choiceSource('transportations', (row) =>
  row.vehicle_number ? `${row.name} (${row.vehicle_number})` : String(row.name),
)

/** A vehicle from a start day to an end day. */
export const transportation = defineWebKind({
  icon: IconBus,
  blank: () => ({ kind: 'transportation', transportation_id: null, start_date: null, end_date: null }),
  payload: (v) => ({
    kind: 'transportation',
    transportation_id: num(v.transportation_id),
    start_date: day(v.start_date),
    end_date: day(v.end_date),
  }),
  fromDetail: (it) => ({
    kind: 'transportation',
    transportation_id: it.item_id,
    start_date: it.start_date,
    end_date: it.end_date,
  }),
  // The end day's calendar opens from the start day.
  fields: (_index, item) => {
    const min = today()
    return [
      field.select('transportation_id', { required: true, span: 6, searchable: true, source: vehicles }),
      field.date('start_date', { required: true, span: 3, minDate: min }),
      field.date('end_date', { required: true, span: 3, minDate: later(min, item.start_date) }),
    ]
  },
  pairedDays: ['start_date', 'end_date'],
  Summary: ({ item, t }) => (
    <>
      <Entry label={t('orders.fields.start_date')} value={formatDate(item.start_date)} />
      <Entry label={t('orders.fields.end_date')} value={formatDate(item.end_date)} />
    </>
  ),
})
