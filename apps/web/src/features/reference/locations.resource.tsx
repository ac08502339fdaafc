import { locationInputSchema, PUBLISH_STATUSES, type LocationDetail } from '@app/shared'
import { col, defineResource, field, positionFields, type FieldContext, type ResourceRow } from '../../components/resource'
import { formatCoordinate } from '../../lib/numbers'

const statusOptions = PUBLISH_STATUSES.map((value) => ({ value, labelKey: `resources.locations.statuses.${value}` }))

/**
 * What the parent select offers a location: every location of the company
 * but itself and the ones below it (a parent there would make a cycle; the
 * server refuses it too). A new location may take any parent.
 */
export function parentChoices(rows: ResourceRow[], { row }: Pick<FieldContext, 'row'>): ResourceRow[] {
  if (!row) return rows
  const below = new Set<unknown>([row.id])
  for (let grew = true; grew;) {
    grew = false
    for (const r of rows) {
      if (r.parent_id !== null && below.has(r.parent_id) && !below.has(r.id)) {
        below.add(r.id)
        grew = true
      }
    }
  }
  return rows.filter((r) => !below.has(r.id))
}

/**
 * /app/location (catalogue-availability §2, checklist B): the places hotels,
 * transportation and train routes are in. Create and edit are one large
 * dialog (lg, 960 px): names and texts, the position picked on the map, two
 * images, and the repeatable general information and trip ideas (one blank
 * entry of each to start; blank entries are not saved). Images upload at once
 * and the form sends their file names. Permissions `location_*`.
 */
export default defineResource<LocationDetail>({
  name: 'locations',
  permission: 'location',
  columns: [
    col.avatar('featured_image', { labelKey: 'resources.locations.fields.image', width: 88 }),
    col.text('name'),
    col.text('slug', { hiddenBelow: 'sm', secondary: true }),
    col.custom('lat', (row) => formatCoordinate(row.lat), { hiddenBelow: 'md', secondary: true }),
    col.custom('long', (row) => formatCoordinate(row.long), { hiddenBelow: 'md', secondary: true }),
    col.text('zoom', { hiddenBelow: 'md', secondary: true }),
    col.badge('status', { colors: { publish: 'green', draft: 'red' }, labelPrefix: 'resources.locations.statuses.' }),
    col.date('created_at', { hiddenBelow: 'sm' }),
  ],
  filters: [{ name: 'status', options: statusOptions }],
  sections: [{ key: 'main' }, { key: 'position' }, { key: 'images' }, { key: 'general_info' }, { key: 'trip_ideas' }],
  fields: [
    field.text('name', { span: 6 }),
    field.slug('slug', { span: 6 }),
    field.select('parent_id', {
      span: 6,
      searchable: true,
      source: {
        resource: 'locations',
        labelKey: 'name',
        params: { is_active: undefined, sort_by: 'name', order_by: 'asc' },
        filterRows: parentChoices,
      },
    }),
    field.select('status', { span: 6, options: statusOptions }),
    field.richText('description', { minHeight: 100 }),
    field.richText('description_en', { minHeight: 100 }),
    ...positionFields<LocationDetail>('position'),
    field.image('banner_image', { section: 'images', span: 6 }),
    field.image('featured_image', { section: 'images', span: 6 }),
    field.repeatable('general_info', {
      section: 'general_info',
      itemLabelKey: 'resources.locations.general_info_item',
      addLabelKey: 'resources.locations.add_general_info',
      fields: [field.text('title'), field.textarea('description', { rows: 2 }), field.richText('content', { minHeight: 90 })],
    }),
    field.repeatable('trip_ideas', {
      section: 'trip_ideas',
      itemLabelKey: 'resources.locations.trip_idea_item',
      addLabelKey: 'resources.locations.add_trip_idea',
      fields: [
        field.text('title', { span: 6 }),
        field.text('link', { span: 6, type: 'url' }),
        field.textarea('description', { rows: 2, span: 7 }),
        field.image('image', { span: 5 }),
      ],
    }),
  ],
  schema: locationInputSchema,
  modalSize: 'lg',
  loadDetail: true,
  defaultSort: 'created_at',
})
