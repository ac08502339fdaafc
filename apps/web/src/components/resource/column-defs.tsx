import type { ReactNode } from 'react'
import { Badge, Text, type MantineColor } from '@mantine/core'
import type { TFunction } from 'i18next'
import { formatDate, formatDateTime, formatMoney, getPath } from '../../lib/format'
import { AvatarCell } from './cells'
import type { ResourceRow } from './row-types'

/* The columns of a list declaration: what a cell shows, and the helpers (`col.text`, `col.badge`...) that make them. */

export interface CellContext {
  t: TFunction
}

export type ColumnKind = 'text' | 'yesNo' | 'date' | 'datetime' | 'badge' | 'relation' | 'money' | 'avatar' | 'custom'

export interface ColumnOptions {
  /** i18n key of the header. Default: `resources.<name>.fields.<key>`, then `fields.<key>`. */
  labelKey?: string
  /** i18n key of the header's full wording when the header is a short form (shown on hover, read by screen readers). */
  hintKey?: string
  /** `sort_by` sent for this column; `false` = not sortable. Default: the column key. */
  sort?: string | false
  width?: number | string
  align?: 'left' | 'center' | 'right'
  /** Hide below this breakpoint (keeps phones readable). */
  hiddenBelow?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  /**
   * The column that names the row (a code, a name): never cut, it wraps instead, heads a phone's card and
   * cannot be hidden. Default: the first column that is not an image.
   */
  identity?: boolean
  /** Hidden until the user shows it with the list's column chooser (slug, coordinates, zoom). */
  secondary?: boolean
}

export interface ColumnDef<R extends ResourceRow = ResourceRow> extends ColumnOptions {
  /** Row property (dot paths allowed: `group.name`), the table accessor and the default label key. */
  key: string
  kind: ColumnKind
  render: (row: R, ctx: CellContext) => ReactNode
}

const dash = (v: unknown): ReactNode => (v === null || v === undefined || v === '' ? '-' : String(v))

function column<R extends ResourceRow>(
  key: string,
  kind: ColumnKind,
  render: ColumnDef<R>['render'],
  opts: ColumnOptions = {},
): ColumnDef<R> {
  return { key, kind, render, ...opts }
}

/** The column that names a row: the one declared `identity`, else the first that is not an image. */
export function identityColumn<R extends ResourceRow>(columns: ColumnDef<R>[]): ColumnDef<R> | undefined {
  return columns.find((c) => c.identity) ?? columns.find((c) => c.kind !== 'avatar')
}

export interface BadgeColumnOptions extends ColumnOptions {
  /** value -> colour, e.g. `{ active: 'green', pending: 'orange', blocked: 'red' }`. */
  colors: Record<string, MantineColor>
  /** Colour for values not in `colors`. Default 'blue'. */
  fallbackColor?: MantineColor
  /** Translate the value as `${labelPrefix}${value}` (e.g. 'resources.users.statuses.'); default: shown as is. */
  labelPrefix?: string
  /** Read the value from another path than `key` (e.g. key 'role', value 'role.name'). */
  path?: string
}

/** Column helpers. Each takes the row key first; options last. */
export const col = {
  /** Plain text; '-' when empty. */
  text: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions) =>
    column<R>(key, 'text', (row) => dash(getPath(row, key)), opts),

  /**
   * A code the system uses (a role's or permission's `name`): the same in every language, so shown in
   * monospace and marked `data-lang-neutral` (the language check of the browser tests skips it).
   */
  code: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions) =>
    column<R>(
      key,
      'text',
      (row) => (
        <Text span ff="monospace" size="sm" data-lang-neutral translate="no">
          {dash(getPath(row, key))}
        </Text>
      ),
      opts,
    ),

  /** Boolean as a green 'Yes' / red 'No' badge. */
  yesNo: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions) =>
    column<R>(
      key,
      'yesNo',
      (row, { t }) => {
        const v = getPath(row, key)
        const yes = v === true || v === 1 || v === 'true'
        return (
          <Badge color={yes ? 'green' : 'red'} variant="light" radius="sm">
            {t(yes ? 'actions.yes' : 'actions.no')}
          </Badge>
        )
      },
      opts,
    ),

  /** `DD-MM-YYYY`. */
  date: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions) =>
    column<R>(key, 'date', (row) => formatDate(getPath(row, key)), opts),

  /** `DD-MM-YYYY HH:mm:ss`. */
  datetime: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions) =>
    column<R>(key, 'datetime', (row) => formatDateTime(getPath(row, key)), opts),

  /** `SAR 1.234.567`. */
  money: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions & { currency?: string }) =>
    column<R>(key, 'money', (row) => formatMoney(getPath(row, key), opts?.currency), { align: 'right', ...opts }),

  /** A coloured badge chosen by value (status, role, type...). */
  badge: <R extends ResourceRow = ResourceRow>(key: string, opts: BadgeColumnOptions) =>
    column<R>(
      key,
      'badge',
      (row, { t }) => {
        const raw = getPath(row, opts.path ?? key)
        if (raw === null || raw === undefined || raw === '') return '-'
        const value = String(raw)
        return (
          <Badge color={opts.colors[value] ?? opts.fallbackColor ?? 'blue'} variant="light" radius="sm">
            {opts.labelPrefix ? t(`${opts.labelPrefix}${value}`, { defaultValue: value }) : value}
          </Badge>
        )
      },
      opts,
    ),

  /** A related row's property: `col.relation('group', 'group.name')`. Sorts by `key` unless `sort` says otherwise. */
  relation: <R extends ResourceRow = ResourceRow>(key: string, path: string, opts?: ColumnOptions) =>
    column<R>(key, 'relation', (row) => dash(getPath(row, path)), opts),

  /**
   * An uploaded image (`/images/{file_name}`) as a round avatar, the initials of
   * `nameKey` (default 'name') when there is none. Not sortable by default.
   */
  avatar: <R extends ResourceRow = ResourceRow>(key: string, opts?: ColumnOptions & { nameKey?: string }) =>
    column<R>(
      key,
      'avatar',
      (row) => (
        <AvatarCell fileName={getPath(row, key) as string | null} name={String(getPath(row, opts?.nameKey ?? 'name') ?? '')} />
      ),
      { sort: false, width: 72, ...opts },
    ),

  /** Anything: `col.custom('price', (row) => <b>{row.price}</b>)`. */
  custom: <R extends ResourceRow = ResourceRow>(
    key: string,
    render: (row: R, ctx: CellContext) => ReactNode,
    opts?: ColumnOptions,
  ) => column<R>(key, 'custom', render, opts),
}
