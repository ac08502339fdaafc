import { useEffect, useMemo, useState, type ReactNode } from 'react'
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  TextInput,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core'
import { useDebouncedValue, useViewportSize } from '@mantine/hooks'
import {
  IconAlertTriangle,
  IconChevronDown,
  IconDownload,
  IconFileExport,
  IconFileImport,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react'
import dayjs from 'dayjs'
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable'
import 'mantine-datatable/styles.css'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, SKELETON_ROWS } from '@app/shared'
import { api, saveFile, type QueryParams } from '../../lib/api-client'
import { notifyError, notifySuccess } from '../../lib/notify'
import { can, useMe, type Me } from '../../lib/permissions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { ConfirmDelete, ConfirmModal } from './ConfirmDelete'
import { actionPermission, type DialogMode, type ResourceDefinition, type ResourceRow, type RowAction } from './define'
import { defaultRowTitle, resourceLabels } from './labels'
import { ListFilters } from './ListFilters'
import { PermissionDenied } from './PermissionDenied'
import { ResourceDialog } from './ResourceDialog'
import { actionsWidth, CellText, columnWidth, tableMinWidth } from './table-layout'
import './table-layout.css'
import { listQuery, useDeleteResource, useInvalidateResource, useResourceList, type ListParams } from './use-resource'

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

type DialogState<R> = { mode: DialogMode; row?: R } | null

function isDisabled<R extends ResourceRow>(flag: ResourceDefinition<R>['disableEdit'], row: R, me: Me | undefined) {
  return typeof flag === 'function' ? flag(row, me) : !!flag
}

