import { memo, useEffect, useId, useState } from 'react'
import { Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconPointFilled } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { hijriDate, hijriShort } from '@app/shared'
import { formatMoney } from '../../lib/format'
import { useWeekendDays } from '../resource/fields/weekend-days'
import type { DayView, GridCell } from './calendar-math'
import type { CalendarDefinition } from './define'
import { calendarLabel, hijriLanguage, longDate, weekdayNames } from './labels'
import './calendar.css'
import { HoverTooltip } from '../HoverTooltip'

/** Class names of calendar.css. */
const classes = {
  grid: 'av-grid',
  row: 'av-row',
  head: 'av-head',
  cellWrap: 'av-cell',
  outside: 'av-outside',
  day: 'av-day',
  values: 'av-values',
  short: 'av-short',
  marker: 'av-marker',
  blocked: 'av-blocked',
  list: 'av-list',
  listDay: 'av-day av-list-day',
  listHead: 'av-list-head',
  listValues: 'av-list-values',
  hijri: 'av-hijri',
  booked: 'av-booked',
}

export interface DayStock {
  booked: number
  remaining: number
}

interface GridProps {
  def: CalendarDefinition
  weeks: GridCell[][]
  days: Map<string, DayView>
  stock: Map<string, DayStock>
  /** Phones: the month as a list of days instead of a 7-column grid. */
  compact: boolean
  /** A day clicked, or the first day of a range dragged across and its last day. */
  onPick?: (day: DayView, end?: string) => void
}

/**
 * The month, Monday first with full weekday names: a stored open day in the
 * declaration's colour with its values, a blocked day red with "Blocked", a
 * day without a row in grey with the item's defaults; a dot marks a stored
 * day whose values differ from the defaults. Each day is a button that opens
 * the range dialog on it; dragging across days (mouse) opens it on that range.
 */
/**
 * A memo: the page draws again on each change of its queries' state (fetching, the item), while the days change
 * only with the month's answer (issue 33, "Phone": 42 days drawn again in a store update's one long task).
 */
