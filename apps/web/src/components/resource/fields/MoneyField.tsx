import { NumberInput, Text, type TextProps } from '@mantine/core'
import { formatMoney, getPath } from '../../../lib/format'
import type { FieldKindProps } from './types'

/** Input format of amounts (spec §5, §9): dot thousands, comma decimals. The form keeps a plain number. */
export const NUMBER_INPUT_FORMAT = { thousandSeparator: '.', decimalSeparator: ',' } as const

/**
 * An amount: typed and shown `1.234.567,50` behind the currency, kept as the
 * number 1234567.5 (sent as a JSON number; the wire's decimal separator is
 * `.`). Not negative unless `min` says otherwise; two decimals at most.
 */
export function MoneyField({ field, form, path, label, required, disabled, description, placeholder }: FieldKindProps<'money'>) {
  const input = form.getInputProps(path)
  const value = getPath(form.getValues(), path) as number | string | null
  return (
    <NumberInput
      label={label}
      withAsterisk={required}
      disabled={disabled}
      readOnly={field.readOnly}
      description={description}
      placeholder={placeholder}
      error={input.error}
      onBlur={input.onBlur}
      onFocus={input.onFocus}
      value={value ?? ''}
      onChange={(v) => form.setFieldValue(path, v)}
      prefix={`${field.currency ?? 'SAR'} `}
      min={field.min ?? 0}
      allowNegative={(field.min ?? 0) < 0}
      decimalScale={field.decimalScale ?? 2}
      {...NUMBER_INPUT_FORMAT}
      inputMode="decimal"
    />
  )
}

/** A price as the lists and summaries show it: `SAR 1.234.567` (no decimals), '-' when empty. */
export function Price({ value, currency, ...props }: TextProps & { value: unknown; currency?: string }) {
  return (
    <Text component="span" inherit {...props}>
      {formatMoney(value, currency)}
    </Text>
  )
}
