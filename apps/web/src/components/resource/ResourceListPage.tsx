import { useMemo, useState } from 'react'
import { Alert, Badge, Button, CloseButton, Group, Paper, Stack, TextInput, Title, useMantineTheme } from '@mantine/core'
import { useViewportSize } from '@mantine/hooks'
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react'
import { DataTable, type DataTableColumn } from 'mantine-datatable'
import 'mantine-datatable/styles.css'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PAGE_SIZES } from '@app/shared'
import { can, useMe, type Me } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { actionPermission, type ResourceDefinition, type ResourceRow } from './define'
import { ExportControl } from './ExportControl'
import { resourceLabels } from './labels'
import { ListFilters } from './ListFilters'
import { PermissionDenied } from './PermissionDenied'
import { RowActionsCell } from './RowActionsCell'
import { actionsWidth, CellText, columnWidth, tableMinWidth } from './table-layout'
import './table-layout.css'
import { TableSkeleton } from './TableSkeleton'
import { useSortIconLabels } from './use-sort-icon-labels'
import { useListQuery } from './use-list-query'
import { useRowDialogs } from './row-dialogs'
import { listQuery } from './use-resource'

/**
 * The one list screen (DESIGN §8): title, search (debounced, back to page 1),
 * export, create, sortable server-paged table, edit/delete/extra row actions,
 * the create/edit dialog and the delete confirmation, all driven by a
 * `defineResource()` declaration. Without `<entity>_list` the page is a
 * PermissionDenied view.
 */
export function ResourceListPage<R extends ResourceRow>({ resource }: { resource: ResourceDefinition<R> }) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  useDocumentTitle(resourceLabels(resource, t).title())
  if (!can(me, resource.perm('list'))) return <PermissionDenied />
  return <ResourceList resource={resource} me={me} />
}

