import type { z } from 'zod'
import { issueField, issueMessage, type ZodIssueWithInput } from '@app/shared'

/**
 * Client-side validation with the same zod schemas the server uses, with
 * messages in the UI language (spec §5: '{Field} is Required', 'Email is Wrong
 * Format', ...). Keys live under `validation.*` in locales/<lang>/common.json.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string

/** One zod issue as a sentence in the UI language (the mapping is shared with the server). */
export function issueText(t: Translate, issue: ZodIssueWithInput, fieldLabel: string): string {
  const { key, params, custom } = issueMessage(issue)
  if (custom) return t(`validation.${key}`, { field: fieldLabel, defaultValue: key })
  return t(`validation.${key}`, { field: fieldLabel, ...params })
}

/**
 * Validates `values` with `schema` and returns Mantine-form errors: field path
 * -> first message. An empty object means valid. `labelFor` gets the field
 * name, or with `byPath` the whole path (`general_info.0.title`), so an entry's
 * field can be named rather than its list.
 */
export function zodFormErrors(
  schema: z.ZodType,
  values: unknown,
  t: Translate,
  labelFor: (field: string) => string,
  byPath = false,
): Record<string, string> {
  // reportInput: tell an empty value ('{Field} is Required') from a short one.
  const result = schema.safeParse(values, { reportInput: true })
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const path = issueField(issue, '')
    if (!path || errors[path]) continue
    errors[path] = issueText(t, issue, labelFor(byPath ? path : path.split('.')[0]!))
  }
  return errors
}
