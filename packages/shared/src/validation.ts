import type { z } from 'zod'

/**
 * The one zod-issue -> message mapping, used by the server (422 field errors)
 * and by the web forms, so both say the same thing for the same input. It
 * returns a message key and its parameters; each side turns the key into text
 * in the caller's language (server: `field.<key>`, web: `validation.<key>`).
 */
export type IssueMessageKey =
  | 'required'
  | 'invalid_type'
  | 'too_short'
  | 'too_long'
  | 'too_small'
  | 'too_big'
  | 'too_many'
  | 'email'
  | 'enum'
  | 'invalid'
  | 'unknown'

export type IssueMessage =
  | { key: IssueMessageKey; params: Record<string, string | number>; custom?: false }
  /** A refinement's own message key (`password_confirmation`, `username_invalid`). */
  | { key: string; params: Record<string, string | number>; custom: true }

export type ZodIssueWithInput = z.core.$ZodIssue & { input?: unknown }

/** Nothing given: absent, null, or text that is only spaces (an unchosen select sends ''). */
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

export function issueMessage(issue: ZodIssueWithInput): IssueMessage {
  const m = (key: IssueMessageKey, params: Record<string, string | number> = {}): IssueMessage => ({ key, params })
  const input = issue.input
  switch (issue.code) {
    case 'invalid_type':
      if (isEmpty(input)) return m('required')
      return m('invalid_type', { expected: String(issue.expected) })
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') return isEmpty(input) ? m('required') : m('too_short', { min })
      // A list that must have an entry and has none is missing.
      if (issue.origin === 'array' && min <= 1 && (!Array.isArray(input) || input.length === 0)) return m('required')
      return m('too_small', { min })
    }
    case 'too_big':
      if (issue.origin === 'string') return m('too_long', { max: Number(issue.maximum) })
      if (issue.origin === 'array' || issue.origin === 'set') return m('too_many', { max: Number(issue.maximum) })
      return m('too_big', { max: Number(issue.maximum) })
    case 'invalid_format':
      // An empty time or code is missing, not malformed.
      if (isEmpty(input)) return m('required')
      return issue.format === 'email' ? m('email') : m('invalid')
    case 'invalid_value':
      // A choice left empty is missing ('{Field} is Required'), not a wrong option.
      if (isEmpty(input)) return m('required')
      return m('enum', { options: issue.values.map(String).join(', ') })
    case 'unrecognized_keys':
      return m('unknown', { keys: issue.keys.join(', ') })
    case 'custom':
      // Refinements carry a message key as their message.
      return issue.message && issue.message !== 'Invalid input' ? { key: issue.message, params: {}, custom: true } : m('invalid')
    default:
      return m('invalid')
  }
}

/** The field an issue belongs to: its path joined with dots (`general_info.0.title`), or `fallback`. */
export function issueField(issue: z.core.$ZodIssue, fallback: string): string {
  return issue.path.map(String).join('.') || fallback
}
