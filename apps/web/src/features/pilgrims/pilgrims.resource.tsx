import { Group, Text } from '@mantine/core'
import { IconFileImport } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { GENDERS, MAHRAM_RELATIONS, PILGRIM_DOCUMENT_STATUSES, pilgrimInputSchema, todayIso } from '@app/shared'
import { col, defineResource, field, type FieldDef, type ResourceRow } from '../../components/resource'
import { formatDate } from '../../lib/format'
import { DocumentChips, DocumentsField } from './DocumentsField'
import { AgeRule, DuplicateHint, MahramRule, PassportRule } from './PilgrimRules'

const T = 'resources.pilgrims'
const options = (values: readonly (string | number)[], prefix: string) =>
  values.map((value) => ({ value: String(value), labelKey: `${T}.${prefix}.${value}` }))

/** "Passport expires within N months": the choices offered (the API takes any 0..120). */
const EXPIRY_WITHIN = [0, 3, 6, 12] as const

const fields: FieldDef<ResourceRow>[] = [
  // ---- identity
  field.text('full_name', { span: 8, descriptionKey: `${T}.full_name_hint` }),
  field.select('gender', { span: 4, options: options(GENDERS, 'genders') }),
  field.date('birth_date', { span: 4, maxDate: todayIso(), minDate: '1900-01-01' }),
  field.text('birth_place', { span: 4 }),
  field.custom('age', { span: 4, render: (p) => <AgeRule {...p} /> }),
  field.text('nationality', { span: 4, initial: 'ID', descriptionKey: `${T}.nationality_hint` }),
  field.text('nik', { span: 8, descriptionKey: `${T}.nik_hint` }),
  // Under the NIK (and for the passport number too): the pilgrim who already holds it, after a 409.
  field.custom('duplicate', { render: (p) => <DuplicateHint {...p} /> }),
  // ---- passport
  field.text('passport_number', { section: 'passport', span: 6 }),
  field.text('passport_office', { section: 'passport', span: 6 }),
  field.date('passport_issued', { section: 'passport', span: 4 }),
  field.date('passport_expiry', { section: 'passport', span: 4 }),
  field.custom('passport_validity', { section: 'passport', span: 4, render: (p) => <PassportRule {...p} /> }),
  // ---- contact
  field.text('phone', { section: 'contact', span: 6, type: 'tel', placeholderKey: `${T}.phone_placeholder` }),
  field.text('email', { section: 'contact', span: 6, type: 'email' }),
  field.textarea('address', { section: 'contact', span: 8, rows: 2 }),
  field.text('city', { section: 'contact', span: 4 }),
  field.text('emergency_name', { section: 'contact', span: 6 }),
  field.text('emergency_phone', { section: 'contact', span: 6, type: 'tel', placeholderKey: `${T}.phone_placeholder` }),
  // ---- mahram
  field.select('mahram_id', {
    section: 'mahram',
    span: 6,
    searchable: true,
    clearable: true,
    source: {
      resource: 'pilgrims',
      labelKey: 'full_name',
      params: { is_active: undefined, sort_by: 'full_name', order_by: 'asc' },
      // Never the pilgrim itself (the server refuses it too).
      filterRows: (rows, ctx) => rows.filter((r) => r.id !== ctx.row?.id),
    },
  }),
  field.select('mahram_relation', {
    section: 'mahram',
    span: 6,
    clearable: true,
    options: options(MAHRAM_RELATIONS, 'relations'),
  }),
  field.custom('mahram_rule', { section: 'mahram', render: (p) => <MahramRule {...p} /> }),
  // ---- health
  field.date('vaccine_date', { section: 'health', span: 6 }),
  field.text('vaccine_certificate', { section: 'health', span: 6 }),
  // ---- documents
  field.custom('documents', { section: 'documents', initial: [], render: (p) => <DocumentsField {...p} /> }),
  // ---- side column
  field.image('photo', { section: 'photo', descriptionKey: `${T}.photo_hint` }),
  field.textarea('notes', { section: 'photo', rows: 4 }),
]

/** Months left on the passport, red under the company's months (the list row carries both). */
function PassportCell({ row }: { row: ResourceRow }) {
  const { t } = useTranslation()
  const months = row.passport_months_left as number | null
  if (!row.passport_expiry) return <Text size="xs">-</Text>
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs">{formatDate(row.passport_expiry)}</Text>
      {months !== null && (
        <Text size="xs" c={row.passport_short ? 'red.9' : undefined} fw={row.passport_short ? 600 : undefined}>
          {t(`${T}.months_short`, { count: months })}
        </Text>
      )}
    </Group>
  )
}

/**
 * /app/pilgrims (issue 28): the register, with the full-page form at
 * /app/pilgrims/create and /app/pilgrims/edit/{id}. API `/api/v1/pilgrims`,
 * permissions `pilgrim_*`; document files need `pilgrim_documents`. The
 * Import button (for `pilgrim_import`) goes to the import screen (its own page, /app/pilgrims/import).
 */
export default defineResource<ResourceRow>({
  name: 'pilgrims',
  permission: 'pilgrim',
  dense: true,
  columns: [
    col.text('full_name', { labelKey: `${T}.columns.full_name` }),
    col.badge('gender', { width: 76, colors: { male: 'blue', female: 'pink' }, labelPrefix: `${T}.genders.` }),
    col.custom('age', (row) => (row.age === null || row.age === undefined ? '-' : String(row.age)), {
      width: 56,
      align: 'right',
      sort: 'birth_date',
      labelKey: `${T}.fields.age`,
    }),
    col.text('nik', { width: 140, hiddenBelow: 'md' }),
    col.text('passport_number', { width: 100 }),
    col.custom('passport_expiry', (row) => <PassportCell row={row} />, { width: 140, hiddenBelow: 'sm' }),
    col.text('phone', { width: 120, hiddenBelow: 'sm' }),
    col.text('city', { width: 90, hiddenBelow: 'xl' }),
    col.relation('mahram', 'mahram.full_name', { width: 120, sort: false, hiddenBelow: 'xl' }),
    col.custom(
      'documents',
      (row) => <DocumentChips documents={(row.documents as Array<{ type: string; status: string }>) ?? []} />,
      {
        sort: false,
        width: 180,
        hiddenBelow: 'sm',
      },
    ),
    col.date('created_at', { width: 84, hiddenBelow: 'xl' }),
  ],
  filters: [
    { name: 'gender', options: options(GENDERS, 'genders') },
    { name: 'document_status', options: options(PILGRIM_DOCUMENT_STATUSES, 'document_statuses') },
    { name: 'passport_expires_within', options: options(EXPIRY_WITHIN, 'expires_within') },
  ],
  sections: [
    { key: 'identity' },
    { key: 'passport' },
    { key: 'contact' },
    { key: 'mahram' },
    { key: 'health' },
    { key: 'documents' },
    { key: 'photo', side: true },
  ],
  fields,
  schema: pilgrimInputSchema,
  createHref: '/app/pilgrims/create',
  editHref: (row) => `/app/pilgrims/edit/${row.id}`,
  rowTitle: (row) => String(row.full_name ?? `#${row.id}`),
  links: [
    { key: 'import', labelKey: 'actions.import', icon: IconFileImport, permission: 'import', href: '/app/pilgrims/import' },
  ],
  defaultSort: 'created_at',
  exportFormats: ['csv', 'xlsx'],
})
