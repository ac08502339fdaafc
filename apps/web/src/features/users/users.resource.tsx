import { Badge, type MantineColor } from '@mantine/core'
import { createUserSchema, updateUserSchema, USER_STATUSES, type UserRow } from '@app/shared'
import { col, defineResource, field, type FieldContext } from '../../components/resource'
import type { Me } from '../../lib/permissions'
import { roleLabel } from '../../lib/display-names'

/** Role badge colours of spec §6; any other role is blue. */
export const ROLE_COLORS: Record<string, MantineColor> = {
  master: 'orange',
  finance: 'teal',
  marketing: 'violet',
  operator: 'lime',
  client: 'pink',
  owner: 'indigo',
  supplier: 'orange',
}
export const STATUS_COLORS: Record<string, MantineColor> = { pending: 'orange', active: 'green', blocked: 'red' }

type Row = UserRow & { id: number }

/** The caller's company (the platform master also lists other companies' users, read-only here). */
const companyOf = (me: Me | undefined) => (me?.company as { id?: number } | null | undefined)?.id
const foreign = (row: Row, me: Me | undefined) => companyOf(me) !== undefined && row.company_id !== companyOf(me)
const editingSelf = ({ mode, row, me }: FieldContext<Row>) => mode === 'edit' && !!row && row.id === me?.id

/** The browser's time zone, so the export's dates read as the list's. */
const timeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
})()

/** /app/users (spec §2): large dialogs, role and status badges, Export/Import menu with an .xlsx export. */
export default defineResource<Row>({
  name: 'users',
  permission: 'user',
  columns: [
    col.text('name'),
    col.text('username', { hiddenBelow: 'md' }),
    col.text('email', { width: 190 }),
    col.text('phone', { hiddenBelow: 'lg', width: 130 }),
    col.custom(
      'role',
      (row, { t }) => (
        <Badge color={ROLE_COLORS[row.role?.name] ?? 'blue'} variant="light" radius="sm" maw="100%">
          {roleLabel(t, row.role)}
        </Badge>
      ),
      { sort: 'role', width: 120 },
    ),
    col.badge('status', { colors: STATUS_COLORS, labelPrefix: 'resources.users.statuses.', width: 100 }),
    col.datetime('created_at', { hiddenBelow: 'sm' }),
  ],
  fields: [
    field.text('name', { span: 6 }),
    field.text('username', { span: 6, autoComplete: 'off' }),
    field.text('email', { span: 6, type: 'email', autoComplete: 'off' }),
    field.text('phone', { span: 6, type: 'tel' }),
    field.select('role_id', {
      span: 6,
      source: {
        resource: 'roles',
        labelKey: 'display_name',
        label: (row, t) => roleLabel(t, { name: String(row.name), display_name: row.display_name as string }),
        params: { is_active: undefined, sort_by: 'display_name', order_by: 'asc' },
      },
      disabled: editingSelf,
    }),
    // Starts at the server's default (active: the schema's default), never empty.
    field.select('status', {
      span: 6,
      required: true,
      options: USER_STATUSES.map((s) => ({ value: s, labelKey: `resources.users.statuses.${s}` })),
      disabled: editingSelf,
    }),
    field.password('password', { span: 6 }),
    field.password('password_confirmation', { span: 6, purpose: 'confirmation' }),
  ],
  schema: createUserSchema,
  updateSchema: updateUserSchema,
  modalSize: 'lg',
  exportFormat: 'xlsx',
  exportMenu: true,
  listParams: { tz: timeZone },
  disableEdit: (row, me) => foreign(row, me),
  // Nobody deletes themself; the server also keeps the last owner.
  disableDelete: (row, me) => foreign(row, me) || row.id === me?.id,
  transformRow: (row) => ({
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone ?? '',
    role_id: row.role_id,
    status: row.status,
    password: '',
    password_confirmation: '',
  }),
})