export const MonthGrid = memo(function MonthGrid({ def, weeks, days, stock, compact, onPick }: GridProps) {
  const { i18n } = useTranslation()
  // The company's weekend (issue 32, item 10) shades its columns and days.
  const weekend = new Set(useWeekendDays())
  const [drag, setDrag] = useState<{ from: string; to: string } | null>(null)
  const dragging = !!drag
  useEffect(() => {
    if (!dragging) return
    // Released outside the days: no range.
    const cancel = () => setDrag(null)
    window.addEventListener('mouseup', cancel)
    return () => window.removeEventListener('mouseup', cancel)
  }, [dragging])
  const [lo, hi] = drag ? [drag.from, drag.to].sort() : ['', '']
  const dragProps = (date: string) =>
    onPick
      ? {
          selecting: !!drag && date >= lo! && date <= hi!,
          onDown: () => setDrag({ from: date, to: date }),
          onEnter: () => drag && setDrag({ ...drag, to: date }),
          onUp: () => {
            if (!drag) return
            const [a, b] = [drag.from, date].sort()
            setDrag(null)
            const first = days.get(a!)
            if (first) onPick(first, b)
          },
        }
      : undefined
  if (compact) {
    const cells = weeks.flat().filter((c) => c.inMonth)
    return (
      <Stack gap={6} className={classes.list}>
        {cells.map((c) => (
          <DayButton
            key={c.date}
            def={def}
            cell={c}
            day={days.get(c.date)}
            stock={stock.get(c.date)}
            onPick={onPick}
            compact
            weekend={weekend.has(c.weekday)}
          />
        ))}
      </Stack>
    )
  }
  const names = weekdayNames(i18n.language, 'long')
  return (
    <Box className={classes.grid} role="table">
      <Box className={classes.row} role="row">
        {names.map((n, i) => (
          <Text
            key={n}
            role="columnheader"
            className={classes.head}
            size="sm"
            fw={600}
            ta="center"
            data-weekend={weekend.has(i + 1) || undefined}
          >
            {n}
          </Text>
        ))}
      </Box>
      {weeks.map((week) => (
        <Box key={week[0]!.date} className={classes.row} role="row">
          {week.map((c) => (
            <Box key={c.date} role="cell" className={classes.cellWrap} data-weekend={weekend.has(c.weekday) || undefined}>
              {c.inMonth ? (
                <DayButton
                  def={def}
                  cell={c}
                  day={days.get(c.date)}
                  stock={stock.get(c.date)}
                  onPick={onPick}
                  drag={dragProps(c.date)}
                  weekend={weekend.has(c.weekday)}
                />
              ) : (
                <Text className={classes.outside} size="sm" aria-hidden>
                  {c.day}
                </Text>
              )}
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  )
})

function DayButton({
  def,
  cell,
  day,
  stock,
  onPick,
  compact,
  drag,
  weekend,
}: {
  def: CalendarDefinition
  cell: GridCell
  day?: DayView
  stock?: DayStock
  onPick?: (day: DayView, end?: string) => void
  compact?: boolean
  /** Mouse range selection (the grid); without it a click opens the day. */
  drag?: { selecting: boolean; onDown: () => void; onEnter: () => void; onUp: () => void }
  /** A day of the company's weekend: shaded. */
  weekend?: boolean
}) {
  const { t, i18n } = useTranslation()
  const descriptionId = useId()
  if (!day) return null
  const state = day.blocked ? 'blocked' : day.stored ? 'stored' : day.offered ? 'default' : 'closed'
  const marked = day.changed.length > 0
  const color = day.blocked ? 'red' : def.color
  const valueText = (key: string, kind: 'money' | 'count') =>
    kind === 'money' ? formatMoney(day.values[key]) : String(day.values[key] ?? '-')
  const lines = def.values.map((v) => ({ key: v.key, short: t(`availability.short.${v.key}`), text: valueText(v.key, v.kind) }))
  const changedText = t('availability.changed', { fields: day.changed.map((k) => calendarLabel(t, k)).join(', ') })
  const hijriLang = hijriLanguage(i18n.language)
  const description = [
    `${longDate(i18n.language, day.date)} (${hijriDate(day.date, hijriLang)})`,
    t(`availability.state.${state}`),
    ...(day.blocked || state === 'closed' ? [] : lines.map((l) => `${calendarLabel(t, l.key)} ${l.text}`)),
    ...(marked ? [changedText] : []),
    ...(stock ? [t('availability.booked', { ...stock })] : []),
  ].join('. ')
  const weekday = weekdayNames(i18n.language, 'short')[cell.weekday - 1]
  // The button is named by what it shows (the day and its figures: WCAG 2.5.3, axe label-content-name-mismatch);
  // the full reading (date, state, values, bookings) is its description.
  return (
    <>
      <span id={descriptionId} hidden>
        {description}
      </span>
      <UnstyledButton
        aria-describedby={descriptionId}
        className={compact ? classes.listDay : classes.day}
        data-state={state}
        data-date={day.date}
        data-changed={marked || undefined}
        data-weekend={weekend || undefined}
        style={{ '--day-color': `var(--mantine-color-${color}-6)`, '--day-bg': `var(--mantine-color-${color}-0)` }}
        data-selecting={drag?.selecting || undefined}
        onMouseDown={drag ? (e) => e.button === 0 && drag.onDown() : undefined}
        onMouseEnter={drag?.onEnter}
        onMouseUp={drag?.onUp}
        // The mouse opens the dialog on release (one day or the dragged range); keys and touch by click.
        onClick={onPick ? (e) => (!drag || e.detail === 0) && onPick(day) : undefined}
        disabled={!onPick}
      >
        <Group justify="space-between" gap={4} wrap="nowrap" className={compact ? classes.listHead : undefined}>
          <Group gap={compact ? 0 : 6} wrap={compact ? 'wrap' : 'nowrap'} align="baseline" miw={0}>
            <Text size="sm" fw={700} c={state === 'default' || state === 'closed' ? 'dimmed' : undefined}>
              {compact ? `${weekday} ${cell.day}` : cell.day}
            </Text>
            {/* The Hijri day beside the Gregorian one (issue 29): "13 Ram.". */}
            <Text span size="xs" className={classes.hijri} data-hijri>
              {hijriShort(day.date, hijriLang)}
            </Text>
          </Group>
          {marked ? (
            <HoverTooltip label={changedText} withinPortal>
              <IconPointFilled size={16} className={classes.marker} aria-hidden data-marker />
            </HoverTooltip>
          ) : null}
        </Group>
        {day.blocked ? (
          <Badge color="red" variant="filled" size="sm" radius="sm" className={classes.blocked}>
            {t('availability.blocked')}
          </Badge>
        ) : state === 'closed' ? (
          <Text size="xs" c="dimmed">
            {t('availability.state.closed')}
          </Text>
        ) : (
          <Box className={compact ? classes.listValues : classes.values}>
            {lines.map((l) => (
              <Text key={l.key} size="xs" lh={1.35} truncate c={state === 'default' ? 'dimmed' : undefined}>
                <span className={classes.short}>{l.short}</span> {l.text}
              </Text>
            ))}
            {stock ? (
              <Text size="xs" lh={1.35} className={classes.booked} truncate>
                {t('availability.booked_short', { ...stock })}
              </Text>
            ) : null}
          </Box>
        )}
      </UnstyledButton>
    </>
  )
}
