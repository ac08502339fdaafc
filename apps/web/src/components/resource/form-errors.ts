import i18n from 'i18next'
import type { ApiError } from '../../lib/api-client'
import { formatDate } from '../../lib/format'
import { notifyError } from '../../lib/notify'

/** Brings the first field with an error into view and focuses its input (after React has shown the errors). */
export function scrollToFirstError(root: HTMLElement | null) {
  window.setTimeout(() => {
    const target = root?.querySelector<HTMLElement>('[aria-invalid="true"], .mantine-InputWrapper-error')
    if (!target) return
    target.scrollIntoView({ block: 'center', behavior: 'smooth' })
    const input = target.matches('input, textarea, [contenteditable="true"], button')
      ? target
      : target.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>('input, textarea, [contenteditable="true"]')
    input?.focus({ preventScroll: true })
  }, 0)
}

/**
 * A refused save, shown the same way by every form (the engine's dialog and page, the range dialog, change
 * password, a payment): each server error that belongs to a field the form shows goes on that field (several
 * on one field are joined), the first such field is brought into view; anything else, or a refusal naming no
 * field, is a red notification with the form's failed title and the server's message.
 */
export function showServerErrors({
  form,
  error,
  fieldOf,
  failedTitle,
  root,
  remap = (errors) => errors,
}: {
  form: { setErrors: (errors: Record<string, string>) => void }
  error: ApiError
  /** The form path a server error key belongs to; undefined when the form shows no such field. */
  fieldOf: (key: string) => string | undefined
  failedTitle: string
  /** The form element, to scroll to the first error. */
  root?: HTMLElement | null
  /** Last rewrite of the field errors (list entries back on the entry shown). */
  remap?: (errors: Record<string, string>) => Record<string, string>
}): { onFields: Record<string, string>; rest: string[] } {
  const onFields: Record<string, string> = {}
  const rest: string[] = []
  // Days refused for what they hold: the reason and each day as DD-MM-YYYY with its booked count, not bare ISO dates.
  const booked = error.booked?.length
    ? `${error.message}: ${error.booked.map((d) => i18n.t('kit.server.booked_day', { date: formatDate(d.date), count: d.booked })).join(', ')}`
    : undefined
  for (const [key, messages] of Object.entries(error.errors)) {
    const path = fieldOf(key)
    const text = booked ?? messages.join(' ')
    if (path === undefined) rest.push(text)
    else onFields[path] = onFields[path] ? `${onFields[path]} ${text}` : text
  }
  const shown = remap(onFields)
  form.setErrors(shown)
  if (Object.keys(shown).length > 0) scrollToFirstError(root ?? null)
  if (rest.length > 0 || Object.keys(shown).length === 0)
    notifyError(failedTitle, (booked && rest.length ? rest : [error.message, ...rest]).join(' '))
  return { onFields: shown, rest }
}

/** `fieldOf` for a flat form: a key that is one of `names` (or under one: `items.0.price` -> `items`). */
export const fieldAmong =
  (names: readonly string[]) =>
  (key: string): string | undefined =>
    names.includes(key) ? key : names.includes(key.split('.')[0]!) ? key.split('.')[0] : undefined
