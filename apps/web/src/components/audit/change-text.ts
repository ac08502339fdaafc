/** A stored value as one short line: text as it is (rich text without its tags), lists and objects compacted. */
export function valueText(value: unknown, yes: string, no: string, max = 120): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? yes : no
  let text =
    typeof value === 'string'
      ? value
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : typeof value === 'number'
        ? String(value)
        : JSON.stringify(value)
  if (text.length > max) text = `${text.slice(0, max - 1)}…`
  return text || '—'
}

export interface ChangeLine {
  field: string
  before?: unknown
  after?: unknown
  /** Only one side is known (a create's after, a delete's before, a range write's values). */
  single?: boolean
}

/**
 * The fields an audit row's change names, as lines: an update's `{ before, after }` field by field, a create's
 * `{ after }`, a delete's `{ before }`, a calendar range write's `{ range, values }` (its values), and any
 * other route's body as it was sent.
 */
export function changeLines(change: unknown): ChangeLine[] {
  if (!change || typeof change !== 'object' || Array.isArray(change)) return []
  const c = change as Record<string, unknown>
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined)
  const before = obj(c.before)
  const after = obj(c.after)
  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return fields.map((field) => ({ field, before: before[field], after: after[field] }))
  }
  if (after) return Object.entries(after).map(([field, v]) => ({ field, after: v, single: true }))
  if (before) return Object.entries(before).map(([field, v]) => ({ field, before: v, single: true }))
  const values = obj(c.values)
  if (values) return Object.entries(values).map(([field, v]) => ({ field, after: v, single: true }))
  return Object.entries(c).map(([field, v]) => ({ field, after: v, single: true }))
}

/** A calendar range write's range, if the change is one. */
export function changeRange(change: unknown): { start_date: string; end_date: string; weekdays: number[] | null } | undefined {
  const r = (change as { range?: unknown } | null)?.range as Record<string, unknown> | undefined
  if (!r || typeof r.start_date !== 'string' || typeof r.end_date !== 'string') return undefined
  return { start_date: r.start_date, end_date: r.end_date, weekdays: Array.isArray(r.weekdays) ? (r.weekdays as number[]) : null }
}
