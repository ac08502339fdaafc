import { PASSWORD_MIN } from '@app/shared'
import type { Translate } from '../../lib/validation'

/**
 * Form rules of the account pages (spec §5) as Mantine validators. Plain
 * functions, no zod, so the login bundle stays small.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailRule(t: Translate, field = t('fields.email')) {
  return (v: string) => (!v.trim() ? t('validation.required', { field }) : EMAIL.test(v.trim()) ? null : t('validation.email'))
}

export function requiredRule(t: Translate, field: string) {
  return (v: string) => (!v.trim() ? t('validation.required', { field }) : null)
}

export function passwordRule(t: Translate, field = t('fields.password')) {
  return (v: string) =>
    !v
      ? t('validation.required', { field })
      : v.length < PASSWORD_MIN
        ? t('validation.too_short', { field, min: PASSWORD_MIN })
        : null
}

export function confirmationRule(t: Translate, field = t('fields.password_confirmation')) {
  return (v: string, values: { password: string }) =>
    !v ? t('validation.required', { field }) : v !== values.password ? t('validation.password_confirmation') : null
}
