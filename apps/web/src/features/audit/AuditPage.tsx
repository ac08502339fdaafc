import { Fragment, useState } from 'react'
import { ActionIcon, Alert, Button, Grid, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconChevronDown, IconChevronRight, IconDownload } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { ENTITIES, type AuditRow } from '@app/shared'
import { ChangeDiff } from '../../components/audit/ChangeDiff'
import { actionLabel, auditFieldLabel, entityLabel } from '../../components/audit/labels'
import { useAuditPages } from '../../components/audit/use-audit'
import { field, FieldInput, PermissionDenied, type FieldDef } from '../../components/resource'
import { api, saveFile, type QueryParams } from '../../lib/api-client'
import { roleLabel } from '../../lib/display-names'
import { formatDateTime } from '../../lib/format'
import { notifyError } from '../../lib/notify'
import { can, useMe } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { RetentionPanel } from './RetentionPanel'

/** Actions the audit trail writes (docs/decisions/audit.md); routes named by their URL show as stored. */
const AUDIT_ACTIONS = [
  'create',
  'update',
  'status',
  'block',
  'delete',
  'range',
  'approval',
  'import',
  'sign_in',
  'sign_out',
  'sign_in_failed',
]
/** Entities besides the permission catalogue's: the sign-in routes' rows. */
const OTHER_ENTITIES = ['session', 'auth']

type Filters = {
  user_id: number | null
  entity: string | null
  record_id: string
  action: string | null
  dates: [string | null, string | null]
}
const EMPTY: Filters = { user_id: null, entity: null, record_id: '', action: null, dates: [null, null] }

/** The filter form's values as the API's query: ids as numbers, days as `from`/`to` (YYYY-MM-DD), blanks left out. */
function toQuery(f: Filters): QueryParams {
  const id = f.record_id.trim()
  return {
    user_id: f.user_id ?? undefined,
    entity: f.entity ?? undefined,
    record_id: /^\d+$/.test(id) ? Number(id) : undefined,
    action: f.action ?? undefined,
    from: f.dates[0] ?? undefined,
    to: f.dates[1] ?? f.dates[0] ?? undefined,
  }
}

/**
 * /app/audit (issue 30): who changed what. Filters by user, entity, record, action and days (DD-MM-YYYY),
 * drawn by the form engine's own inputs; the rows come in keyset pages of `GET /audit`, newest first ("Older"
 * asks for the next page: no page numbers, no total over millions of rows, so not the list engine's table);
 * a row opens its change as before → after; Export streams the filtered rows as CSV.
 */
export default function AuditPage() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const title = t('audit.title')
  useDocumentTitle(title)
  const form = useForm<Filters>({ mode: 'controlled', initialValues: EMPTY })
  const [applied, setApplied] = useState<QueryParams>({})
  const [open, setOpen] = useState<number | null>(null)
  const [exporting, setExporting] = useState(false)
  const pages = useAuditPages(applied, can(me, 'audit_list'))
  if (!can(me, 'audit_list')) return <PermissionDenied />

  const fields: FieldDef[] = [
    field.select('user_id', {
      labelKey: 'audit.filters.user',
      searchable: true,
      clearable: true,
      source: { resource: 'users', labelKey: 'name', params: { is_active: undefined } },
      span: 4,
    }),
    field.select('entity', {
      labelKey: 'audit.filters.entity',
      searchable: true,
      clearable: true,
      options: [...ENTITIES, ...OTHER_ENTITIES].map((e) => ({ value: e, label: entityLabel(t, e) })),
      span: 4,
    }),
    field.text('record_id', { labelKey: 'audit.filters.record', span: 4 }),
    field.select('action', {
      labelKey: 'audit.filters.action',
      clearable: true,
      options: AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(t, a) })),
      span: 4,
    }),
    field.dateRange('dates', { labelKey: 'audit.filters.dates', span: 8 }),
  ]
  const ctx = { mode: 'create' as const, values: form.getValues() as never, me }
  const rows: AuditRow[] = pages.data?.pages.flatMap((p) => p.data) ?? []

  const exportRows = async () => {
    setExporting(true)
    const res = await api.download('/audit/export', applied, 'audit.csv')
    setExporting(false)
    if (res.ok) saveFile(res.data)
    else notifyError(t('audit.export_failed'), res.error.message)
  }

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        aria-label={t('audit.filters.title')}
        onSubmit={form.onSubmit((v) => setApplied(toQuery(v)))}
      >
        <Grid gap="sm">
          {fields.map((f) => (
            <Grid.Col key={f.name} span={{ base: 12, sm: f.span ?? 12 }}>
              <FieldInput field={f} form={form as never} label={t(f.labelKey!)} required={false} {...ctx} />
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button
            variant="default"
            onClick={() => {
              form.setValues(EMPTY)
              setApplied({})
            }}
          >
            {t('audit.filters.reset')}
          </Button>
          <Button type="submit">{t('audit.filters.apply')}</Button>
          {can(me, 'audit_export') && (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={exporting}
              onClick={() => void exportRows()}
            >
              {t('audit.export')}
            </Button>
          )}
        </Group>
      </Paper>
      {pages.isError ? (
        <Alert color="red">{(pages.error as { message?: string }).message ?? t('alert.load_failed')}</Alert>
      ) : pages.isPending ? (
        <Skeleton h={240} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover verticalSpacing="xs" aria-label={title}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32} />
                  <Table.Th>{t('audit.columns.at')}</Table.Th>
                  <Table.Th>{t('audit.columns.user')}</Table.Th>
                  <Table.Th>{t('audit.columns.role')}</Table.Th>
                  <Table.Th>{t('audit.columns.entity')}</Table.Th>
                  <Table.Th>{t('audit.columns.record')}</Table.Th>
                  <Table.Th>{t('audit.columns.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('table.no_records')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row) => (
                  <Fragment key={row.id}>
                    <Table.Tr onClick={() => setOpen(open === row.id ? null : row.id)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t('audit.show_change')}
                          aria-expanded={open === row.id}
                        >
                          {open === row.id ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td>{formatDateTime(row.at)}</Table.Td>
                      <Table.Td>{row.user_name ?? t('audit.someone')}</Table.Td>
                      <Table.Td>{row.role_name ? roleLabel(t, { name: row.role_name }) : '-'}</Table.Td>
                      <Table.Td>{entityLabel(t, row.entity)}</Table.Td>
                      <Table.Td>{row.record_id ?? '-'}</Table.Td>
                      <Table.Td>{actionLabel(t, row.action)}</Table.Td>
                    </Table.Tr>
                    {open === row.id && (
                      <Table.Tr>
                        <Table.Td colSpan={7} bg="var(--mantine-color-gray-light)">
                          <Stack gap={6} p="xs">
                            <Text size="xs" c="dimmed">
                              {t('audit.from', { ip: row.ip ?? '-', agent: row.user_agent ?? '-' })}
                            </Text>
                            <ChangeDiff change={row.change} fieldLabel={(f) => auditFieldLabel(t, row.entity, f, row.action)} />
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages.hasNextPage && (
            <Group justify="center" p="sm">
              <Button variant="subtle" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {t('audit.older')}
              </Button>
            </Group>
          )}
        </Paper>
      )}
      <RetentionPanel />
    </Stack>
  )
}
