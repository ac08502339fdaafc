import { and, eq, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { ATTRIBUTE_SORTABLE, GROUP_ATTRIBUTE_TYPES, attributeInputSchema, attributeSchema, queryId } from '@app/shared'
import { defineResource, type WriteContext } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import { attributes, groupAttributes } from '../../db/schema/index.js'
import { unprocessable } from '../../lib/errors.js'
import { exportColumns, isActiveFilter } from './shared.js'

async function prepare(input: z.infer<typeof attributeInputSchema>, { tx, auth, existing }: WriteContext) {
  const [group] = await tx
    .select({ id: groupAttributes.id })
    .from(groupAttributes)
    .where(and(eq(groupAttributes.id, input.group_id), eq(groupAttributes.company_id, auth.companyId)))
  // Another company's group is reported exactly like a missing one.
  if (!group) throw unprocessable({ group_id: ['field.not_found'] })
  const slug =
    input.slug ||
    (await uniqueSlugFromName(tx, attributes, auth.companyId, input.name, 'attribute', existing?.id as number | undefined))
  return { name: input.name, slug, description: input.description, is_active: input.is_active, group_id: input.group_id }
}

/** Attribute values, each in one group; list rows carry `group: {id, name, type}`. */
export const attributesResource = defineResource({
  name: 'attributes',
  entity: 'attribute',
  table: attributes,
  input: attributeInputSchema,
  join: (qb) => qb.innerJoin(groupAttributes, eq(groupAttributes.id, attributes.group_id)),
  searchable: [attributes.name],
  sortable: ATTRIBUTE_SORTABLE,
  sortExpressions: { group: groupAttributes.name },
  defaultSort: 'created_at',
  filters: {
    group_id: {
      schema: queryId(),
      where: (v: number): SQL => eq(attributes.group_id, v),
    },
    // The catalogue forms ask for the values of one kind of group (spec: group_name=transportation).
    group_name: {
      schema: z.enum(GROUP_ATTRIBUTE_TYPES),
      where: (v: (typeof GROUP_ATTRIBUTE_TYPES)[number]): SQL => eq(groupAttributes.type, v),
    },
    ...isActiveFilter(attributes.is_active),
  },
  // group_name filters on the joined group, so it is counted, not read from a counter.
  counters: { by: { group_id: attributes.group_id, is_active: attributes.is_active } },
  fields: {
    id: attributes.id,
    name: attributes.name,
    name_en: attributes.name_en,
    name_id: attributes.name_id,
    slug: attributes.slug,
    description: attributes.description,
    is_active: attributes.is_active,
    group_id: attributes.group_id,
    group: { id: groupAttributes.id, name: groupAttributes.name, type: groupAttributes.type },
    created_at: attributes.created_at,
  },
  exportColumns: [
    ...exportColumns('id', 'name', 'slug', 'description', 'is_active', 'created_at'),
    { header: 'group', value: (row) => (row.group as { name: string }).name },
  ],
  row: attributeSchema,
  prepare,
})
