import { useEffect } from 'react'
import { IconBus } from '@tabler/icons-react'
import { field } from '../../../components/resource'
import { useSourceOptions } from '../../../components/resource/fields/options'
import { formatDate } from '../../../lib/format'
import { choiceSource, day, defineWebKind, Entry, later, num, today } from './define'
import { ChosenExtrasEntry, extrasField, extrasPayload, type ChosenExtra } from './extras'

const vehicles = choiceSource('transportations', (row) =>
  row.vehicle_number ? `${row.name} (${row.vehicle_number})` : String(row.name),
)
/** The vehicles' extras (GET /orders/choices/transportation_extras); an item offers its vehicle's. */
const extras = choiceSource('transportation_extras')

/** A vehicle from a start day to an end day, with the extras the clerk chooses. */
export const transportation = defineWebKind({
  icon: IconBus,
  blank: () => ({ kind: 'transportation', transportation_id: null, start_date: null, end_date: null, extras: [] }),
  payload: (v) => ({
    kind: 'transportation',
    transportation_id: num(v.transportation_id),
    start_date: day(v.start_date),
    end_date: day(v.end_date),
    extras: extrasPayload(v.extras),
  }),
  fromDetail: (it) => ({
    kind: 'transportation',
    transportation_id: it.item_id,
    start_date: it.start_date,
    end_date: it.end_date,
    extras: Array.isArray(it.extras) ? it.extras : [],
  }),
  // The end day's calendar opens from the start day.
  fields: (index, item) => {
    const min = today()
    const pilgrims = Array.isArray(item.pilgrim_ids) ? item.pilgrim_ids.length : 0
    return [
      field.select('transportation_id', { required: true, span: 6, searchable: true, source: vehicles }),
      field.date('start_date', { required: true, span: 3, minDate: min }),
      field.date('end_date', { required: true, span: 3, minDate: later(min, item.start_date) }),
      // The chosen vehicle's extras, ticked one by one (issue 32): a per-person extra counts the item's pilgrims.
      extrasField(index, {
        source: extras,
        offered: (rows) => (item.transportation_id ? rows.filter((r) => r.transportation_id === item.transportation_id) : []),
        persons: pilgrims,
      }),
    ]
  },
  pairedDays: ['start_date', 'end_date'],
  // Another vehicle's extras are not this item's: a change of vehicle lets go of those it does not offer.
  Sync: function VehicleSync({ form, item, index }) {
    const options = useSourceOptions(extras)
    useEffect(() => {
      const chosen = (Array.isArray(item.extras) ? item.extras : []) as ChosenExtra[]
      if (!options.data || chosen.length === 0) return
      const offered = new Set(options.data.filter((r) => r.transportation_id === item.transportation_id).map((r) => Number(r.id)))
      const kept = chosen.filter((c) => offered.has(Number(c.extra_id)))
      if (kept.length !== chosen.length) form.setFieldValue(`items.${index}.extras`, kept)
    }, [options.data, item.transportation_id, item.extras, index, form])
    return null
  },
  Summary: ({ item, t }) => (
    <>
      <Entry label={t('orders.fields.start_date')} value={formatDate(item.start_date)} />
      <Entry label={t('orders.fields.end_date')} value={formatDate(item.end_date)} />
      <ChosenExtrasEntry item={item} t={t} />
    </>
  ),
})