function ResourceList<R extends ResourceRow>({ resource, me }: { resource: ResourceDefinition<R>; me: Me | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const labels = resourceLabels(resource, t)
  const q = useListQuery(resource)
  const { list, rows } = q
  const { openEdit, openCreate, askDelete, askConfirm, reload, dialogs } = useRowDialogs(resource)

  // A custom page form (createHref/editHref without fields) also counts as a form.
  const canCreate =
    !resource.disableCreate &&
    !!(resource.fields?.length || resource.DialogBody || resource.createHref) &&
    can(me, resource.perm('create'))
  const canUpdate = !!(resource.fields?.length || resource.DialogBody || resource.editHref) && can(me, resource.perm('update'))
  const canDelete = !resource.hideDelete && can(me, resource.perm('delete'))

  const visibleActions = (resource.rowActions ?? []).filter((a) => can(me, actionPermission(resource.permission, a.permission)))
  const hasActionColumn = canUpdate || canDelete || visibleActions.length > 0
  const actionIcons = visibleActions.length + Number(canUpdate) + Number(canDelete)
  const dense = !!resource.dense

  // Columns hidden below a breakpoint (hiddenBelow) do not count towards the table's smallest width.
  const theme = useMantineTheme()
  const { width: viewportWidth } = useViewportSize()
  const shown = (c: (typeof resource.columns)[number]) =>
    !c.hiddenBelow || viewportWidth === 0 || viewportWidth >= parseFloat(theme.breakpoints[c.hiddenBelow]) * 16
  const minWidth = tableMinWidth(resource.columns, hasActionColumn ? actionsWidth(actionIcons, dense) : 0, shown, dense)

  const columns = useMemo<DataTableColumn<R>[]>(() => {
    const cols: DataTableColumn<R>[] = resource.columns.map((c) => ({
      accessor: c.key,
      title: c.hintKey ? <span title={t(c.hintKey)}>{labels.field(c.key, c.labelKey)}</span> : labels.field(c.key, c.labelKey),
      sortable: c.sort !== false,
      sortKey: c.sort === false ? undefined : (c.sort ?? c.key),
      width: columnWidth(c),
      textAlign: c.align,
      visibleMediaQuery: c.hiddenBelow ? (theme) => `(min-width: ${theme.breakpoints[c.hiddenBelow!]})` : undefined,
      render: (row: R) => <CellText>{c.render(row, { t })}</CellText>,
    }))
    if (hasActionColumn) {
      cols.push({
        accessor: '__actions',
        title: t('actions.actions'),
        textAlign: 'right',
        width: actionsWidth(actionIcons, dense),
        sortable: false,
        render: (row: R) => (
          <RowActionsCell
            resource={resource}
            row={row}
            me={me}
            actions={visibleActions}
            canUpdate={canUpdate}
            canDelete={canDelete}
            dense={dense}
            context={{ reload, openEdit, navigate: (to) => void navigate(to) }}
            onEdit={openEdit}
            onDelete={askDelete}
            onConfirm={askConfirm}
          />
        ),
      })
    }
    return cols
    // `t` changes with the language; the rest with the declaration and permissions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, me, canUpdate, canDelete, hasActionColumn, actionIcons, dense])

  const pagination = list.data?.pagination
  const [table, setTable] = useState<HTMLTableElement | null>(null)
  useSortIconLabels(table)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="nowrap">
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {labels.title()}
          </Title>
          {pagination && (
            <Badge variant="light" color="gray" radius="sm" aria-label={t('table.total', { total: pagination.total })}>
              {pagination.total}
            </Badge>
          )}
        </Group>
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} shadow="xs">
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <TextInput
              value={q.search}
              onChange={(e) => q.changeSearch(e.currentTarget.value)}
              placeholder={t('table.search_placeholder')}
              aria-label={t('actions.search')}
              leftSection={<IconSearch size={16} />}
              rightSection={
                q.search ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('actions.clear')}
                    onClick={() => q.changeSearch('')}
                  />
                ) : null
              }
              w={{ base: '100%', sm: 320 }}
            />
            <Group gap="xs" wrap="wrap" justify="flex-end">
              <ListFilters resource={resource} value={q.filters} onChange={q.changeFilters} />
              <ExportControl
                resource={resource}
                me={me}
                query={listQuery(resource as unknown as ResourceDefinition, { ...q.params, page: 0 })}
              />
              {canCreate && (
                <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
                  {t('actions.create')}
                </Button>
              )}
            </Group>
          </Group>

          <ListFilters resource={resource} value={q.filters} onChange={q.changeFilters} tabs />

          {list.isError ? (
            // One clear message and a way out; the server's words are for the log, not the screen.
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('alert.title')}>
              <Stack gap="sm" align="flex-start">
                {t('alert.list_failed')}
                <Button size="xs" variant="light" color="red" loading={list.isFetching} onClick={() => void list.refetch()}>
                  {t('alert.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : list.isPending ? (
            <TableSkeleton columns={columns.map((c) => c.title)} />
          ) : (
            <DataTable<R>
              tableRef={setTable}
              // A table wider than its room scrolls sideways: its viewport takes focus so the keyboard can scroll it.
              scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
              idAccessor="id"
              pinLastColumn={hasActionColumn}
              records={rows ?? []}
              columns={columns}
              fetching={list.isFetching && !list.isPending}
              loaderBackgroundBlur={1}
              minHeight={rows && rows.length > 0 ? undefined : 220}
              noRecordsText={t('table.no_records')}
              highlightOnHover
              striped
              verticalSpacing="sm"
              horizontalSpacing={resource.dense ? 4 : 'sm'}
              withTableBorder={false}
              // Fixed layout: widths from the header, never from the rows (see table-layout.tsx).
              styles={{
                table: { tableLayout: 'fixed', minWidth, fontSize: resource.dense ? 'var(--mantine-font-size-xs)' : undefined },
              }}
              classNames={{ table: resource.dense ? 'resource-table resource-table-dense' : 'resource-table' }}
              sortStatus={q.sortStatus}
              onSortStatusChange={q.changeSort}
              page={q.page + 1}
              onPageChange={(p) => q.setPage(p - 1)}
              totalRecords={pagination?.total ?? 0}
              recordsPerPage={q.size}
              recordsPerPageOptions={[...PAGE_SIZES]}
              onRecordsPerPageChange={q.changeSize}
              recordsPerPageLabel={t('table.per_page')}
              paginationText={({ from, to, totalRecords }) => t('table.pagination', { from, to, total: totalRecords })}
              getPaginationControlProps={(control) => ({ 'aria-label': t(`table.page_${control}`) })}
              paginationWithEdges
            />
          )}
        </Stack>
      </Paper>

      {dialogs}
    </Stack>
  )
}
