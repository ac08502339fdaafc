import { DateInput } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { getPath } from '../../../lib/format'
import { DATE_INPUT_FORMAT, LocalDates } from './dates'
import type { FieldKindProps } from './types'

/**
 * A day typed as `DD-MM-YYYY` (also with `/` or `.`, and a one-digit day or month), or `YYYY-MM-DD`:
 * the day as `YYYY-MM-DD`, or null when the text is no real day.
 */
export function parseTypedDate(text: string): string | null {
  const s = text.trim()
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s)
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s)
  const [d, mo, y] = dmy ? [dmy[1], dmy[2], dmy[3]] : ymd ? [ymd[3], ymd[2], ymd[1]] : []
  if (!d || !mo || !y) return null
  const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`
  const day = dayjs(iso, 'YYYY-MM-DD', true)
  return day.isValid() && day.format('YYYY-MM-DD') === iso ? iso : null
}

/**
 * One day: `YYYY-MM-DD` in the form and on the wire, `DD-MM-YYYY` on screen. Typed (issue 32, item 10: a
 * Ramadan date took three month clicks) or picked from the calendar that opens with it; a typed day outside
 * `minDate`/`maxDate` is not taken.
 */
export function DateField({ field, form, path, label, required, disabled, description, placeholder }: FieldKindProps<'date'>) {
  const input = form.getInputProps(path)
  const value = (getPath(form.getValues(), path) as string | null) || null
  return (
    <LocalDates>
      <DateInput
        label={label}
        withAsterisk={required}
        disabled={disabled}
        description={description}
        placeholder={placeholder ?? DATE_INPUT_FORMAT}
        error={input.error}
        valueFormat={DATE_INPUT_FORMAT}
        dateParser={parseTypedDate}
        value={value}
        onChange={(v) => form.setFieldValue(path, v ? dayjs(v).format('YYYY-MM-DD') : null)}
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
