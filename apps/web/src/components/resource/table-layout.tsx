import { useState, type ReactNode } from 'react'
import { Box } from '@mantine/core'
import type { ColumnDef, ColumnKind, ResourceRow } from './define'
import { HoverTooltip } from '../HoverTooltip'

/*
 * How every list lays out its table (issue 13, fix 1). The table has a fixed
 * layout: widths come from the header, never from the rows, so they do not
 * jump between pages or when a search finds nothing. Short, fixed-shape
 * columns (dates, badges, yes/no) get a width by kind; text columns share the
 * rest and cut long values with an ellipsis and a tooltip. The actions column
 * is as wide as its buttons and pinned at the right edge, so it stays on
 * screen when a narrow screen scrolls the table sideways.
 */

/** Widths (px, padding included) of the columns whose content has a known shape. */
export const KIND_WIDTHS: Partial<Record<ColumnKind, number>> = {
  yesNo: 100,
  date: 130,
  datetime: 180,
  badge: 130,
  money: 140,
}

/** Below this a text column is unreadable: narrower screens scroll the table instead. */
export const MIN_TEXT_WIDTH = 100
/** In a dense list (12 px text, 4 px cell padding). */
export const DENSE_MIN_TEXT_WIDTH = 80

const ACTION_ICON = 28
const ACTION_GAP = 6
const CELL_PADDING = 24
const DENSE_ACTION_ICON = 22
const DENSE_ACTION_GAP = 4
const DENSE_CELL_PADDING = 8

/** The actions column: its icons side by side, and never narrower than its header. */
export function actionsWidth(icons: number, dense = false): number {
  const [icon, gap, padding] = dense
    ? [DENSE_ACTION_ICON, DENSE_ACTION_GAP, DENSE_CELL_PADDING]
    : [ACTION_ICON, ACTION_GAP, CELL_PADDING]
  return Math.max(dense ? 72 : 90, icons * icon + Math.max(0, icons - 1) * gap + padding)
}

export function columnWidth<R extends ResourceRow>(c: ColumnDef<R>): number | string | undefined {
  return c.width ?? KIND_WIDTHS[c.kind]
}

/**
 * The table's smallest width on this screen: fixed columns at their width, text
 * columns at MIN_TEXT_WIDTH. Columns hidden at this width (hiddenBelow) do not count.
 */
export function tableMinWidth<R extends ResourceRow>(
  columns: ColumnDef<R>[],
  actions: number,
  visible: (c: ColumnDef<R>) => boolean,
  dense = false,
): number {
  return columns.filter(visible).reduce((sum, c) => {
    const w = columnWidth(c)
    return sum + (typeof w === 'number' ? w : dense ? DENSE_MIN_TEXT_WIDTH : MIN_TEXT_WIDTH)
  }, actions)
}

/**
 * One line of cell content, cut with an ellipsis; when it is cut, hovering or
 * focusing it shows the whole text in a tooltip.
 */
export function CellText({ children }: { children: ReactNode }) {
  const [full, setFull] = useState<string | null>(null)
  const measure = (el: HTMLElement) => setFull(el.scrollWidth > el.clientWidth + 1 ? (el.textContent ?? null) : null)
  return (
    <HoverTooltip label={full} disabled={!full} multiline maw={360} openDelay={200}>
      <Box
        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        onMouseEnter={(e) => measure(e.currentTarget)}
        onFocus={(e) => measure(e.currentTarget)}
      >
        {children}
      </Box>
    </HoverTooltip>
  )
}
