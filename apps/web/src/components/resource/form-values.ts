import type { z } from 'zod'
import type { DialogMode, FieldDef, FormValues, ResourceRow } from './define'

/** Empty value of a field in the create form. */
export function emptyValue(field: FieldDef): unknown {
  if (field.initial !== undefined) return field.initial
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'password':
    case 'number':
    case 'money':
    case 'richText':
      return ''
    case 'multiSelect':
    case 'checkboxGroup':
    case 'gallery':
    case 'attributes':
      return []
    case 'dateRange':
      return [null, null]
    case 'checkbox':
      return false
    case 'repeatable':
      // One blank entry to fill in (spec §2: "one blank entry of each is shown").
      return [blankEntry(field.fields as FieldDef[])]
    default:
      return null
  }
}

/** A new entry of a repeatable list: every sub-field empty. */
export function blankEntry(fields: FieldDef[]): FormValues {
  const entry: FormValues = {}
  for (const f of fields) entry[f.name] = emptyValue(f)
  return entry
}

/** A value from the row in the shape the field's input wants (null text -> '', missing lists -> []). */
function fromRow(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return emptyValue(field)
  if (field.kind === 'repeatable') {
    const list = Array.isArray(value) ? value : []
    if (list.length === 0) return emptyValue(field)
    const subs = field.fields as FieldDef[]
    return list.map((entry: FormValues) => {
      // Keep the entry's id (the server updates that entry) and fill the sub-fields.
      const out: FormValues = entry.id !== undefined ? { id: entry.id } : {}
      for (const sub of subs) out[sub.name] = fromRow(sub, entry?.[sub.name])
      return out
    })
  }
  return value
}

/**
 * What the server puts in a field sent without a value, read from the schema (`z.enum(...).default('active')`): a create
 * form starts there, so the form shows what saving it untouched would store. Undefined without a default.
 */
export function schemaDefault(schema: z.ZodType | undefined, name: string): unknown {
  const prop = schemaAt(schema, name)
  if (!prop) return undefined
  const parsed = prop.safeParse(undefined)
  if (!parsed.success) return undefined
  const value: unknown = parsed.data
  // "Nothing" (null, '', []) is no default: the kind's own empty value stays (a list keeps its blank entry).
  return value === null || value === '' || (Array.isArray(value) && value.length === 0) ? undefined : value
}

/**
 * Initial form values: for create, each field's `initial`, else the schema's default, else its kind's empty
 * value; for edit, `transformRow(row)` when given, else each field's value taken from the row
 * (null/undefined -> empty; passwords always empty; an empty repeatable list -> one blank entry).
 */
export function initialValues<R extends ResourceRow>(
  fields: FieldDef<R>[],
  mode: DialogMode,
  row?: R,
  transformRow?: (row: R) => FormValues,
  schema?: z.ZodType,
): FormValues {
  const values: FormValues = {}
  for (const f of fields) {
    const byDefault = f.initial === undefined && mode === 'create' ? schemaDefault(schema, f.name) : undefined
    values[f.name] = byDefault !== undefined ? byDefault : emptyValue(f as FieldDef)
  }
  if (mode === 'create' || !row) return values
  if (transformRow) {
    const given = transformRow(row)
    const out = { ...values, ...given }
    for (const f of fields) if (f.kind === 'repeatable' && f.name in given) out[f.name] = fromRow(f as FieldDef, given[f.name])
    return out
  }
  for (const f of fields) {
    if (f.kind === 'password' || f.kind === 'map') continue
    values[f.name] = fromRow(f as FieldDef, row[f.name])
  }
  return values
}

type Def = { shape?: unknown; in?: unknown; out?: unknown; innerType?: unknown; element?: unknown; schema?: unknown }
/** The schema behind optional/nullable/default/preprocess/pipe wrappers. */
function unwrap(schema: unknown): unknown {
  let s = schema
  for (let i = 0; i < 8 && s; i++) {
    const def = (s as { def?: Def }).def
    if ((s as { shape?: unknown }).shape || def?.element) return s
    const next = def?.innerType ?? def?.out ?? def?.in ?? def?.schema
    if (!next || next === s) return s
    // A preprocess is a pipe whose `in` is the transform: follow `out`.
    s = def?.out ?? next
  }
  return s
}

