import { IconMapPin } from '@tabler/icons-react'
import { field } from '../../../components/resource'
import { choiceSource, DaySeatsSummary, day, defineWebKind, num, today } from './define'

const tours = choiceSource('ziyarah_tours', (row) => (row.pickup_time ? `${row.name} (${row.pickup_time})` : String(row.name)))

/** Ziyarah tour seats: a published tour, its day, adults and children (issue 27). */
export const ziyarah = defineWebKind({
  icon: IconMapPin,
  blank: () => ({ kind: 'ziyarah', tour_id: null, date: null, adults: 1, children: 0 }),
  payload: (v) => ({
    kind: 'ziyarah',
    tour_id: num(v.tour_id),
    date: day(v.date),
    adults: num(v.adults) ?? 0,
    children: num(v.children) ?? 0,
  }),
  fromDetail: (it) => ({
    kind: 'ziyarah',
    tour_id: it.tour_id ?? it.item_id,
    date: it.date ?? it.start_date,
    adults: it.adults,
    children: it.children,
  }),
  fields: () => [
    field.select('tour_id', { required: true, span: 6, searchable: true, source: tours }),
    field.date('date', { required: true, span: 6, minDate: today() }),
    field.number('adults', { span: 3, min: 0 }),
    field.number('children', { span: 3, min: 0 }),
  ],
  Summary: DaySeatsSummary,
})
