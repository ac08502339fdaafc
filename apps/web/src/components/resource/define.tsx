import type { ComponentType, ReactNode } from 'react'
import { Badge, Text, type MantineColor } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { ACTIONS, MODAL_WIDTHS, type Action, type Entity, type GroupAttributeType } from '@app/shared'
import type { ApiResult, QueryParams } from '../../lib/api-client'
import { formatDate, formatDateTime, formatMoney, getPath } from '../../lib/format'
import { AvatarCell } from './cells'
import type { Me } from '../../lib/permissions'

/*
 * A list screen is data, not code (DESIGN §8): `defineResource()` takes a small
 * declaration and `ResourceListPage` turns it into the search box, export,
 * create button, sortable paged table, create/edit dialog and delete
 * confirmation. See README.md in this folder for the full option list.
 */

/** Any row the API returns: it has an id, the rest is up to the resource. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceRow = { id: number | string } & Record<string, any>

/** Form values of a resource dialog, keyed by field name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormValues = Record<string, any>
export type ResourceForm = UseFormReturnType<FormValues>
export type DialogMode = 'create' | 'edit'

// ---------------------------------------------------------------- columns

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
  hiddenBelow?: 'xs' | 'sm' | 'md' | 'lg'
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

// ----------------------------------------------------------------- fields

export interface FieldContext<R extends ResourceRow = ResourceRow> {
  mode: DialogMode
  values: FormValues
  /** The row being edited (edit mode). */
  row?: R
  me?: Me
}

export interface FieldOptions<R extends ResourceRow = ResourceRow> {
  /** i18n key of the label. Default: `resources.<name>.fields.<name>`, then `fields.<name>`. */
  labelKey?: string
  placeholderKey?: string
  descriptionKey?: string
  /** Shows the asterisk. Default: derived from the schema (a field that rejects `undefined`). */
  required?: boolean
  /** Grid span out of 12 from the `sm` breakpoint up (phones always use 12). Default 12. */
  span?: number
  /** Value in the create form (defaults per kind: '' for text, null for choices). */
  initial?: unknown
  disabled?: (ctx: FieldContext<R>) => boolean
  hidden?: (ctx: FieldContext<R>) => boolean
  /** Shown, focusable and sent, but not editable (lat/long filled by the map). */
  readOnly?: boolean
  /** Key of one of the resource's `sections`; fields without one go to the first section. */
  section?: string
}

export interface SelectOption {
  value: string | number | boolean
  /** Literal label (data values such as names). */
  label?: string
  /** Or an i18n key. */
  labelKey?: string
}

export interface SelectSource {
  /** Resource name for the query key and, by default, the API path: `/group_attributes`. */
  resource: string
  /** API path when it differs from `/${resource}`. */
  endpoint?: string
  /** Property (dot path) shown as the option label. */
  labelKey: string
  /** Label in the reader's language when the stored one is not (a seeded role's name). Default: `labelKey`. */
  label?: (row: ResourceRow, t: TFunction) => string
  /** Property used as the value. Default 'id'. */
  valueKey?: string
  /** Extra query. `export_data=true&is_active=true` are always sent. */
  params?: QueryParams
  /** Narrows the loaded rows for this form (a location's parent cannot be itself or below it). */
  filterRows?: (rows: ResourceRow[], ctx: FieldContext) => ResourceRow[]
}

export interface CustomFieldProps<R extends ResourceRow = ResourceRow> extends FieldContext<R> {
  form: ResourceForm
  field: FieldDef<R>
  label: string
  required: boolean
  disabled: boolean
}

