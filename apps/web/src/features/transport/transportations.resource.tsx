import { IconCalendarEvent } from '@tabler/icons-react'
import { MAX_FAQS, MAX_RENTAL_DAYS, PUBLISH_STATUSES, transportationInputSchema, type TransportationDetail } from '@app/shared'
import { extraPriceFields, serviceFeeFields } from '../../components/pricing/price-lists'
import { withPriceSwitches } from '../../components/pricing/price-switches'
import { col, defineResource, field, positionFields } from '../../components/resource'

const statusOptions = PUBLISH_STATUSES.map((value) => ({ value, labelKey: `resources.transportations.statuses.${value}` }))

/**
 * /app/transportation: vehicles (issue 10; spec §2 Transportation, checklist
 * E). API `/api/v1/transportations`, permissions `transportation_*`. Create
 * and edit are the full-page form (`/app/transportation/create`,
 * `/app/transportation/edit/{id}`), composed from the form kit; the pricing
 * lists are the part the hotel form shares (components/pricing). The row
 * action availability opens the vehicle's calendar.
 */
export default defineResource<TransportationDetail>({
  name: 'transportations',
  permission: 'transportation',
  // Ten values and three actions on a laptop with the menu open (1,052 px): a dense table.
  dense: true,
  columns: [
    col.text('name'),
    col.text('slug', { hiddenBelow: 'md', secondary: true }),
    col.text('vehicle_number', { width: 96 }),
    col.money('price', { width: 92 }),
    col.money('sale_price', { width: 92 }),
    col.text('min_reservation', {
      hiddenBelow: 'sm',
      width: 80,
      align: 'right',
      labelKey: 'resources.transportations.columns.min_reservation',
    }),
    col.text('max_day', { hiddenBelow: 'sm', width: 84, align: 'right' }),
    col.relation('location', 'location.name'),
    col.badge('status', {
      width: 80,
      colors: { publish: 'green', draft: 'red' },
      fallbackColor: 'red',
      labelPrefix: 'resources.transportations.statuses.',
    }),
    col.date('created_at', { width: 84 }),
  ],
  filters: [{ name: 'status', options: statusOptions }],
  createHref: '/app/transportation/create',
  editHref: (row) => `/app/transportation/edit/${row.id}`,
  rowActions: [
    {
      key: 'availability',
      labelKey: 'actions.availability',
      icon: IconCalendarEvent,
      color: 'teal',
      permission: 'update',
      href: (row) => `/app/transportation/${row.id}/availability`,
    },
  ],
  sections: [
    { key: 'main' },
    { key: 'media' },
    { key: 'faqs' },
    { key: 'location' },
    { key: 'pricing' },
    { key: 'booking' },
    { key: 'publish', side: true },
  ],
  fields: [
    field.text('name'),
    field.richText('content', { minHeight: 160 }),
    field.image('banner_image', { section: 'media' }),
    field.text('youtube', { section: 'media', type: 'url', placeholderKey: 'resources.transportations.youtube_placeholder' }),
    field.gallery('gallery', { section: 'media' }),
    field.repeatable('faqs', {
      section: 'faqs',
      max: MAX_FAQS,
      itemLabelKey: 'resources.transportations.faq_item',
      addLabelKey: 'resources.transportations.add_faq',
      fields: [field.text('title'), field.textarea('content', { rows: 2 })],
    }),
    ...positionFields<TransportationDetail>('location', {
      place: true,
      address: field.textarea('real_address', { section: 'location', rows: 2 }),
    }),
    field.money('price', { section: 'pricing', span: 6 }),
    field.money('sale_price', { section: 'pricing', span: 6, descriptionKey: 'resources.transportations.sale_price_hint' }),
    ...extraPriceFields<TransportationDetail>('pricing'),
    ...serviceFeeFields<TransportationDetail>('pricing'),
    field.number('min_reservation', { section: 'booking', span: 4, min: 0, max: MAX_RENTAL_DAYS, step: 1, decimalScale: 0 }),
    field.number('max_day', { section: 'booking', span: 4, min: 1, max: MAX_RENTAL_DAYS, step: 1, decimalScale: 0 }),
    field.text('vehicle_number', { section: 'booking', span: 4 }),
    field.select('status', { section: 'publish', options: statusOptions, initial: 'draft' }),
    field.checkbox('is_featured', { section: 'publish' }),
    field.attributes('attributes_list', { section: 'publish', groupType: 'transportation' }),
    field.image('featured_image', { section: 'publish' }),
  ],
  schema: withPriceSwitches(transportationInputSchema),
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
