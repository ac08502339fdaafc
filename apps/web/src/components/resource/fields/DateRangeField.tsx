import { DatePickerInput } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { getPath } from '../../../lib/format'
import { DATE_INPUT_FORMAT, LocalDates } from './dates'
import type { FieldKindProps } from './types'

type Range = [string | null, string | null]

/**
 * A range of days: `[start, end]` as `YYYY-MM-DD`. A single day is a range
 * (spec: "a single-day range is allowed"): picking one day and closing keeps
 * it as both ends. `maxDays` stops the second pick that far from the first.
 */
export function DateRangeField({
  field,
  form,
  path,
  label,
  required,
  disabled,
  description,
  placeholder,
}: FieldKindProps<'dateRange'>) {
  const input = form.getInputProps(path)
  const raw = getPath(form.getValues(), path)
  const value: Range = Array.isArray(raw) ? [raw[0] ?? null, raw[1] ?? null] : [null, null]
  const maxDate =
    field.maxDays && value[0] && !value[1]
      ? dayjs(value[0])
          .add(field.maxDays - 1, 'day')
          .format('YYYY-MM-DD')
      : field.maxDate
  return (
    <LocalDates>
      <DatePickerInput
        type="range"
        allowSingleDateInRange
        label={label}
        withAsterisk={required}
        disabled={disabled}
        description={description}
        placeholder={placeholder ?? `${DATE_INPUT_FORMAT} – ${DATE_INPUT_FORMAT}`}
        error={input.error}
        valueFormat={DATE_INPUT_FORMAT}
        value={value}
        onChange={(v) => form.setFieldValue(path, [v[0] ?? null, v[1] ?? null])}
        onDropdownClose={() => {
          // One day picked and the calendar closed: that day alone.
          if (value[0] && !value[1]) form.setFieldValue(path, [value[0], value[0]])
          input.onBlur?.()
        }}
        minDate={field.minDate}
        maxDate={maxDate}
        clearable={!required}
        leftSection={<IconCalendar size={16} />}
        popoverProps={{ withinPortal: true }}
      />
    </LocalDates>
  )
}
