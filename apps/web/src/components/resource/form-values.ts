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
      return ''
    default:
      return null
  }
}

/**
 * Initial form values: empty ones for create; for edit, `transformRow(row)` when
 * given, else each field's value taken from the row (null/undefined -> empty;
 * passwords always empty).
 */
export function initialValues<R extends ResourceRow>(
  fields: FieldDef<R>[],
  mode: DialogMode,
  row?: R,
  transformRow?: (row: R) => FormValues,
): FormValues {
  const values: FormValues = {}
  for (const f of fields) values[f.name] = emptyValue(f as FieldDef)
  if (mode === 'create' || !row) return values
  if (transformRow) return { ...values, ...transformRow(row) }
  for (const f of fields) {
    if (f.kind === 'password') continue
    const v = row[f.name]
    if (v !== null && v !== undefined) values[f.name] = v
  }
  return values
}

/** The object schema behind refinements/pipes, if any. */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let s: unknown = schema
  for (let i = 0; i < 4 && s; i++) {
    const shape = (s as { shape?: unknown }).shape
    if (shape && typeof shape === 'object') return shape as Record<string, z.ZodType>
    s = (s as { in?: unknown; def?: { in?: unknown } }).in ?? (s as { def?: { in?: unknown } }).def?.in
  }
  return undefined
}

/** A field is required when the schema rejects its absence. */
export function isRequired(schema: z.ZodType | undefined, name: string): boolean {
  const prop = objectShape(schema)?.[name]
  if (!prop) return false
  return !prop.safeParse(undefined).success
}
