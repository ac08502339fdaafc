import { DatePickerInput } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import { getPath } from '../../../lib/format'
import { DATE_INPUT_FORMAT, LocalDates } from './dates'
import type { FieldKindProps } from './types'

/** One day: `YYYY-MM-DD` in the form and on the wire, `DD-MM-YYYY` on screen. */
export function DateField({ field, form, path, label, required, disabled, description, placeholder }: FieldKindProps<'date'>) {
  const input = form.getInputProps(path)
  const value = (getPath(form.getValues(), path) as string | null) || null
  return (
    <LocalDates>
      <DatePickerInput
        label={label}
        withAsterisk={required}
        disabled={disabled}
        description={description}
        placeholder={placeholder ?? DATE_INPUT_FORMAT}
        error={input.error}
        valueFormat={DATE_INPUT_FORMAT}
        value={value}
        onChange={(v) => form.setFieldValue(path, v ?? null)}
        onBlur={input.onBlur}
        minDate={field.minDate}
        maxDate={field.maxDate}
        clearable={field.clearable ?? !required}
        leftSection={<IconCalendar size={16} />}
        popoverProps={{ withinPortal: true }}
      />
    </LocalDates>
  )
}
