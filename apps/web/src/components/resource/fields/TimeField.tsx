import { TimeInput } from '@mantine/dates'
import { IconClock } from '@tabler/icons-react'
import { getPath } from '../../../lib/format'
import type { FieldKindProps } from './types'

/**
 * A time of day, `HH:mm` (24 h) in the form and on the wire: the browser's time input, so the hours and
 * minutes are picked or typed in their own segments and nothing else can be entered. The server checks the
 * same format (`timeField`).
 */
export function TimeField({ form, path, label, required, disabled, description }: FieldKindProps<'time'>) {
  const input = form.getInputProps(path)
  const value = (getPath(form.getValues(), path) as string | null) ?? ''
  return (
    <TimeInput
      label={label}
      withAsterisk={required}
      disabled={disabled}
      description={description}
      error={input.error}
      value={value.slice(0, 5)}
      onChange={(e) => form.setFieldValue(path, e.currentTarget.value || null)}
      onBlur={input.onBlur}
      leftSection={<IconClock size={16} />}
    />
  )
}
