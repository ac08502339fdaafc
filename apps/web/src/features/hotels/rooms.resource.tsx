import { IconCalendar } from '@tabler/icons-react'
import { roomInputSchema } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { RoomAttributesField } from './RoomAttributesField'

const whole = { min: 0, step: 1, decimalScale: 0 }

/**
 * /app/rooms (catalogue-availability §2 Rooms, checklist D): the list with
 * its hotel filter and the create/edit dialog: the hotel (all hotels of the
 * company, drafts too), the room's numbers, its image, and its attribute
 * values grouped by attribute group. The availability action opens the room's
 * calendar; it and edit need `room_update`, delete `room_delete`.
 */
export default defineResource({
  name: 'rooms',
  permission: 'room',
  dense: true,
  columns: [
    col.text('name'),
    col.text('code', { width: 70 }),
    col.relation('hotel', 'hotel.name'),
    col.money('price', { width: 104 }),
    col.text('room_stock', { width: 56 }),
    col.text('beds', { width: 60 }),
    col.text('room_size', { width: 56 }),
    col.text('max_adult', { width: 62 }),
    col.text('max_children', { width: 66 }),
    col.text('min_stay', { width: 76 }),
    col.yesNo('is_active', { width: 60 }),
    col.date('created_at', { width: 80 }),
  ],
  filters: [
    {
      name: 'hotel_id',
      source: { resource: 'hotels', labelKey: 'name', params: { is_active: undefined, sort_by: 'name', order_by: 'asc' } },
    },
  ],
  rowActions: [
    {
      key: 'availability',
      labelKey: 'resources.rooms.availability',
      icon: IconCalendar,
      color: 'teal',
      permission: 'update',
      href: (row) => `/app/rooms/${row.id}/availability`,
    },
  ],
  sections: [{ key: 'main' }, { key: 'capacity' }, { key: 'attributes' }],
  fields: [
    field.select('hotel_id', {
      searchable: true,
      source: { resource: 'hotels', labelKey: 'name', params: { is_active: undefined, sort_by: 'name', order_by: 'asc' } },
    }),
    field.text('name', { span: 8 }),
    field.text('code', { span: 4 }),
    field.money('price', { span: 6 }),
    field.active('is_active', { span: 6 }),
    field.number('room_stock', { section: 'capacity', span: 4, ...whole }),
    field.number('beds', { section: 'capacity', span: 4, ...whole, min: 1 }),
    field.number('room_size', { section: 'capacity', span: 4, min: 0, decimalScale: 2 }),
    field.number('max_adult', { section: 'capacity', span: 4, ...whole, min: 1 }),
    field.number('max_children', { section: 'capacity', span: 4, ...whole }),
    field.number('min_stay', { section: 'capacity', span: 4, ...whole, min: 1 }),
    field.image('featured_image', { section: 'capacity' }),
    field.custom('attributes_list', {
      section: 'attributes',
      initial: [],
      required: false,
      render: (p) => <RoomAttributesField {...p} />,
    }),
  ],
  schema: roomInputSchema,
  modalSize: 'lg',
  loadDetail: true,
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
