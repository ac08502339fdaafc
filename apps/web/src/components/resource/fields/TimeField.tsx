import { TimePicker } from '@mantine/dates'
import { IconClock } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import type { FieldKindProps } from './types'

/**
 * A time of day, `HH:mm` (24 h) in the form and on the wire. Mantine's TimePicker with its own hours and
 * minutes boxes, always 24-hour whatever the browser's locale (issue 32, item 10: the browser's time input
 * showed AM/PM in an Indonesian screen). The server checks the same format (`timeField`).
 */
export function TimeField({ form, path, label, required, disabled, description }: FieldKindProps<'time'>) {
  const { t } = useTranslation()
  const input = form.getInputProps(path)
  const value = (getPath(form.getValues(), path) as string | null) ?? ''
  return (
    <TimePicker
      format="24h"
      label={label}
      withAsterisk={required}
      disabled={disabled}
      description={description}
      error={input.error}
      value={value.slice(0, 5)}
      onChange={(v) => form.setFieldValue(path, v || null)}
      onBlur={input.onBlur}
      hoursInputLabel={t('kit.time.hours', { field: label })}
      minutesInputLabel={t('kit.time.minutes', { field: label })}
      leftSection={<IconClock size={16} />}
    />
  )
}
