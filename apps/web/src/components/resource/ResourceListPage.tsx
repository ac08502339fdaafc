import { useDeferredValue, useEffect, useState } from 'react'
import { Alert, Badge, Button, CloseButton, Group, Paper, Stack, TextInput, useMantineTheme } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react'
import { DataTable } from 'mantine-datatable'
import 'mantine-datatable/styles.css'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PAGE_SIZES } from '@app/shared'
import { can, useMe, type Me } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { useViewportWidth } from '../../lib/use-viewport-width'
import { ScreenHead } from '../ScreenHead'
import { ColumnChooser } from './ColumnChooser'
import { actionPermission, type ColumnDef, type ResourceDefinition, type ResourceRow } from './define'
import { ExportControl } from './ExportControl'
import { resourceLabels } from './labels'
import { ListFilters } from './ListFilters'
import { PermissionDenied } from './PermissionDenied'
import { RowActionsCell } from './RowActionsCell'
import { ListCards } from './ListCards'
import { useTableColumns } from './table-columns'
import { actionsWidth, tableMinWidth } from './table-layout'
import './table-layout.css'
import { CardsSkeleton, TableSkeleton } from './TableSkeleton'
import { useColumnChoice } from './use-column-choice'
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
  const { list } = q
  // A page's rows are drawn in the background, in slices (a transition), not in the one long task of the query's
  // update, which React runs synchronously; the placeholder stays until they are drawn (issue 33, "Phone").
  const rows = useDeferredValue(q.rows)
  const drawing = list.isPending || (rows === undefined && !!q.rows)
  const { openEdit, openCreate, askDelete, askConfirm, reload, dialogs } = useRowDialogs(resource)

  // A custom page form (createHref/editHref without fields) also counts as a form.
  const canCreate =
    !resource.disableCreate &&
    !!(resource.fields?.length || resource.DialogBody || resource.createHref) &&
    can(me, resource.perm('create'))
  const canUpdate = !!(resource.fields?.length || resource.DialogBody || resource.editHref) && can(me, resource.perm('update'))
  const canDelete = !resource.hideDelete && can(me, resource.perm('delete'))

  // `?create=1` (a page that leads here to add a row, e.g. a new hotel to its rooms): the create dialog opens
  // once, starting at the list's filter choices; the flag leaves the URL so back or a reload does not reopen it.
  const [query, setQuery] = useSearchParams()
  const createAsked = query.get('create') === '1'
  useEffect(() => {
    if (!createAsked) return
    setQuery(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.delete('create')
        return next
      },
      { replace: true },
    )
    if (canCreate) openCreate(q.filters)
    // Once per request: the flag is gone on the next render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [createAsked])

  const visibleActions = (resource.rowActions ?? []).filter((a) => can(me, actionPermission(resource.permission, a.permission)))
  const actionIcons = visibleActions.length + Number(canUpdate) + Number(canDelete)
  const dense = !!resource.dense
  const actionsCell = (row: R) => (
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
  )

  const choice = useColumnChoice(resource.name, resource.columns, me)
  // The identity column takes the room the fixed columns leave: a declared width would cut a long code.
  const chosen = resource.columns.filter(choice.isShown).map((c) => (c === choice.identity ? { ...c, width: undefined } : c))
  const identity = chosen.find((c) => c.key === choice.identity?.key)
  const columns = useTableColumns({ resource, shown: chosen, identity, actionIcons, actionsCell })
  const columnLabel = (c: ColumnDef<R>) => labels.field(c.key, c.labelKey)
  // A phone gets cards, never a table scrolling sideways (issue 32).
  const theme = useMantineTheme()
  const phone = useMediaQuery(`(max-width: ${parseFloat(theme.breakpoints.sm) - 0.01}em)`, undefined, {
    getInitialValueInEffect: false,
  })
  const viewportWidth = useViewportWidth()
  // Columns hidden below a breakpoint (hiddenBelow) do not count towards the table's smallest width.
  const fits = (c: ColumnDef<R>) =>
    !c.hiddenBelow || viewportWidth === 0 || viewportWidth >= parseFloat(theme.breakpoints[c.hiddenBelow]) * 16
  const minWidth = tableMinWidth(chosen, actionIcons > 0 ? actionsWidth(actionIcons, dense) : 0, fits, dense)

  const pagination = list.data?.pagination
  const [table, setTable] = useState<HTMLTableElement | null>(null)
  useSortIconLabels(table)

  return (
    <Stack gap="md">
      <ScreenHead
        spec={{ kind: 'list', title: labels.title() }}
        aside={
          pagination && (
            <Badge variant="light" color="gray" radius="sm" aria-label={t('table.total', { total: pagination.total })}>
              {pagination.total}
            </Badge>
          )
        }
      />

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
                q.search ? <CloseButton size="sm" aria-label={t('actions.clear')} onClick={() => q.changeSearch('')} /> : null
              }
              w={{ base: '100%', sm: 320 }}
            />
            <Group gap="xs" wrap="wrap" justify="flex-end">
              <ListFilters resource={resource} value={q.filters} onChange={q.changeFilters} />
              {!phone && (
                <ColumnChooser columns={choice.choosable} isShown={choice.isShown} toggle={choice.toggle} label={columnLabel} />
              )}
              {resource.links
                ?.filter((l) => can(me, actionPermission(resource.permission, l.permission) ?? l.permission))
                .map(({ key, labelKey, icon: Icon, href }) => (
                  <Button
                    key={key}
                    component={Link}
                    to={href}
                    variant="default"
                    leftSection={Icon ? <Icon size={16} /> : undefined}
                  >
                    {t(labelKey)}
                  </Button>
                ))}
              <ExportControl
                resource={resource}
                me={me}
                query={listQuery(resource as unknown as ResourceDefinition, { ...q.params, page: 0 })}
              />
              {canCreate && (
                <Button leftSection={<IconPlus size={16} />} onClick={() => openCreate()}>
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
          ) : drawing ? (
            phone ? (
              <CardsSkeleton />
            ) : (
              <TableSkeleton columns={columns.map((c) => c.title)} />
            )
          ) : phone ? (
            <ListCards
              rows={rows ?? []}
              identity={identity}
              columns={chosen.filter((c) => c !== identity && fits(c))}
              label={columnLabel}
              actions={actionIcons > 0 ? actionsCell : undefined}
              fetching={list.isFetching && !list.isPending}
              page={q.page}
              size={q.size}
              total={pagination?.total ?? 0}
              onPage={q.setPage}
              sortStatus={q.sortStatus}
              onSort={q.changeSort}
            />
          ) : (
            <DataTable<R>
              tableRef={setTable}
              // A table wider than its room scrolls sideways: its viewport takes focus so the keyboard can scroll it.
              scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
              idAccessor="id"
              pinLastColumn={actionIcons > 0}
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