/** The object schema behind refinements/pipes, if any. */
function objectShape(schema: unknown): Record<string, z.ZodType> | undefined {
  let s: unknown = schema
  for (let i = 0; i < 4 && s; i++) {
    const shape = (s as { shape?: unknown }).shape
    if (shape && typeof shape === 'object') return shape as Record<string, z.ZodType>
    s = (s as { in?: unknown; def?: { in?: unknown } }).in ?? (s as { def?: { in?: unknown } }).def?.in
  }
  return undefined
}

/**
 * The schema of one path: `general_info.title` walks into the list's entry
 * schema (array indexes are skipped), so sub-fields know whether they are required.
 */
export function schemaAt(schema: z.ZodType | undefined, path: string): z.ZodType | undefined {
  let s: unknown = schema
  for (const part of path.split('.')) {
    if (/^\d+$/.test(part)) continue
    let inner = unwrap(s)
    const element = (inner as { def?: Def })?.def?.element
    if (element) inner = unwrap(element)
    const prop = objectShape(inner)?.[part]
    if (!prop) return undefined
    s = prop
  }
  return s as z.ZodType
}

/** A field is required when the schema rejects its absence. */
export function isRequired(schema: z.ZodType | undefined, name: string): boolean {
  const prop = schemaAt(schema, name)
  if (!prop) return false
  return !prop.safeParse(undefined).success
}

/**
 * An entry nobody filled in: every value empty, or what a new entry starts
 * with (a sub-field's `initial`, a switch left off), so a default does not
 * make an untouched entry count.
 */
function isBlank(entry: unknown, subs: FieldDef[] = []): boolean {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return false
  const initial = new Map(subs.map((f) => [f.name, emptyValue(f)]))
  return Object.entries(entry).every(
    ([k, v]) =>
      k === 'id' ||
      v === null ||
      v === undefined ||
      (typeof v === 'string' && v.trim() === '') ||
      (Array.isArray(v) && v.length === 0) ||
      (initial.has(k) && typeof v !== 'object' && initial.get(k) === v),
  )
}

/**
 * The shared schemas drop blank entries before checking a list, so their error
 * paths count only the filled ones (`general_info.0.title` may be the form's
 * second entry). This puts such errors back on the entry the user sees.
 */
export function remapListErrors(errors: Record<string, string>, values: FormValues, fields: FieldDef[]): Record<string, string> {
  const lists = new Map<string, number[]>()
  for (const f of fields) {
    if (f.kind !== 'repeatable') continue
    const entries = Array.isArray(values[f.name]) ? (values[f.name] as unknown[]) : []
    lists.set(
      f.name,
      entries.flatMap((e, i) => (isBlank(e, f.fields as FieldDef[]) ? [] : [i])),
    )
  }
  const out: Record<string, string> = {}
  for (const [key, message] of Object.entries(errors)) {
    const m = key.match(/^([^.]+)\.(\d+)(\..*)?$/)
    const map = m ? lists.get(m[1]!) : undefined
    const index = m && map ? map[Number(m[2])] : undefined
    out[index !== undefined ? `${m![1]}.${index}${m![3] ?? ''}` : key] = message
  }
  return out
}

/** The values with the all-blank entries of repeatable lists left out (checklist B-06: the client drops them). */
export function dropBlankEntries(values: FormValues, fields: FieldDef[]): FormValues {
  const out = { ...values }
  for (const f of fields) {
    if (f.kind === 'repeatable' && Array.isArray(out[f.name]))
      out[f.name] = (out[f.name] as unknown[]).filter((e) => !isBlank(e, f.fields as FieldDef[]))
  }
  return out
}