export type FieldDef<R extends ResourceRow = ResourceRow> = FieldOptions<R> & { name: string } & (
    | { kind: 'text'; type?: 'text' | 'email' | 'tel' | 'url'; autoComplete?: string }
    | { kind: 'textarea'; rows?: number }
    | {
        kind: 'password'
        autoComplete?: string
        /**
         * `new` (default): a password being chosen, with the length hint; `confirmation`: its repetition, no hint;
         * `current`: the one the user has now (to prove who they are), no hint, the browser may fill it.
         */
        purpose?: 'new' | 'confirmation' | 'current'
      }
    | { kind: 'yesNo' }
    | { kind: 'checkbox'; switch?: boolean }
    | { kind: 'select'; options?: SelectOption[]; source?: SelectSource; searchable?: boolean; clearable?: boolean }
    | { kind: 'number'; min?: number; max?: number; step?: number; decimalScale?: number; prefix?: string; grouping?: boolean; pastePair?: { lat: string; long: string } }
    | { kind: 'custom'; render: (props: CustomFieldProps<R>) => ReactNode }
    | RepeatableFieldDef<R>
    | { kind: 'multiSelect'; options?: SelectOption[]; source?: SelectSource; searchable?: boolean; maxValues?: number }
    | { kind: 'checkboxGroup'; options?: SelectOption[]; source?: SelectSource; columns?: number }
    | { kind: 'date'; minDate?: string; maxDate?: string; clearable?: boolean }
    | { kind: 'time' }
    | { kind: 'dateRange'; minDate?: string; maxDate?: string; maxDays?: number }
    | { kind: 'money'; currency?: string; min?: number; decimalScale?: number }
    | { kind: 'image' }
    | { kind: 'gallery'; maxNew?: number; max?: number }
    | { kind: 'richText'; minHeight?: number }
    | MapFieldDef
    | { kind: 'attributes'; groupType: GroupAttributeType }
  )

/** A list of entries, each with its own fields (general info, trip ideas, policies, FAQs, extra prices). */
export interface RepeatableFieldDef<R extends ResourceRow = ResourceRow> {
  kind: 'repeatable'
  /** Fields of one entry, named as in the entry (`title`, `content`). */
  fields: FieldDef<R>[]
  /** Most entries (the add button disappears). */
  max?: number
  /** i18n key of the add button. Default `kit.repeatable.add`. */
  addLabelKey?: string
  /** i18n key of an entry's heading, with `{{n}}`. Default `kit.repeatable.item`. */
  itemLabelKey?: string
}

/** A Leaflet map writing the position into other fields of the form. */
export interface MapFieldDef {
  kind: 'map'
  /** Form fields it fills on a click. */
  latField: string
  longField: string
  /** Form field kept in step with the map's zoom, both ways. */
  zoomField?: string
  /**
   * A select of places (`location_id` of the same `source`): choosing one moves the map to that place's
   * `lat`/`long`/`zoom`, so the user pins the item near it. The pin itself is never moved for them.
   */
  centreOn?: { field: string; source: SelectSource }
}
export type FieldKind = FieldDef['kind']

type Opts<R extends ResourceRow, K extends FieldKind> = FieldOptions<R> &
  Omit<Extract<FieldDef<R>, { kind: K }>, 'kind' | 'name' | keyof FieldOptions<R>>

