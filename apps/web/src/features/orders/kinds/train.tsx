import { IconTrain } from '@tabler/icons-react'
import { TRAIN_TYPES } from '@app/shared'
import { field } from '../../../components/resource'
import { choiceSource, DaySeatsSummary, day, defineWebKind, num, today } from './define'

const routes = choiceSource('trains_route', (row) => `${row.name} (${row.code})`)
type TrainType = (typeof TRAIN_TYPES)[number]
const isTrainType = (v: unknown): v is TrainType => TRAIN_TYPES.includes(v as TrainType)

/** Train seats: a route, its class and day, adults and children. */
export const train = defineWebKind({
  icon: IconTrain,
  blank: () => ({ kind: 'train', route_id: null, train_type: 'economy', date: null, adults: 1, children: 0 }),
  payload: (v) => ({
    kind: 'train',
    route_id: num(v.route_id),
    train_type: v.train_type ?? undefined,
    date: day(v.date),
    adults: num(v.adults) ?? 0,
    children: num(v.children) ?? 0,
  }),
  fromDetail: (it) => ({
    kind: 'train',
    route_id: it.route_id ?? it.item_id,
    train_type: it.train_type ?? it.variant,
    date: it.date ?? it.start_date,
    adults: it.adults,
    children: it.children,
  }),
  fields: () => [
    field.select('route_id', { required: true, span: 6, searchable: true, source: routes }),
    field.select('train_type', {
      required: true,
      span: 3,
      options: TRAIN_TYPES.map((v) => ({ value: v, labelKey: `orders.train_types.${v}` })),
    }),
    field.date('date', { required: true, span: 3, minDate: today() }),
    field.number('adults', { span: 3, min: 0 }),
    field.number('children', { span: 3, min: 0 }),
  ],
  Summary: DaySeatsSummary,
  /**
   * A train item's stored name carries its class in the words of the clerk who booked it
   * (`Haramain (HHR-01, economy)`); the class shown is the item's `variant` through the locale files
   * instead, written as the server writes it (lower case, last in the parentheses). A name not of that
   * shape is shown as stored; the stored name stays for exports and history.
   */
  itemName: (item, t) => {
    if (!isTrainType(item.variant)) return item.item_name
    const m = /^(.*\([^,()]*), [^,()]*\)$/.exec(item.item_name)
    return m ? `${m[1]}, ${t(`orders.train_types.${item.variant}`).toLocaleLowerCase()})` : item.item_name
  },
})
