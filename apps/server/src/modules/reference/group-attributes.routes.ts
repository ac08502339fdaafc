import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { GROUP_ATTRIBUTE_SORTABLE, GROUP_ATTRIBUTE_TYPES, groupAttributeInputSchema, groupAttributeSchema } from '@app/shared'
import { defineResource } from '../../crud/resource.js'
import { groupAttributes } from '../../db/schema/index.js'
import { exportColumns, isActiveFilter } from './shared.js'

/** Attribute groups: the headings under which attribute values are picked in the catalogue forms. */
export const groupAttributesResource = defineResource({
  name: 'group_attributes',
  entity: 'group_attribute',
  table: groupAttributes,
  input: groupAttributeInputSchema,
  searchable: [groupAttributes.name],
  sortable: GROUP_ATTRIBUTE_SORTABLE,
  defaultSort: 'created_at',
  filters: {
    type: {
      schema: z.enum(GROUP_ATTRIBUTE_TYPES),
      where: (v: (typeof GROUP_ATTRIBUTE_TYPES)[number]) => eq(groupAttributes.type, v),
    },
    ...isActiveFilter(groupAttributes.is_active),
  },
  counters: { by: { type: groupAttributes.type, is_active: groupAttributes.is_active } },
  fields: {
    id: groupAttributes.id,
    name: groupAttributes.name,
    type: groupAttributes.type,
    option_type: groupAttributes.option_type,
    is_active: groupAttributes.is_active,
    created_at: groupAttributes.created_at,
  },
  exportColumns: exportColumns('id', 'name', 'type', 'option_type', 'is_active', 'created_at'),
  row: groupAttributeSchema,
  // A group that still has values is not deleted (DESIGN §3): its foreign key refuses, 409 with how many.
})
