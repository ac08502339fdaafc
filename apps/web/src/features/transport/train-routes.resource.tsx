import { Stack, Text, TextInput } from '@mantine/core'
import { IconCalendarEvent } from '@tabler/icons-react'
import { TRAIN_TYPES, trainDurationHours, trainRouteInputSchema } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { formatMoney, getPath } from '../../lib/format'
import { formatNumber } from '../../lib/numbers'

/** Two values of one cell, the second under the first (adult and children price). */
function Pair({ first, second }: { first: string; second: string }) {
  return (
    <Stack gap={0}>
      <Text inherit>{first}</Text>
      <Text inherit c="dimmed">
        {second}
      </Text>
    </Stack>
  )
}

/** Hours with two decimals in the reader's language (en 2.75, id 2,75). */
const hours = (value: unknown) => formatNumber(value, undefined, { minDecimals: 2, maxDecimals: 2 }) || '-'

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
  // Fifteen values and three actions on a laptop with the menu open (1,052 px): a dense table,
  // and the values that come in pairs share a column (sorted by the first of the pair).
  dense: true,
  columns: [
    col.text('name'),
    col.text('code', { width: 64 }),
    col.custom('from', (row) => `${getPath(row, 'from.name') ?? '-'} → ${getPath(row, 'to.name') ?? '-'}`, {
      labelKey: 'resources.trains_route.columns.route',
      width: 120,
    }),
    col.custom('price_adult', (row) => <Pair first={formatMoney(row.price_adult)} second={formatMoney(row.price_children)} />, {
      labelKey: 'resources.trains_route.columns.prices',
      align: 'right',
      width: 92,
    }),
    col.custom('departure_time', (row) => `${row.departure_time} → ${row.arrival_time}`, {
      labelKey: 'resources.trains_route.columns.times',
      width: 96,
    }),
    col.custom('duration', (row) => hours(row.duration), { width: 72, align: 'right' }),
    col.text('max_passengers', { labelKey: 'resources.trains_route.columns.seats', width: 92, align: 'right' }),
    col.custom('bagage_checkin', (row) => `${row.bagage_checkin} / ${row.bagage_cabin}`, {
      labelKey: 'resources.trains_route.columns.baggage',
      hintKey: 'resources.trains_route.columns.baggage_full',
      width: 72,
    }),
    col.badge('train_type', {
      width: 80,
      colors: { business: 'indigo', economy: 'orange' },
      labelPrefix: 'resources.trains_route.train_types.',
    }),
    col.yesNo('is_active', { width: 60 }),
    col.date('created_at', { width: 84 }),
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
    field.active('is_active', { span: 6 }),
    field.attributes('attributes_list', { span: 7, groupType: 'train' }),
    field.image('featured_image', { span: 5 }),
  ],
  rowActions: [
    {
      key: 'availability',
      labelKey: 'actions.availability',
      icon: IconCalendarEvent,
      color: 'teal',
      permission: 'update',
      href: (row) => `/app/train_route/${row.id}/availability`,
    },
  ],
  schema: trainRouteInputSchema,
  modalSize: 'lg',
  // The list rows carry no attribute ids: the edit form loads the route.
  loadDetail: true,
  defaultSort: 'created_at',
  exportFormat: 'csv',
  toPayload: ({ duration: _ignored, ...values }) => values,
})
