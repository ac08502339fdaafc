import { IconCopy } from '@tabler/icons-react'
import {
  createRoleSchema,
  RELOAD_DELAY_MS,
  SEEDED_ROLE_NAMES,
  SUPER_ROLE_NAMES,
  updateRoleSchema,
  type RoleRow,
} from '@app/shared'
import { col, defineResource, field, type FieldContext } from '../../components/resource'
import { api } from '../../lib/api-client'
import { PermissionMatrix } from './PermissionMatrix'
import { roleLabel } from '../../lib/display-names'

type Row = RoleRow

const isSuper = (row?: Row) => !!row && row.is_default && SUPER_ROLE_NAMES.includes(row.name)
const isSeeded = (row?: Row) => !!row && row.is_default && SEEDED_ROLE_NAMES.includes(row.name)
const editingSuper = ({ mode, row }: FieldContext<Row>) => mode === 'edit' && isSuper(row)

/**
 * /app/roles (spec §2): very wide dialogs holding the permission matrix; the
 * owner's name and permissions are locked; default roles are not deletable;
 * duplicate asks first (orange); after an edit the page reloads at /app/roles so
 * a change to one's own role shows at once.
 */
export default defineResource<Row>({
  name: 'roles',
  permission: 'role',
  columns: [
    col.code('name'),
    col.custom('display_name', (row, { t }) => roleLabel(t, row)),
    col.yesNo('is_default'),
    col.text('users_count', { sort: false, hiddenBelow: 'sm' }),
    col.date('created_at', { hiddenBelow: 'sm' }),
  ],
  fields: [
    field.text('name', { span: 4, disabled: editingSuper }),
    field.text('display_name', { span: 4 }),
    field.yesNo('is_default', { span: 4, initial: false, disabled: ({ mode, row }) => mode === 'edit' && isSeeded(row) }),
    field.custom('permission_list', {
      initial: [],
      disabled: editingSuper,
      render: (p) => <PermissionMatrix {...p} />,
    }),
  ],
  schema: createRoleSchema,
  updateSchema: updateRoleSchema,
  modalSize: 1180,
  loadDetail: true,
  transformRow: (row) => ({
    name: row.name,
    display_name: row.display_name,
    is_default: row.is_default,
    permission_list: row.permission_list ?? [],
  }),
  disableDelete: (row) => row.is_default,
  // A seeded role by its name in the reader's language, not its code.
  rowTitle: (row, t) => roleLabel(t, row),
  rowActions: [
    {
      key: 'duplicate',
      labelKey: 'actions.duplicate',
      icon: IconCopy,
      color: 'orange',
      permission: 'create',
      confirm: {
        titleKey: 'confirm.duplicate_title',
        messageKey: 'confirm.duplicate_message',
        confirmLabelKey: 'actions.duplicate',
        color: 'orange',
        successTitleKey: 'notify.duplicated_title',
        successKey: 'notify.duplicated',
        failedTitleKey: 'notify.duplicate_failed_title',
        request: (row) => api.post(`/actions_user/role_duplicate/${row.id}`),
      },
    },
  ],
  onSaved: ({ mode }) => {
    if (mode === 'edit') window.setTimeout(() => window.location.assign('/app/roles'), RELOAD_DELAY_MS)
  },
})
