import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { createPermissionSchema, PERMISSION_SORTABLE } from '@app/shared'
import { defineResource, idParams } from '../../crud/resource.js'
import { permissions } from '../../db/schema/index.js'
import { HttpError } from '../../lib/errors.js'
import '../users/messages.js'

/**
 * The platform catalogue (DESIGN §5): listed to every holder of
 * permission_list, not company-scoped; only permission_create holders (the
 * platform master) add to it. A permission's name is what routes check, so it
 * never changes and none is deleted.
 */
export const permissionsResource = defineResource({
  name: 'permissions',
  entity: 'permission',
  table: permissions,
  companyScoped: false,
  input: createPermissionSchema,
  fields: {
    id: permissions.id,
    name: permissions.name,
    display_name: permissions.display_name,
    created_at: permissions.created_at,
  },
  searchable: [permissions.name, permissions.display_name],
  sortable: PERMISSION_SORTABLE,
  defaultSort: 'created_at',
  disable: ['update', 'delete'],
  counters: {},
  exportColumns: [
    { header: 'id', value: (r) => r.id },
    { header: 'name', value: (r) => r.name },
    { header: 'display_name', value: (r) => r.display_name },
    { header: 'created_at', value: (r) => r.created_at },
  ],
})

const permissionsModule: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  await app.register(permissionsResource.plugin)
  // Refused on purpose, with a message, rather than left to a bare 404.
  const immutable = async () => {
    throw new HttpError(405, 'permissions.immutable', {}, undefined, { allow: 'GET' })
  }
  const schema = { tags: ['permissions'], params: idParams }
  app.put('/permissions/:id', { schema, config: { access: 'permission_update' } }, immutable)
  app.delete('/permissions/:id', { schema, config: { access: 'permission_delete' } }, immutable)
}
export default permissionsModule
