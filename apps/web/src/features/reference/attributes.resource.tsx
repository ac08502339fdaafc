import { attributeInputSchema } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { localNameColumn, localNameFields } from './reference'

/**
 * /app/attribute: attribute values, each in a group. API `/api/v1/attributes`,
 * permissions `attribute_*`. The group select offers active groups only.
 */
export default defineResource({
  name: 'attributes',
  permission: 'attribute',
  columns: [
    col.relation('group', 'group.name'),
    localNameColumn({ identity: true }),
    col.text('slug', { secondary: true }),
    col.text('description', { sort: false, hiddenBelow: 'sm' }),
    col.yesNo('is_active'),
    col.date('created_at'),
  ],
  fields: [
    field.select('group_id', { source: { resource: 'group_attributes', labelKey: 'name' }, searchable: true }),
    field.text('name', { span: 6 }),
    field.slug('slug', { span: 6 }),
    ...localNameFields(),
    field.textarea('description'),
    field.active(),
  ],
  schema: attributeInputSchema,
  modalSize: 'default',
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
