import { GROUP_ATTRIBUTE_TYPES, OPTION_TYPES, groupAttributeInputSchema } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'

const typeColors = { train: 'grape', transportation: 'cyan', room: 'teal' } as const

/** /app/group_attribute: API `/api/v1/group_attributes`, permissions `group_attribute_*`. */
export default defineResource({
  name: 'group_attributes',
  permission: 'group_attribute',
  columns: [
    col.text('name'),
    col.badge('type', { colors: typeColors, labelPrefix: 'resources.group_attributes.types.' }),
    col.date('created_at'),
  ],
  fields: [
    field.text('name'),
    field.select('type', {
      span: 6,
      options: GROUP_ATTRIBUTE_TYPES.map((v) => ({ value: v, labelKey: `resources.group_attributes.types.${v}` })),
    }),
    field.select('option_type', {
      span: 6,
      initial: 'checkbox',
      options: OPTION_TYPES.map((v) => ({ value: v, labelKey: `resources.group_attributes.option_types.${v}` })),
    }),
    field.active(),
  ],
  schema: groupAttributeInputSchema,
  modalSize: 'md',
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
