import { DISTANCE_UNITS, MAX_GALLERY_FILES, MAX_HOTEL_LIST, PUBLISH_STATUSES, type HotelDetail } from '@app/shared'
import { extraPriceFields, serviceFeeFields } from '../../components/pricing/price-lists'
// The declaration's parts, not the components/resource barrel: the barrel reaches the dialog and the form kit,
// which the list does not load (issue 33, "Phone").
import { col, defineResource, field, type FieldDef, type ResourceRow } from '../../components/resource/define'
import { initialValues } from '../../components/resource/form-values'
import { positionFields } from '../../components/resource/position-fields'
import { formatCoordinate } from '../../lib/numbers'
import { hotelRowForForm } from './hotel-form'
import { RatingField } from './RatingField'

const T = 'resources.hotels'
const options = (values: readonly string[], prefix: string) =>
  values.map((value) => ({ value, labelKey: `${T}.${prefix}.${value}` }))
const statusOptions = options(PUBLISH_STATUSES, 'statuses')
const yesNoOptions = [
  { value: 'true', labelKey: 'actions.yes' },
  { value: 'false', labelKey: 'actions.no' },
]
/** Active rows of a reference list of the company (spec §7 lookups). */
const active = (resource: string) => ({ source: { resource, labelKey: 'name' } })

/** One surroundings list (education, transportation, health): name, description, distance and unit. */
const surroundings = (name: string) =>
  field.repeatable(name, {
    section: 'surroundings',
    max: MAX_HOTEL_LIST,
    itemLabelKey: `${T}.items.${name}`,
    addLabelKey: `${T}.add.${name}`,
    fields: [
      field.text('name', { span: 5 }),
      field.number('distance', { span: 3, min: 0, decimalScale: 2 }),
      // Wide enough for "km (kilometres)" on a laptop.
      field.select('type', { span: 4, labelKey: `${T}.fields.unit`, initial: 'km', options: options(DISTANCE_UNITS, 'units') }),
      field.textarea('description', { rows: 2 }),
    ],
  })

const fields: FieldDef<ResourceRow>[] = [
  // ---- main column, in the spec's order (checklist C-04)
  field.text('name'),
  field.richText('content', { minHeight: 160 }),
  field.image('banner_image', { section: 'media', span: 6 }),
  field.text('youtube', { section: 'media', span: 6, type: 'url', placeholderKey: `${T}.youtube_placeholder` }),
  field.custom('rating', { section: 'media', render: (p) => <RatingField {...p} /> }),
  field.gallery('gallery_images', { section: 'media', max: MAX_GALLERY_FILES }),
  field.repeatable('hotel_policy', {
    section: 'policies',
    max: MAX_HOTEL_LIST,
    itemLabelKey: `${T}.items.hotel_policy`,
    addLabelKey: `${T}.add.hotel_policy`,
    fields: [field.text('title'), field.textarea('description', { rows: 2 })],
  }),
  field.time('check_in', { section: 'stay', span: 6 }),
  field.time('check_out', { section: 'stay', span: 6 }),
  field.number('min_reservation', { section: 'stay', span: 6, min: 0, step: 1, decimalScale: 0 }),
  field.number('max_stay', { section: 'stay', span: 6, min: 0, step: 1, decimalScale: 0 }),
  field.money('price', { section: 'pricing' }),
  ...extraPriceFields('pricing'),
  ...serviceFeeFields('pricing'),
  ...positionFields('location', { place: true, address: field.text('real_address', { section: 'location', span: 6 }) }),
  surroundings('hotel_education'),
  surroundings('hotel_transportation'),
  surroundings('hotel_health'),
  // ---- side column (checklist C-05)
  field.select('status', { section: 'publishing', initial: 'draft', options: statusOptions }),
  field.checkbox('is_featured', { section: 'publishing' }),
  field.select('category_id', { section: 'publishing', searchable: true, ...active('categories') }),
  field.image('featured_image', { section: 'publishing' }),
  field.checkboxGroup('services', { section: 'amenities', columns: 1, ...active('services') }),
  field.checkboxGroup('types', { section: 'amenities', columns: 1, ...active('types') }),
  field.checkboxGroup('facilities', { section: 'amenities', columns: 1, ...active('facilities') }),
]

/**
 * /app/hotels (catalogue-availability §2, checklist C): the list with every
 * column of the spec in a compact table that fits a laptop with the menu open,
 * and the full-page form at /app/hotels/create and /app/hotels/edit/{id}
 * (sections in the spec's order, a side column for status, featured, the
 * reference checkboxes, category and featured image). The lists behind the
 * extra-price and service-fee switches show only when they are on, and the
 * server saves them empty otherwise. Permissions `hotel_*`.
 */
export default defineResource<ResourceRow>({
  name: 'hotels',
  permission: 'hotel',
  dense: true,
  columns: [
    col.text('name'),
    col.text('slug', { width: 50, secondary: true }),
    col.relation('location', 'location.name', { width: 66 }),
    col.custom('long', (row) => formatCoordinate(row.long), { width: 50, labelKey: `${T}.columns.long`, secondary: true }),
    col.custom('lat', (row) => formatCoordinate(row.lat), { width: 50, labelKey: `${T}.columns.lat`, secondary: true }),
    col.text('zoom', { width: 50, labelKey: `${T}.columns.zoom`, hintKey: `${T}.columns.zoom_full`, secondary: true }),
    col.text('rating', { width: 62, labelKey: `${T}.columns.rating` }),
    col.text('check_in', { width: 52, labelKey: `${T}.columns.check_in`, hintKey: `${T}.columns.check_in_full` }),
    col.text('check_out', { width: 52, labelKey: `${T}.columns.check_out`, hintKey: `${T}.columns.check_out_full` }),
    col.text('min_reservation', {
      width: 48,
      labelKey: `${T}.columns.min_reservation`,
      hintKey: `${T}.columns.min_reservation_full`,
    }),
    col.text('max_stay', { width: 46, labelKey: `${T}.columns.max_stay`, hintKey: `${T}.columns.max_stay_full` }),
    col.yesNo('is_featured', { width: 72, labelKey: `${T}.columns.is_featured` }),
    col.money('price', { width: 104 }),
    col.badge('status', { width: 82, colors: { publish: 'green' }, fallbackColor: 'red', labelPrefix: `${T}.statuses.` }),
    col.date('created_at', { width: 80 }),
  ],
  filters: [
    { name: 'status', options: statusOptions },
    { name: 'location_id', source: { resource: 'locations', labelKey: 'name', params: { is_active: undefined } } },
    { name: 'is_featured', options: yesNoOptions },
    { name: 'category_id', ...active('categories') },
  ],
  sections: [
    { key: 'main' },
    { key: 'media' },
    { key: 'policies' },
    { key: 'stay' },
    { key: 'pricing' },
    { key: 'location' },
    { key: 'surroundings' },
    { key: 'publishing', side: true },
    { key: 'amenities', side: true },
  ],
  fields,
  // The list does not load zod: the form asks for its schema when it opens.
  loadSchemas: () => import('./hotel-schema').then((m) => ({ schema: m.hotelInputSchema })),
  createHref: '/app/hotels/create',
  editHref: (row) => `/app/hotels/edit/${row.id}`,
  // A new hotel has no rooms yet: saving it leads to adding them (its rooms, the create dialog open on it).
  nextAfterCreate: (saved) => `/app/rooms?hotel_id=${saved.id}&create=1`,
  transformRow: (row) => initialValues(fields, 'edit', hotelRowForForm(row as Partial<HotelDetail> & ResourceRow)),
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