/** Field helpers. Each takes the payload property name first; options last. */
export const field = {
  text: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'text'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'text',
  }),
  /** A slug: optional everywhere, made by the server from the name when left empty (one hint for all). */
  slug: <R extends ResourceRow = ResourceRow>(name = 'slug', opts: Opts<R, 'text'> = {}): FieldDef<R> => ({
    descriptionKey: 'kit.slug_hint',
    ...opts,
    required: false,
    name,
    kind: 'text',
  }),
  textarea: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'textarea'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'textarea',
  }),
  /**
   * A new password, never filled from the row when editing. Its hint says the minimum length; where the form
   * may be saved without it (editing, with the schema's password optional) it says that empty keeps the current
   * one. `{ purpose: 'confirmation' }` marks the repetition and `{ purpose: 'current' }` the password in use:
   * neither has a hint.
   */
  password: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'password'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'password',
  }),
  /** Required yes/no choice (boolean); starts unchosen in the create form. */
  yesNo: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'yesNo'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'yesNo',
  }),
  /** The active flag of a row: yes/no, yes to start, the same on every form. */
  active: <R extends ResourceRow = ResourceRow>(name = 'is_active', opts: Opts<R, 'yesNo'> = {}): FieldDef<R> => ({
    initial: true,
    ...opts,
    name,
    kind: 'yesNo',
  }),
  /** An on/off flag (boolean, `false` to start): a checkbox, or a switch with `{ switch: true }` (featured, per person). */
  checkbox: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'checkbox'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'checkbox',
  }),
  /** Static `options`, or `source` to load them from another resource (`?export_data=true&is_active=true`). */
  select: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'select'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'select',
  }),
  number: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'number'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'number',
  }),
  /** A list of entries with their own `fields`; add, remove, move up/down. Empty lists show one blank entry. */
  repeatable: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'repeatable'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'repeatable',
  }),
  /** Several values from `options` or a `source` (an array of values). */
  multiSelect: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'multiSelect'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'multiSelect',
  }),
  /** Several values as checkboxes (hotel services, types, facilities). */
  checkboxGroup: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'checkboxGroup'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'checkboxGroup',
  }),
  /** `YYYY-MM-DD` on the wire, shown `DD-MM-YYYY`. */
  date: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'date'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'date',
  }),
  /** A time of day `HH:mm` (24 h), in the browser's time input. */
  time: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'time'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'time',
  }),
  /** `[start, end]` as `YYYY-MM-DD`; a single day is a range. */
  dateRange: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'dateRange'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'dateRange',
  }),
  /** An amount typed as the user's language writes it, kept as a number; `SAR` beside it; not negative by default. */
  money: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'money'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'money',
  }),
  /** One uploaded image: its `file_name`, or null. Uploads at once, with progress. */
  image: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'image'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'image',
  }),
  /** Uploaded images in order: an array of `file_name`s. Existing ones are kept as names, never re-uploaded. */
  gallery: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'gallery'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'gallery',
  }),
  /** HTML from a lazily loaded tiptap editor (the server sanitizes it). */
  richText: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'richText'> = {}): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'richText',
  }),
  /** A lazily loaded map; a click fills `latField`/`longField`. Holds no value of its own. */
  map: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'map'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'map',
  }),
  /** Attribute values of the active groups of one type (`room`, `transportation`, `train`): ids over all groups. */
  attributes: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'attributes'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'attributes',
  }),
  /** Anything bound to the form: `field.custom('permission_list', { render: (p) => <Matrix {...p} /> })`. */
  custom: <R extends ResourceRow = ResourceRow>(name: string, opts: Opts<R, 'custom'>): FieldDef<R> => ({
    ...opts,
    name,
    kind: 'custom',
  }),
}

// ------------------------------------------------------------ row actions

export interface RowActionContext<R extends ResourceRow = ResourceRow> {
  me: Me | undefined
  t: TFunction
  /** Refetch this resource's lists. */
  reload: () => void
  openEdit: (row: R) => void
  navigate: (to: string) => void
}

export interface RowActionConfirm<R extends ResourceRow = ResourceRow> {
  /** i18n keys; `{{name}}` is the row title, `{{model}}` the model name. */
  titleKey: string
  messageKey: string
  confirmLabelKey: string
  color?: MantineColor
  successTitleKey: string
  /**
   * The success message: `{{model}}`, `{{name}}` (the row) and `{{result}}` (what the call answered, by the
   * same row title: a duplicate's name). Default `notify.action_done`.
   */
  successKey?: string
  failedTitleKey: string
  request: (row: R) => Promise<ApiResult<unknown>>
}

