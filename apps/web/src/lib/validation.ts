import type { z } from 'zod'

/**
 * Client-side validation with the same zod schemas the server uses, with
 * messages in the UI language (spec §5: '{Field} is Required', 'Email is Wrong
 * Format', ...). Keys live under `validation.*` in locales/<lang>/common.json.
 */
export type Translate = (key: string, params?: Record<string, unknown>) => string

type Issue = z.core.$ZodIssue & { input?: unknown }

export function issueMessage(t: Translate, issue: Issue, fieldLabel: string): string {
  const p = (key: string, params: Record<string, unknown> = {}) => t(`validation.${key}`, { field: fieldLabel, ...params })
  const input = issue.input
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null || input === '') return p('required')
      return p('invalid')
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') {
        if (typeof input !== 'string' || input.trim() === '') return p('required')
        return p('too_short', { min })
      }
      if (issue.origin === 'array' && min <= 1) return p('required')
      return p('too_small', { min })
    }
    case 'too_big':
      if (issue.origin === 'string') return p('too_long', { max: Number(issue.maximum) })
      return p('too_big', { max: Number(issue.maximum) })
    case 'invalid_format':
      if (issue.format === 'email') return p('email')
      return p('invalid')
    case 'invalid_value':
      // An unchosen select (status, type…) is missing, not wrong.
      if (input === undefined || input === null || input === '') return p('required')
      return p('invalid')
    case 'custom':
      // Refinements carry an i18n key as their message (e.g. 'password_confirmation').
      return issue.message && issue.message !== 'Invalid input'
        ? t(`validation.${issue.message}`, { field: fieldLabel, defaultValue: issue.message })
        : p('invalid')
    default:
      return p('invalid')
  }
}

/**
 * Validates `values` with `schema` and returns Mantine-form errors: field path
 * -> first message. An empty object means valid.
 */
export function zodFormErrors(
  schema: z.ZodType,
  values: unknown,
  t: Translate,
  labelFor: (field: string) => string,
): Record<string, string> {
  // reportInput: tell an empty value ('{Field} is Required') from a short one.
  const result = schema.safeParse(values, { reportInput: true })
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues as Issue[]) {
    const path = issue.path.map(String).join('.')
    if (!path || errors[path]) continue
    errors[path] = issueMessage(t, issue, labelFor(path.split('.')[0]!))
  }
  return errors
}
