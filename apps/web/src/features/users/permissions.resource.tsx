import { IconPencil, IconTrash } from '@tabler/icons-react'
import { createPermissionSchema, type PermissionRow } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { can } from '../../lib/permissions'
import { permissionLabel } from '../../lib/display-names'

type Row = PermissionRow & { id: number }

/**
 * /app/permissions (spec §2): the platform catalogue. Creating needs
 * permission_create (the platform master); edit and delete are always
 * disabled, as the API refuses them.
 */
export default defineResource<Row>({
  name: 'permissions',
  permission: 'permission',
  columns: [
    col.text('name'),
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
  // Shown disabled to everyone (the generic buttons appear only with permission_update / _delete).
  rowActions: [
    {
      key: 'edit_disabled',
      labelKey: 'resources.permissions.edit_disabled',
      icon: IconPencil,
      disabled: () => true,
      hidden: (_row, me) => can(me, 'permission_update'),
    },
    {
      key: 'delete_disabled',
      labelKey: 'resources.permissions.delete_disabled',
      icon: IconTrash,
      color: 'red',
      disabled: () => true,
      hidden: (_row, me) => can(me, 'permission_delete'),
    },
  ],
})
