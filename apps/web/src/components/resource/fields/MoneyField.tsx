import { Text, type TextProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/numbers'
import { NumberText } from './NumberField'
import type { FieldKindProps } from './types'

/**
 * An amount: typed and shown as the user's language writes it (`1,234,567.50` / `1.234.567,50`)
 * beside its currency, kept as the number 1234567.5 (a JSON number on the wire). Two decimals at most.
 */
export function MoneyField({ field, form, path, label, required, disabled, description, placeholder }: FieldKindProps<'money'>) {
  return (
    <NumberText
      form={form}
      path={path}
      label={label}
      required={required}
      disabled={disabled}
      readOnly={field.readOnly}
      description={description}
      placeholder={placeholder}
      min={field.min ?? 0}
      decimalScale={field.decimalScale ?? 2}
      minDecimals={2}
      leftSection={
        <Text span size="sm" c="dimmed">
          {field.currency ?? 'SAR'}
        </Text>
      }
    />
  )
}

/** A price as lists and summaries show it: `SAR 1,234,567` (en) / `SAR 1.234.567` (id), cents when any; '-' when empty. */
export function Price({ value, currency, ...props }: TextProps & { value: unknown; currency?: string }) {
  const { i18n } = useTranslation()
  return (
    <Text component="span" inherit {...props}>
      {formatMoney(value, currency, i18n.language)}
    </Text>
  )
}
