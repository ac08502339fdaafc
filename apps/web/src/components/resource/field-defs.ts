import type { ReactNode } from 'react'
import type { TFunction } from 'i18next'
import type { GroupAttributeType } from '@app/shared'
import type { QueryParams } from '../../lib/api-client'
import type { Me } from '../../lib/permissions'
import type { DialogMode, FormValues, ResourceForm, ResourceRow } from './row-types'

/* The fields of a form declaration: each kind's options, and the helpers (`field.text`, `field.money`...) that make them. */

export interface FieldContext<R extends ResourceRow = ResourceRow> {
  mode: DialogMode
  values: FormValues
  /** The row being edited (edit mode). */
  row?: R
  me?: Me
  /** Inside a repeatable list: the values of this field's own entry (a stay's room narrowed to the stay's hotel). */
  entry?: FormValues
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
  /**
   * Narrows the loaded rows for this form (a location's parent cannot be itself or below it; a stay's room is
   * one of its hotel's, through `ctx.entry`). A chosen value the narrowed rows no longer hold is cleared.
   */
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
    | {
        kind: 'number'
        min?: number
        max?: number
        step?: number
        decimalScale?: number
        prefix?: string
        grouping?: boolean
        pastePair?: { lat: string; long: string }
      }
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
