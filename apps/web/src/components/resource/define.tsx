import type { ComponentType, ReactNode } from 'react'
import type { MantineColor } from '@mantine/core'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { ACTIONS, MODAL_WIDTHS, type Action, type Entity } from '@app/shared'
import type { ApiResult, QueryParams } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import type { ColumnDef } from './column-defs'
import type { FieldDef, SelectOption, SelectSource } from './field-defs'
import type { DialogMode, FormValues, ResourceForm, ResourceRow } from './row-types'

/*
 * A list screen is data, not code (DESIGN §8): `defineResource()` takes a small
 * declaration and `ResourceListPage` turns it into the search box, export,
 * create button, sortable paged table, create/edit dialog and delete
 * confirmation. See README.md in this folder for the full option list.
 */

export * from './row-types'
export * from './column-defs'
export * from './field-defs'

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

/** A button above the list that only goes somewhere (`/app/pilgrims/import`). */
export interface ListLink {
  key: string
  labelKey: string
  icon?: ComponentType<{ size?: number | string }>
  /** An action of the entity (`create` -> `pilgrim_create`) or a full permission name. */
  permission: string
  href: string
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
  /**
   * Loaded choices: their label and value keys. They are read from the list's own `/choices/{name}`, which
   * the server declares on the filter (`choices: { table }`), so whoever may read the list may narrow it.
   */
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
  /** One record with no id (the company's settings): a save is `PUT /{endpoint}`. */
  singleton?: boolean
  /** Permission entity: checks `<entity>_list/_create/_update/_delete/_export`. */
  permission: Entity
  columns: ColumnDef<R>[]
  /** Dialog fields in order. No fields (and no DialogBody) = no create/edit. */
  fields?: FieldDef<R>[]
  /** zod schema for client validation; its parsed output is the POST/PUT body. */
  schema?: z.ZodType
  /** Schema for edit when it differs (e.g. optional password). Default: `schema`. */
  updateSchema?: z.ZodType
  /**
   * Instead of `schema` / `updateSchema`: the schemas from a chunk of their own, so the list screen does not load
   * zod (~25 kB gzip and ~0.25 s of evaluation at a phone's 4× slowdown; issue 33, "Phone"). The form waits for
   * them (useResourceForm).
   */
  loadSchemas?: () => Promise<{ schema: z.ZodType; updateSchema?: z.ZodType }>
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
   * Links beside the export and create buttons to a screen of the list's own (the pilgrims' import page),
   * each shown only with its permission (an action name is prefixed with the entity).
   */
  links?: ListLink[]
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
  /**
   * Where a page form goes after a create (default: back to the list), e.g. a new hotel leads to adding its
   * rooms. A list opened with `?create=1` opens its create dialog, starting at the list's filter choices.
   */
  nextAfterCreate?: (saved: R) => string | undefined
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
