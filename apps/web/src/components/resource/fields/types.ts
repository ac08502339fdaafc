import type { ReactNode } from 'react'
import type { FieldContext, FieldDef, FieldKind, ResourceForm, ResourceRow } from '../define'

/**
 * What every field kind receives: its declaration, the Mantine form it is
 * bound to (by `path`, which is `field.name` at the top level and
 * `general_info.0.title` inside a repeatable list), its label and state.
 */
export interface FieldKindProps<K extends FieldKind, R extends ResourceRow = ResourceRow> extends FieldContext<R> {
  field: Extract<FieldDef<R>, { kind: K }>
  form: ResourceForm
  /** Form path of the value. */
  path: string
  label: string
  required: boolean
  disabled: boolean
  description?: ReactNode
  placeholder?: string
}
