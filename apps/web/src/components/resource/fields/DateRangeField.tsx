import { useState } from 'react'
import { Stack, TextInput } from '@mantine/core'
import { DatePickerInput } from '@mantine/dates'
import { IconCalendar, IconKeyboard } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import { parseTypedDate } from './DateField'
import { DATE_INPUT_FORMAT, LocalDates } from './dates'
import { usePendingInput } from '../pending-inputs'
import type { FieldKindProps } from './types'

type Range = [string | null, string | null]

/** What a typed range reads as: both days (`YYYY-MM-DD`), or why it cannot be taken. */
export type TypedRange =
  { range: [string, string] } | { error: 'unreadable' | 'reversed' | 'outside' } | { error: 'too_long'; maxDays: number }

const DAY = String.raw`(\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{4}-\d{1,2}-\d{1,2})`
// Between the two days: a dash (–, —, -) or "s/d" (sampai dengan), spaces optional.
const RANGE = new RegExp(String.raw`^${DAY}\s*(?:–|—|-|s\s*/\s*d)\s*${DAY}$`, 'i')

/**
 * A range typed as `DD-MM-YYYY – DD-MM-YYYY` (issue 32, item 10): the separator a dash or "s/d", spaces
 * optional, each day as `parseTypedDate` reads it; one day alone is a one-day range. Refused when a day is
 * no real day, the end is before the start, a day is outside `minDate`/`maxDate`, or the range is longer than
 * `maxDays`.
 */
export function parseTypedRange(text: string, limits: { minDate?: string; maxDate?: string; maxDays?: number } = {}): TypedRange {
  const s = text.trim()
  const m = RANGE.exec(s)
  const start = m ? parseTypedDate(m[1]!) : parseTypedDate(s)
  const end = m ? parseTypedDate(m[2]!) : start
  if (!start || !end) return { error: 'unreadable' }
  if (end < start) return { error: 'reversed' }
  if ((limits.minDate && start < limits.minDate) || (limits.maxDate && end > limits.maxDate)) return { error: 'outside' }
  if (limits.maxDays && dayjs(end).diff(dayjs(start), 'day') + 1 > limits.maxDays)
    return { error: 'too_long', maxDays: limits.maxDays }
  return { range: [start, end] }
}

/**
 * A range of days: `[start, end]` as `YYYY-MM-DD`. Picked from the calendar or typed under it as
 * `DD-MM-YYYY – DD-MM-YYYY` (taken on Enter or on leaving the box; a text that is no range shows why on the
 * box and changes nothing). A single day is a range (spec: "a single-day range is allowed"): picking one
 * day and closing keeps it as both ends. `maxDays` stops the second pick that far from the first.
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
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string | null>(null)
  const input = form.getInputProps(path)
  const raw = getPath(form.getValues(), path)
  const value: Range = Array.isArray(raw) ? [raw[0] ?? null, raw[1] ?? null] : [null, null]
  const maxDate =
    field.maxDays && value[0] && !value[1]
      ? dayjs(value[0])
          .add(field.maxDays - 1, 'day')
          .format('YYYY-MM-DD')
      : field.maxDate

  /** Why a typed text is not a range the field takes, or null. */
  const refusal = (read: TypedRange) =>
    'range' in read
      ? null
      : read.error === 'too_long'
        ? t('kit.date_range.too_long', { field: label, count: read.maxDays })
        : t(`kit.date_range.${read.error}`, { field: label })

  /** Takes the typed range, or shows why not; answers that reason (null: taken, or nothing typed). */
  const takeTyped = () => {
    if (!typed.trim()) {
      setTypedError(null)
      return null
    }
    const read = parseTypedRange(typed, field)
    if ('range' in read) {
      form.setFieldValue(path, read.range)
      setTyped('')
    }
    const message = refusal(read)
    setTypedError(message)
    return message
  }

  // A save reads the box too (pending-inputs.ts), whether or not the box was left first: a range there is
  // taken before the form is checked; text that is no range is the field's error, so the range shown
  // before it is not sent as if the typed one had been taken.
  const clearPending = usePendingInput(path, takeTyped)

  return (
    <LocalDates>
      <Stack gap={4}>
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label={label}
          withAsterisk={required}
          disabled={disabled}
          description={description}
          placeholder={placeholder ?? `${DATE_INPUT_FORMAT} – ${DATE_INPUT_FORMAT}`}
          // The typed box's own message shows under the box only, not twice.
          error={input.error && input.error !== typedError ? input.error : undefined}
          valueFormat={DATE_INPUT_FORMAT}
          value={value}
          onChange={(v) => {
            form.setFieldValue(path, [v[0] ?? null, v[1] ?? null])
            // Picked from the calendar: text typed and not taken is replaced, not kept in the way.
            setTyped('')
            setTypedError(null)
            clearPending()
          }}
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
        <TextInput
          aria-label={t('kit.date_range.typed', { field: label })}
          placeholder={`${DATE_INPUT_FORMAT} – ${DATE_INPUT_FORMAT}`}
          disabled={disabled}
          size="xs"
          value={typed}
          error={typedError}
          onChange={(e) => {
            setTyped(e.currentTarget.value)
            if (typedError) setTypedError(null)
            clearPending()
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            takeTyped()
          }}
          onBlur={takeTyped}
          leftSection={<IconKeyboard size={14} />}
        />
      </Stack>
    </LocalDates>
  )
}
