import type { UseFormReturnType } from '@mantine/form'
import type { ApiError } from '../../lib/api-client'
import { AUTH_AUTO_CLOSE, notifyError, notifyWarning } from '../../lib/notify'
import type { Translate } from '../../lib/validation'

/**
 * How every account screen reports a failed call (spec §8): 429 is the orange
 * 'Please Wait' warning; anything else a red notification with the screen's
 * failure title and the server's message, and field messages go back into
 * the form. All held 15 s.
 */
export function reportAuthFailure<V>(t: Translate, error: ApiError, failedTitle: string, form?: UseFormReturnType<V>) {
  if (error.status === 429) {
    notifyWarning(t('auth.limit_warning.title'), t('auth.limit_warning.message'), AUTH_AUTO_CLOSE)
    return
  }
  if (form) {
    const fieldErrors = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')]))
    if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors)
  }
  notifyError(failedTitle, error.message, AUTH_AUTO_CLOSE)
}