function ResourceList<R extends ResourceRow>({ resource, me }: { resource: ResourceDefinition<R>; me: Me | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const labels = resourceLabels(resource, t)
  const invalidate = useInvalidateResource(resource.name)
  const remove = useDeleteResource(resource)

  const [page, setPage] = useState(0)
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE)
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
  const [filters, changeFilters] = useUrlFilters(resource)
  // Another filter (a choice, or back/forward) starts again at the first page.
  const filtersKey = JSON.stringify(filters)
  const [pageFilters, setPageFilters] = useState(filtersKey)
  if (pageFilters !== filtersKey) {
    setPageFilters(filtersKey)
    setPage(0)
  }
  const defaultColumn = resource.columns.find((c) => (c.sort ?? c.key) === resource.defaultSort)
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<R>>({
    columnAccessor: defaultColumn?.key ?? resource.defaultSort,
    sortKey: resource.defaultSort,
    direction: resource.defaultOrder,
  })
  const params: ListParams = {
    page,
    size,
    search: debouncedSearch,
    sort_by: sortStatus.sortKey ?? String(sortStatus.columnAccessor),
    order_by: sortStatus.direction,
    filters,
  }
  const list = useResourceList(resource, params)

  const [dialog, setDialog] = useState<DialogState<R>>(null)
  const [toDelete, setToDelete] = useState<R | null>(null)
  const [confirming, setConfirming] = useState<{ action: RowAction<R>; row: R } | null>(null)

  // After deleting the last row of the last page, step back to a page that exists.
  const rows = list.data?.data
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && !list.isFetching) setPage((p) => Math.max(0, p - 1))
  }, [rows, page, list.isFetching])

  // A custom page form (createHref/editHref without fields) also counts as a form.
  const canCreate =
    !resource.disableCreate &&
    !!(resource.fields?.length || resource.DialogBody || resource.createHref) &&
    can(me, resource.perm('create'))
  const canUpdate = !!(resource.fields?.length || resource.DialogBody || resource.editHref) && can(me, resource.perm('update'))
  const canDelete = !resource.hideDelete && can(me, resource.perm('delete'))
  const rowTitle = (row: R) => (resource.rowTitle ?? defaultRowTitle)(row, t)
  // Page forms (createHref/editHref) navigate; the others open the dialog.
  const openEdit = (row: R) => (resource.editHref ? void navigate(resource.editHref(row)) : setDialog({ mode: 'edit', row }))
  const openCreate = () => (resource.createHref ? void navigate(resource.createHref) : setDialog({ mode: 'create' }))

  const visibleActions = (resource.rowActions ?? []).filter((a) => can(me, actionPermission(resource.permission, a.permission)))
  const hasActionColumn = canUpdate || canDelete || visibleActions.length > 0
  const actionIcons = visibleActions.length + Number(canUpdate) + Number(canDelete)
  const dense = !!resource.dense
  const iconSize = dense ? 'sm' : undefined

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
          <Group gap={dense ? 4 : 6} justify="flex-end" wrap="nowrap">
            {visibleActions
              .filter((a) => !a.hidden?.(row, me))
              .map((a) => {
                const Icon = a.icon
                if (a.href) {
                  return (
                    <Tooltip key={a.key} label={t(a.labelKey)}>
                      <ActionIcon
                        size={iconSize}
                        component={Link}
                        to={a.href(row)}
                        variant="light"
                        color={a.color ?? 'gray'}
                        aria-label={t(a.labelKey)}
                      >
                        <Icon size={16} stroke={1.8} />
                      </ActionIcon>
                    </Tooltip>
                  )
                }
                return (
                  <Tooltip key={a.key} label={t(a.labelKey)}>
                    <ActionIcon
                      size={iconSize}
                      variant="light"
                      color={a.color ?? 'gray'}
                      aria-label={t(a.labelKey)}
                      disabled={a.disabled?.(row, me)}
                      onClick={() => {
                        if (a.confirm) setConfirming({ action: a, row })
                        else
                          a.onClick?.(row, {
                            me,
                            t,
                            reload: () => void invalidate(),
                            openEdit,
                            navigate: (to) => void navigate(to),
                          })
                      }}
                    >
                      <Icon size={16} stroke={1.8} />
                    </ActionIcon>
                  </Tooltip>
                )
              })}
            {canUpdate && (
              <Tooltip label={t('actions.edit')}>
                <ActionIcon
                  size={iconSize}
                  variant="light"
                  aria-label={t('actions.edit')}
                  disabled={isDisabled(resource.disableEdit, row, me)}
                  onClick={() => openEdit(row)}
                >
                  <IconPencil size={16} stroke={1.8} />
                </ActionIcon>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip label={t('actions.delete')}>
                <ActionIcon
                  size={iconSize}
                  variant="light"
                  color="red"
                  aria-label={t('actions.delete')}
                  disabled={isDisabled(resource.disableDelete, row, me)}
                  onClick={() => setToDelete(row)}
                >
                  <IconTrash size={16} stroke={1.8} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
      })
    }
    return cols
    // `t` changes with the language; the rest with the declaration and permissions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, t, me, canUpdate, canDelete, hasActionColumn, actionIcons, dense])

  const confirmDelete = async () => {
    if (!toDelete) return
    const res = await remove.mutateAsync(toDelete.id)
    const model = labels.model()
    if (res.ok) notifySuccess(t('notify.deleted_title'), t('notify.deleted', { model, name: rowTitle(toDelete) }))
    else notifyError(t('notify.delete_failed_title'), res.error.message)
    setToDelete(null)
    void invalidate()
  }

  const runConfirmed = async () => {
    if (!confirming?.action.confirm) return
    const { action, row } = confirming
    const c = action.confirm!
    const res = await c.request(row)
    const model = labels.model()
    const answer = res.ok ? (res.data as { data?: R } | undefined)?.data : undefined
    if (res.ok)
      notifySuccess(
        t(c.successTitleKey),
        t(c.successKey ?? 'notify.action_done', { model, name: rowTitle(row), result: answer ? rowTitle(answer) : '' }),
      )
    else notifyError(t(c.failedTitleKey), res.error.message)
    setConfirming(null)
    void invalidate()
  }

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
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value)
                setPage(0)
              }}
              placeholder={t('table.search_placeholder')}
              aria-label={t('actions.search')}
              leftSection={<IconSearch size={16} />}
              rightSection={
                search ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('actions.clear')}
                    onClick={() => {
                      setSearch('')
                      setPage(0)
                    }}
                  />
                ) : null
              }
              w={{ base: '100%', sm: 320 }}
            />
            <Group gap="xs" wrap="wrap" justify="flex-end">
              <ListFilters resource={resource} value={filters} onChange={changeFilters} />
              <ExportControl
                resource={resource}
                me={me}
                query={listQuery(resource as unknown as ResourceDefinition, { ...params, page: 0 })}
              />
              {canCreate && (
                <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
                  {t('actions.create')}
                </Button>
              )}
            </Group>
          </Group>

          <ListFilters resource={resource} value={filters} onChange={changeFilters} tabs />

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
              sortStatus={sortStatus}
              onSortStatusChange={(s) => {
                // A newly chosen column starts ascending (the library keeps the previous direction).
                const changed = s.columnAccessor !== sortStatus.columnAccessor
                setSortStatus(changed ? { ...s, direction: 'asc' } : s)
                setPage(0)
              }}
              page={page + 1}
              onPageChange={(p) => setPage(p - 1)}
              totalRecords={pagination?.total ?? 0}
              recordsPerPage={size}
              recordsPerPageOptions={[...PAGE_SIZES]}
              onRecordsPerPageChange={(n) => {
                setSize(n)
                setPage(0)
              }}
              recordsPerPageLabel={t('table.per_page')}
              paginationText={({ from, to, totalRecords }) => t('table.pagination', { from, to, total: totalRecords })}
              getPaginationControlProps={(control) => ({ 'aria-label': t(`table.page_${control}`) })}
              paginationWithEdges
            />
          )}
        </Stack>
      </Paper>

      <ResourceDialog
        resource={resource}
        opened={!!dialog}
        mode={dialog?.mode ?? 'create'}
        row={dialog?.row}
        onClose={() => setDialog(null)}
      />

      <ConfirmDelete
        opened={!!toDelete}
        name={toDelete ? rowTitle(toDelete) : ''}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />

      {confirming?.action.confirm && (
        <ConfirmModal
          opened
          title={t(confirming.action.confirm.titleKey, { name: rowTitle(confirming.row), model: labels.model() })}
          message={t(confirming.action.confirm.messageKey, { name: rowTitle(confirming.row), model: labels.model() })}
          confirmLabel={t(confirming.action.confirm.confirmLabelKey)}
          color={confirming.action.confirm.color ?? confirming.action.color}
          onCancel={() => setConfirming(null)}
          onConfirm={runConfirmed}
        />
      )}
    </Stack>
  )
}

