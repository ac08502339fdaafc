import type { ReactNode } from 'react'
import type { DataTableColumn } from 'mantine-datatable'
import { useTranslation } from 'react-i18next'
import type { ColumnDef } from './column-defs'
import type { ResourceDefinition, ResourceRow } from './define'
import { resourceLabels } from './labels'
import { actionsWidth, CellText, columnWidth } from './table-layout'

/**
 * The table's columns from the declaration: the ones the user shows, each header in the reader's language,
 * the identity column wrapping instead of cut, and the row buttons last.
 */
export function useTableColumns<R extends ResourceRow>({
  resource,
  shown,
  identity,
  actionIcons,
  actionsCell,
}: {
  resource: ResourceDefinition<R>
  shown: ColumnDef<R>[]
  identity: ColumnDef<R> | undefined
  /** How many buttons a row has (0: no actions column). */
  actionIcons: number
  actionsCell: (row: R) => ReactNode
}) {
  const { t } = useTranslation()
  const labels = resourceLabels(resource, t)
  const dense = !!resource.dense
  const cols: DataTableColumn<R>[] = shown.map((c) => ({
    accessor: c.key,
    title: c.hintKey ? <span title={t(c.hintKey)}>{labels.field(c.key, c.labelKey)}</span> : labels.field(c.key, c.labelKey),
    sortable: c.sort !== false,
    sortKey: c.sort === false ? undefined : (c.sort ?? c.key),
    width: columnWidth(c),
    textAlign: c.align,
    visibleMediaQuery: c.hiddenBelow ? (theme) => `(min-width: ${theme.breakpoints[c.hiddenBelow!]})` : undefined,
    ...(c === identity
      ? { cellsClassName: 'resource-identity', titleClassName: 'resource-identity', render: (row: R) => c.render(row, { t }) }
      : { render: (row: R) => <CellText>{c.render(row, { t })}</CellText> }),
  }))
  if (actionIcons > 0) {
    cols.push({
      accessor: '__actions',
      title: t('actions.actions'),
      textAlign: 'right',
      width: actionsWidth(actionIcons, dense),
      sortable: false,
      render: actionsCell,
    })
  }
  return cols
}
