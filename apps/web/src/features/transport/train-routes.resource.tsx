import { TextInput } from '@mantine/core'
import i18n from 'i18next'
import { TRAIN_TYPES, trainDurationHours, trainRouteInputSchema } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'

/** Hours with two decimals in the reader's language (en 2.75, id 2,75). */
const hours = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '-'

const places = {
  source: { resource: 'locations', labelKey: 'name', params: { status: 'publish', is_active: undefined } },
  searchable: true,
}

/**
 * /app/train_route: train routes (issue 10). API `/api/v1/trains_route` (the
 * spec's spelling), permissions `train_route_*`. The dialog shows the duration
 * the server will compute from the two times (an earlier arrival is the next day).
 */
export default defineResource({
  name: 'trains_route',
  permission: 'train_route',
  columns: [
    col.text('name'),
    col.text('code'),
    col.relation('from', 'from.name'),
    col.relation('to', 'to.name'),
    col.money('price_adult'),
    col.money('price_children'),
    col.text('departure_time'),
    col.text('arrival_time'),
    col.custom('duration', (row) => hours(row.duration)),
    col.text('max_passengers', { hiddenBelow: 'sm' }),
    col.text('bagage_checkin', { hiddenBelow: 'md' }),
    col.text('bagage_cabin', { hiddenBelow: 'md' }),
    col.badge('train_type', {
      colors: { business: 'indigo', economy: 'orange' },
      labelPrefix: 'resources.trains_route.train_types.',
    }),
    col.yesNo('is_active'),
    col.date('created_at'),
  ],
  fields: [
    field.text('name', { span: 8 }),
    field.text('code', { span: 4 }),
    field.select('from_id', places),
    field.select('to_id', places),
    field.text('departure_time', { span: 4, placeholderKey: 'resources.trains_route.time_placeholder' }),
    field.text('arrival_time', { span: 4, placeholderKey: 'resources.trains_route.time_placeholder' }),
    field.custom('duration', {
      span: 4,
      required: false,
      render: ({ label, values }) => (
        <TextInput
          label={label}
          readOnly
          value={hours(trainDurationHours(String(values.departure_time ?? ''), String(values.arrival_time ?? '')))}
        />
      ),
    }),
    field.number('price_adult', { span: 6, min: 0, decimalScale: 2, prefix: 'SAR ' }),
    field.number('price_children', { span: 6, min: 0, decimalScale: 2, prefix: 'SAR ' }),
    field.number('max_passengers', { span: 4, min: 1, step: 1 }),
    field.number('bagage_checkin', { span: 4, min: 0, decimalScale: 2 }),
    field.number('bagage_cabin', { span: 4, min: 0, decimalScale: 2 }),
    field.select('train_type', {
      span: 6,
      initial: 'economy',
      options: TRAIN_TYPES.map((value) => ({ value, labelKey: `resources.trains_route.train_types.${value}` })),
    }),
    field.yesNo('is_active', { span: 6, initial: true }),
  ],
  schema: trainRouteInputSchema,
  modalSize: 'lg',
  defaultSort: 'created_at',
  exportFormat: 'csv',
  toPayload: ({ duration: _ignored, ...values }) => values,
})
