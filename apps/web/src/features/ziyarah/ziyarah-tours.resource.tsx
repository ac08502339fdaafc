import { IconCalendarEvent } from '@tabler/icons-react'
import i18n from 'i18next'
import { MAX_TOUR_HOURS, MAX_TOUR_PASSENGERS, MIN_TOUR_HOURS, PUBLISH_STATUSES, ziyarahTourInputSchema } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { formatNumber } from '../../lib/numbers'

const statusOptions = PUBLISH_STATUSES.map((value) => ({ value, labelKey: `resources.ziyarah_tours.statuses.${value}` }))

/** Hours with one decimal in the reader's language (en 4.5, id 4,5). */
const hours = (value: unknown) =>
  typeof value === 'number' ? formatNumber(value, i18n.language, { minDecimals: 1, maxDecimals: 1 }) : '-'

/**
 * /app/ziyarah_tours: ziyarah tours (issue 27). API `/api/v1/ziyarah_tours`,
 * permissions `ziyarah_tour_*`. The row action opens the tour's calendar of
 * prices and seats per day (ZiyarahSchedulePage).
 */
export default defineResource({
  name: 'ziyarah_tours',
  permission: 'ziyarah_tour',
  dense: true,
  columns: [
    col.avatar('image', { hiddenBelow: 'sm' }),
    col.text('name'),
    col.relation('location', 'location.name', { width: 110, hiddenBelow: 'sm' }),
    col.text('pickup_time', { width: 100 }),
    col.custom('duration_hours', (row) => hours(row.duration_hours), { width: 80, align: 'right' }),
    col.text('max_passengers', { width: 100, align: 'right', hiddenBelow: 'sm' }),
    col.money('price', { width: 92 }),
    col.money('child_price', { width: 92, hiddenBelow: 'sm' }),
    col.badge('status', {
      width: 80,
      colors: { publish: 'green', draft: 'red' },
      fallbackColor: 'red',
      labelPrefix: 'resources.ziyarah_tours.statuses.',
    }),
    col.date('created_at', { width: 84, hiddenBelow: 'md' }),
  ],
  filters: [{ name: 'status', options: statusOptions }],
  fields: [
    field.text('name', { span: 8 }),
    field.text('slug', { span: 4, required: false, descriptionKey: 'resources.ziyarah_tours.slug_hint' }),
    field.select('location_id', {
      span: 6,
      searchable: true,
      source: {
        resource: 'locations',
        labelKey: 'name',
        params: { status: 'publish', is_active: undefined, sort_by: 'name', order_by: 'asc' },
      },
    }),
    field.time('pickup_time', { span: 3 }),
    field.number('duration_hours', { span: 3, min: MIN_TOUR_HOURS, max: MAX_TOUR_HOURS, step: 0.5, decimalScale: 1 }),
    field.money('price', { span: 4 }),
    field.money('child_price', { span: 4 }),
    field.number('max_passengers', { span: 4, min: 1, max: MAX_TOUR_PASSENGERS, step: 1, decimalScale: 0 }),
    field.richText('description', { minHeight: 140 }),
    field.select('status', { span: 6, options: statusOptions, initial: 'draft' }),
    field.checkbox('is_featured', { span: 6 }),
    field.image('image'),
  ],
  rowActions: [
    {
      key: 'availability',
      labelKey: 'actions.availability',
      icon: IconCalendarEvent,
      color: 'teal',
      permission: 'update',
      href: (row) => `/app/ziyarah_tours/${row.id}/availability`,
    },
  ],
  schema: ziyarahTourInputSchema,
  modalSize: 'lg',
  // The list rows carry no description: the edit form loads the tour.
  loadDetail: true,
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