/**
 * The declared filters' values (`filters: [{ name: 'status' }]`, selects and tabs alike) kept in the URL's
 * query (`?status=pending`): a reload or a shared link opens the same choice, and each choice is a history
 * entry, so back and forward step between them. Only the declared names are read or written; the rest of
 * the query is left as it is. Values come back as the URL's strings (what the list request sends anyway).
 */
function useUrlFilters<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  const [query, setQuery] = useSearchParams()
  const names = (resource.filters ?? []).map((f) => f.name)
  const key = names.map((n) => `${n}=${query.get(n) ?? ''}`).join('&')
  const filters = useMemo(() => {
    const out: QueryParams = {}
    for (const n of names) {
      const v = query.get(n)
      if (v !== null && v !== '') out[n] = v
    }
    return out
    // `key` is the declared names' values: the object changes only when one of them does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  const change = (next: QueryParams) =>
    setQuery((prev) => {
      const q = new URLSearchParams(prev)
      for (const n of names) {
        const v = next[n]
        if (v === undefined || v === null || v === '') q.delete(n)
        else q.set(n, String(v))
      }
      return q
    })
  return [filters, change] as const
}

/** A placeholder the shape of the table while the first page loads (spec: 12 rows). */
function TableSkeleton({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.ScrollContainer minWidth={560} aria-busy="true">
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((title, i) => (
              <Table.Th key={i}>{title}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, r) => (
            <Table.Tr key={r}>
              {columns.map((_, c) => (
                <Table.Td key={c}>
                  <Skeleton h={14} radius="sm" w={`${60 + ((r * 7 + c * 13) % 35)}%`} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * `GET /{name}/export?format=csv&search=...` downloaded as a file. An Export
 * button with `<entity>_export`; or, with `exportMenu`, an Export/Import
 * dropdown whose export needs the permission and whose import is disabled.
 */
function ExportControl<R extends ResourceRow>({
  resource,
  me,
  query,
}: {
  resource: ResourceDefinition<R>
  me: Me | undefined
  /** The list's current query; the export sends its search (and the resource's listParams). */
  query: QueryParams
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const format = resource.exportFormat
  if (!format && !resource.exportFormats?.length) return null
  const allowed = can(me, resource.perm('export'))

  const run = async (format: 'csv' | 'xlsx' = resource.exportFormat || 'csv') => {
    setBusy(true)
    const fallback = `${resource.name}_table_${dayjs().format('YYYY-MM-DD')}.${format}`
    const res = await api.download(
      `${resource.endpoint}/export`,
      { ...query, page: undefined, size: undefined, sort_by: undefined, order_by: undefined, format },
      fallback,
    )
    setBusy(false)
    if (res.ok) saveFile(res.data)
    else notifyError(t('notify.export_failed_title'), res.error.message)
  }

  if (resource.exportMenu) {
    return (
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} loading={busy}>
            {t('actions.export_import')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileExport size={16} />} disabled={!allowed} onClick={() => void run()}>
            {t('actions.export')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileImport size={16} />} disabled>
            {t('actions.import')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    )
  }
  if (!allowed) return null
  if (resource.exportFormats?.length) {
    return (
      <Menu position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={busy}
          >
            {t('actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {resource.exportFormats.map((f) => (
            <Menu.Item key={f} leftSection={<IconFileExport size={16} />} onClick={() => void run(f)}>
              {t(`actions.export_${f}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    )
  }
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void run()}>
      {t('actions.export')}
    </Button>
  )
}

/**
 * mantine-datatable names its sort icons in English ("Not sorted", "Sorted ascending") with no prop to
 * change it; this puts the reader's language on them whenever the header renders them again.
 */
function useSortIconLabels(table: HTMLTableElement | null) {
  const { t } = useTranslation()
  useEffect(() => {
    if (!table) return
    const relabel = () => {
      for (const el of table.querySelectorAll<HTMLElement>('thead [role="img"][aria-label]')) {
        const label = el.classList.contains('mantine-datatable-header-cell-sortable-unsorted-icon')
          ? t('table.sort_none')
          : el.classList.contains('mantine-datatable-header-cell-sortable-icon-reversed')
            ? t('table.sort_desc')
            : t('table.sort_asc')
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label)
      }
    }
    relabel()
    const observer = new MutationObserver(relabel)
    observer.observe(table, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'class'] })
    return () => observer.disconnect()
  }, [table, t])
}
