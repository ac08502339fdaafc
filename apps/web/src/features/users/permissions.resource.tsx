import { createPermissionSchema, type PermissionRow } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { permissionLabel } from '../../lib/display-names'

type Row = PermissionRow & { id: number }

/**
 * The permission catalogue's declaration: the create dialog of the platform
 * master (permission_create) on the grouped /app/permissions screen
 * (PermissionsPage). Permissions are never edited or deleted (the API refuses it).
 */
export default defineResource<Row>({
  name: 'permissions',
  permission: 'permission',
  columns: [
    col.code('name'),
    col.custom('display_name', (row, { t }) => permissionLabel(t, row)),
    col.date('created_at', { hiddenBelow: 'sm' }),
  ],
  fields: [field.text('name', { autoComplete: 'off' }), field.text('display_name')],
  schema: createPermissionSchema,
  modalSize: 'md',
  defaultSort: 'name',
  defaultOrder: 'asc',
  disableEdit: true,
  disableDelete: true,
  rowTitle: (row, t) => permissionLabel(t, row),
})
