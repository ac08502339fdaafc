import { REFERENCE_RESOURCES, REFERENCE_SORTABLE, referenceInputSchema, referenceSchema } from '@app/shared'
import { defineResource } from '../../crud/resource.js'
import { uniqueSlugFromName } from '../../crud/slug.js'
import { areas, categories, facilities, services, types } from '../../db/schema/index.js'
import { exportColumns, isActiveFilter } from './shared.js'

const tables = { facilities, categories, services, types, areas }

/**
 * The five identical reference lists (spec §2, §3): one declaration each,
 * differing only in URL, table and permission entity.
 */
export const referenceResources = REFERENCE_RESOURCES.map(({ name, entity }) => {
  const table = tables[name]
  return defineResource({
    name,
    entity,
    table,
    input: referenceInputSchema,
    // An empty slug is made from the name, unique within the company (as attributes and locations do).
    prepare: async (input, { tx, auth, existing }) => ({
      ...input,
      slug:
        input.slug ||
        (await uniqueSlugFromName(tx, table, auth.companyId, input.name, entity, existing?.id as number | undefined)),
    }),
    searchable: [table.name],
    sortable: REFERENCE_SORTABLE,
    defaultSort: 'created_at',
    filters: isActiveFilter(table.is_active),
    counters: { by: { is_active: table.is_active } },
    fields: {
      id: table.id,
      name: table.name,
      name_en: table.name_en,
      name_id: table.name_id,
      slug: table.slug,
      description: table.description,
      is_active: table.is_active,
      created_at: table.created_at,
    },
    row: referenceSchema,
    exportColumns: exportColumns('id', 'name', 'slug', 'description', 'is_active', 'created_at'),
  })
})
