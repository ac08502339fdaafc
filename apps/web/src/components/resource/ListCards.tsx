import type { ReactNode } from 'react'
import { ActionIcon, Box, Group, LoadingOverlay, NativeSelect, Pagination, Paper, Stack, Text } from '@mantine/core'
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react'
import type { DataTableSortStatus } from 'mantine-datatable'
import { useTranslation } from 'react-i18next'
import type { ColumnDef } from './column-defs'
import type { ResourceRow } from './row-types'

export interface ListCardsProps<R extends ResourceRow> {
  rows: R[]
  /** Heads each card: the column that names the row. */
  identity: ColumnDef<R> | undefined
  /** The other columns the user shows, in order (images go beside the name). */
  columns: ColumnDef<R>[]
  label: (c: ColumnDef<R>) => string
  actions?: (row: R) => ReactNode
  fetching: boolean
  page: number
  size: number
  total: number
  onPage: (page: number) => void
  sortStatus: DataTableSortStatus<R>
  onSort: (s: DataTableSortStatus<R>) => void
}

/**
 * A list on a phone (issue 32): one card per row instead of a table that scrolls sideways. The row's name
 * heads the card in full, the chosen columns follow as label and value, the row's buttons at its foot; the
 * sort is a select, the pages a pager.
 */
export function ListCards<R extends ResourceRow>(p: ListCardsProps<R>) {
  const { t } = useTranslation()
  const images = p.columns.filter((c) => c.kind === 'avatar')
  const values = p.columns.filter((c) => c.kind !== 'avatar')
  const sortable = [p.identity, ...values].filter((c): c is ColumnDef<R> => !!c && c.sort !== false)
  const pages = Math.max(1, Math.ceil(p.total / p.size))
  const from = p.total === 0 ? 0 : p.page * p.size + 1
  const to = Math.min(p.total, (p.page + 1) * p.size)
  const direction = p.sortStatus.direction
  const sortBy = (key: string, dir: 'asc' | 'desc') => {
    const c = sortable.find((s) => s.key === key)
    if (c) p.onSort({ columnAccessor: c.key, sortKey: c.sort === undefined ? c.key : String(c.sort), direction: dir })
  }

  return (
    <Stack gap="sm" pos="relative" className="resource-cards">
      <LoadingOverlay visible={p.fetching} overlayProps={{ blur: 1 }} />
      {sortable.length > 0 && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            label={t('lists.sort_by')}
            size="xs"
            style={{ flex: 1 }}
            value={String(p.sortStatus.columnAccessor)}
            data={sortable.map((c) => ({ value: c.key, label: p.label(c) }))}
            onChange={(e) => sortBy(e.currentTarget.value, 'asc')}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t(direction === 'asc' ? 'lists.sort_asc' : 'lists.sort_desc')}
            onClick={() => sortBy(String(p.sortStatus.columnAccessor), direction === 'asc' ? 'desc' : 'asc')}
          >
            {direction === 'asc' ? <IconSortAscending size={16} /> : <IconSortDescending size={16} />}
          </ActionIcon>
        </Group>
      )}
      {p.rows.length === 0 && !p.fetching ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('table.no_records')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {p.rows.map((row) => (
            <Paper key={row.id} component="li" withBorder radius="md" p="sm" data-row-card>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {images.map((c) => (
                  <Box key={c.key}>{c.render(row, { t })}</Box>
                ))}
                {p.identity && (
                  <Box fw={600} className="resource-identity" data-row-identity style={{ flex: 1, minWidth: 0 }}>
                    {p.identity.render(row, { t })}
                  </Box>
                )}
              </Group>
              {values.length > 0 && (
                // Two columns by a class: a SimpleGrid writes a <style> element per card (issue 33, "Phone").
                <Box className="resource-card-values" mt="xs">
                  {/* Plain elements with the app's classes: a page of cards holds a hundred of these pairs. */}
                  {values.map((c) => (
                    <div key={c.key} style={{ minWidth: 0 }}>
                      <div className="resource-card-label">{p.label(c)}</div>
                      <div className="resource-card-value resource-identity">{c.render(row, { t })}</div>
                    </div>
                  ))}
                </Box>
              )}
              {p.actions && <Box mt="xs">{p.actions(row)}</Box>}
            </Paper>
          ))}
        </Stack>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('table.pagination', { from, to, total: p.total })}
        </Text>
        <Pagination
          size="sm"
          total={pages}
          value={p.page + 1}
          onChange={(n) => p.onPage(n - 1)}
          getControlProps={(control) => ({ 'aria-label': t(`table.page_${control}`) })}
        />
      </Group>
    </Stack>
  )
}