export interface RowAction<R extends ResourceRow = ResourceRow> {
  key: string
  /** Tooltip / accessible label. */
  labelKey: string
  icon: ComponentType<{ size?: number | string; stroke?: number }>
  color?: MantineColor
  /** An action of the resource's entity ('create' -> `role_create`) or a full permission name. Hidden without it. */
  permission?: Action | string
  disabled?: (row: R, me: Me | undefined) => boolean
  hidden?: (row: R, me: Me | undefined) => boolean
  /** Ask first, then run `request`, notify and reload (e.g. duplicate a role)... */
  confirm?: RowActionConfirm<R>
  /** ...or do anything... */
  onClick?: (row: R, ctx: RowActionContext<R>) => void
  /** ...or only go somewhere: a link (`/app/rooms/${row.id}/availability`), so it opens in a new tab too. */
  href?: (row: R) => string
}

// ------------------------------------------------------------ sections, filters

/** A titled group of fields: a card in a page form, a heading in a dialog. */
export interface FormSection {
  key: string
  /** Default `resources.<name>.sections.<key>`; none for the first, untitled section when it has no label. */
  titleKey?: string
  /** In the page form's side column (status, featured image, checkbox groups). */
  side?: boolean
}

/** A filter control over the list, sending one query parameter the server accepts. */
export interface ListFilter {
  /** The query parameter (`status`, `location_id`, `is_featured`). */
  name: string
  /** i18n key of the label. Default: the field label of `name`. */
  labelKey?: string
  /** Static choices, or choices loaded like a select's. */
  options?: SelectOption[]
  source?: SelectSource
  /**
   * Shown as a row of choices above the table ("All", then each option) instead of a select, each with the
   * number of rows it holds: `counts` is a GET the server answers from its counters, `pick` takes the numbers
   * by option value (and `all`) out of its answer. Refreshed with the list (same query-key root).
   */
  tabs?: { counts?: { path: string; pick: (answer: unknown) => Record<string, number> | undefined } }
}

// ------------------------------------------------------------- resource

export interface DialogBodyProps<R extends ResourceRow = ResourceRow> {
  resource: ResourceDefinition<R>
  form: ResourceForm
  mode: DialogMode
  row?: R
  me?: Me
  /** The fields of the declaration rendered the default way, to place inside a custom body. */
  defaultFields: ReactNode
}

export interface SavedContext<R extends ResourceRow = ResourceRow> {
  mode: DialogMode
  /** The saved row as the API answered (`data`). */
  saved: R | undefined
  navigate: (to: string) => void
}

export type ModalSize = keyof typeof MODAL_WIDTHS | number

export interface ResourceConfig<R extends ResourceRow = ResourceRow> {
  /** Plural, snake_case: API path `/${name}`, i18n `resources.<name>.*`, query keys. */
  name: string
  /** API path when it differs from `/${name}` (leading slash). */
  endpoint?: string
  /** Permission entity: checks `<entity>_list/_create/_update/_delete/_export`. */
  permission: Entity
  columns: ColumnDef<R>[]
  /** Dialog fields in order. No fields (and no DialogBody) = no create/edit. */
  fields?: FieldDef<R>[]
  /** zod schema for client validation; its parsed output is the POST/PUT body. */
  schema?: z.ZodType
  /** Schema for edit when it differs (e.g. optional password). Default: `schema`. */
  updateSchema?: z.ZodType
  /** Key of MODAL_WIDTHS or px. Default 'default' (530). */
  modalSize?: ModalSize
  /** `sort_by` before the user sorts. Default 'created_at'. */
  defaultSort?: string
  defaultOrder?: 'asc' | 'desc'
  /** `GET /{name}/export?format=`; false = no export control. Default 'csv'. */
  exportFormat?: 'csv' | 'xlsx' | false
  /** Show an Export/Import dropdown (import disabled) instead of an Export button. */
  exportMenu?: boolean
  /**
   * Several export formats the server streams (`['csv', 'xlsx']`): an Export
   * dropdown with one entry per format instead of the single button.
   */
  exportFormats?: Array<'csv' | 'xlsx'>
  /** Extra list query sent with every list and export (e.g. `{ is_company: true }`). */
  listParams?: QueryParams
  /**
   * What confirmations and notifications call a row, in the reader's language (a seeded role's translated
   * name). Default: name, display_name, title, email, else `#id`.
   */
  rowTitle?: (row: R, t: TFunction) => string
  /** Row -> edit form values. Default: each field's value from the row (passwords empty). */
  transformRow?: (row: R) => FormValues
  /** Validated values -> request body. Default: the schema's output (or the values). */
  toPayload?: (values: FormValues, mode: DialogMode, row?: R) => unknown
  /** Fetch `GET /{name}/{id}` to fill the edit form instead of using the list row. */
  loadDetail?: boolean
  /** true or (row) => true to show a row's edit / delete button disabled. */
  disableEdit?: boolean | ((row: R, me: Me | undefined) => boolean)
  disableDelete?: boolean | ((row: R, me: Me | undefined) => boolean)
  /** Hide the create button regardless of permission. */
  disableCreate?: boolean
  /** No delete button at all (the API has no delete: orders are cancelled, not deleted). */
  hideDelete?: boolean
  /** Extra row buttons shown before edit/delete. */
  rowActions?: RowAction<R>[]
  /**
   * A compact table (12 px text, 4 px cell padding, 22 px action icons) for lists whose spec names many
   * short columns (hotels 16, train routes 15), so they fit a laptop with the menu open; give their short
   * columns a `width`.
   */
  dense?: boolean
  /** Filter controls beside the search box; each sends its query parameter with the list and the export. */
  filters?: ListFilter[]
  /** Groups of fields, in order (see FormSection). */
  sections?: FormSection[]
  /**
   * Create and edit open a page instead of the dialog: the create button goes
   * to `createHref`, edit to `editHref(row)`. With the registry item `nested`,
   * `screen()` routes `create` and `edit/:id` under the list to `ResourceFormPage`.
   */
  createHref?: string
  editHref?: (row: R) => string
  /** Replaces the dialog's field grid (e.g. the role permission matrix). */
  DialogBody?: ComponentType<DialogBodyProps<R>>
  /** After a successful create/update, once the list is invalidated. */
  onSaved?: (ctx: SavedContext<R>) => void
  /** i18n overrides. Defaults: `resources.<name>.title` and `resources.<name>.model`. */
  titleKey?: string
  modelKey?: string
}

export interface ResourceDefinition<R extends ResourceRow = ResourceRow> extends ResourceConfig<R> {
  readonly kind: 'resource'
  endpoint: string
  defaultSort: string
  defaultOrder: 'asc' | 'desc'
  exportFormat: 'csv' | 'xlsx' | false
  modalWidth: number
  /** `<entity>_<action>` for this resource. */
  perm: (action: Action) => string
}

export function modalWidth(size: ModalSize | undefined): number {
  if (typeof size === 'number') return size
  return MODAL_WIDTHS[size ?? 'default']
}

/** Resolves a row action's permission: an action name is prefixed with the entity. */
export function actionPermission(entity: string, permission: string | undefined): string | undefined {
  if (!permission) return undefined
  return (ACTIONS as readonly string[]).includes(permission) ? `${entity}_${permission}` : permission
}

/** Declares a list screen. The result is what `ResourceListPage` renders. */
export function defineResource<R extends ResourceRow = ResourceRow>(config: ResourceConfig<R>): ResourceDefinition<R> {
  return {
    ...config,
    kind: 'resource',
    endpoint: config.endpoint ?? `/${config.name}`,
    defaultSort: config.defaultSort ?? 'created_at',
    defaultOrder: config.defaultOrder ?? 'desc',
    exportFormat: config.exportFormat ?? 'csv',
    modalWidth: modalWidth(config.modalSize),
    perm: (action) => `${config.permission}_${action}`,
  }
}

export function isResourceDefinition(v: unknown): v is ResourceDefinition {
  return !!v && typeof v === 'object' && (v as { kind?: unknown }).kind === 'resource'
}
