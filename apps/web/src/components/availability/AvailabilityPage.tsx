import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react'
import { ActionIcon, Alert, Box, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconPointFilled } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { isApiError } from '../../lib/api-client'
import { useDocumentTitle } from '../../lib/use-document-title'
import { mergeDays, monthGrid, monthOf, shiftMonth, toIsoDate, type DayView, type YearMonth } from './calendar-math'
import { shapeOf, type CalendarDefinition } from './define'
import { ItemSummary } from './ItemSummary'
import { calendarHead, monthTitle } from './labels'
import { BackButton, headed, ScreenHead } from '../ScreenHead'
import { MonthGrid, type DayStock } from './MonthGrid'
import { useCalendarItem, useCalendarMonth } from './use-calendar'
import { HoverTooltip } from '../HoverTooltip'

// The range dialog (its form, fields, schema and the day's history) loads when a day is first picked, not with
// the month (issue 33, "Phone").
const RangeDialog = lazy(() => import('./RangeDialog').then((m) => ({ default: m.RangeDialog })))

/** `?month=2026-12` keeps the shown month across reloads and links; otherwise the current month. */
function readMonth(param: string | null): YearMonth {
  if (param && /^\d{4}-(0[1-9]|1[0-2])$/.test(param)) return monthOf(`${param}-01`)
  return monthOf(toIsoDate(new Date()))
}
const monthParam = ({ year, month }: YearMonth) => `${year}-${String(month).padStart(2, '0')}`

/** The screen of a calendar's declaration, with its head for the server's frame. */
export function calendarPage(def: CalendarDefinition) {
  return headed(
    function CalendarScreen() {
      return <AvailabilityPage def={def} />
    },
    (t) => calendarHead(def, t),
  )
}

/**
 * The availability page of one item (room, vehicle, train route): its summary,
 * the month calendar and the range dialog, all from the declaration. The route
 * needs `<entity>_update` (registry); the server checks every call again.
 */
export function AvailabilityPage({ def }: { def: CalendarDefinition }) {
  const { t, i18n } = useTranslation()
  const { id } = useParams()
  const [params, setParams] = useSearchParams()
  const month = readMonth(params.get('month'))
  const [chosenVariant, setVariant] = useState<string>()
  const [picked, setPicked] = useState<{ day: DayView; end?: string } | null>(null)
  // Once opened, the dialog stays mounted so that it closes with its transition.
  const [dialogUsed, setDialogUsed] = useState(false)
  if (picked && !dialogUsed) setDialogUsed(true)
  // The version of this page's own last write, until the month read catches up with it.
  const [written, setWritten] = useState<number>()
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false })
  // The head is the declaration's: drawn at once (the frame drew it before the scripts), the item's name under it.
  const head = calendarHead(def, t)
  useDocumentTitle(head.title)

  const item = useCalendarItem(def, id)
  const variant = chosenVariant ?? (def.variant && item.data ? def.variant.initial(item.data) : undefined)
  const answer = useCalendarMonth(def, id, month, variant)
  // The month's days are drawn in the background, in slices (a transition), not in the one long task of the
  // query's update; the placeholder stays until they are drawn (issue 33, "Phone").
  const monthData = useDeferredValue(answer.data)
  const weeks = useMemo(() => monthGrid(month), [month.year, month.month]) // eslint-disable-line react-hooks/exhaustive-deps
  const days = useMemo(
    () =>
      mergeDays(
        weeks
          .flat()
          .filter((c) => c.inMonth)
          .map((c) => c.date),
        monthData?.data ?? [],
        monthData?.defaults ?? {},
        def.values.map((v) => v.key),
      ),
    [weeks, monthData, def.values],
  )
  const stock = useMemo(
    () => new Map<string, DayStock>((monthData?.stock ?? []).map((s) => [s.date, { booked: s.booked, remaining: s.remaining }])),
    [monthData],
  )
  const go = (m: YearMonth) =>
    setParams(
      (p) => {
        p.set('month', monthParam(m))
        return p
      },
      { replace: true },
    )

  // Stable, so the grid (a memo) is not drawn again when only the page is.
  const openDay = useCallback(
    (day: DayView, end?: string) => {
      // The dialog's code and the calendar's shape (its zod fields) load side by side.
      void shapeOf(def)
      setPicked({ day, end })
    },
    [def],
  )

  if (item.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <ScreenHead spec={head} link={Link} />
        <Skeleton h={140} />
        <Skeleton h={420} />
      </Stack>
    )
  }
  if (item.isError) {
    const gone = isApiError(item.error) && item.error.status === 404
    return (
      <Stack gap="md">
        <BackButton {...head.back} link={Link} />
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={gone ? t('table.no_records') : t('alert.title')}
        >
          {gone ? t('kit.page.gone') : (item.error.message ?? t('alert.load_failed'))}
        </Alert>
      </Stack>
    )
  }

  const today = toIsoDate(new Date())
  const firstOpen = days.get(today) ?? days.values().next().value

  return (
    <Stack gap="md">
      <ScreenHead spec={{ ...head, line: String(item.data.name ?? '') }} link={Link} />

      <ItemSummary tables={def.summary} item={item.data} />

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <HoverTooltip label={t('availability.previous_month')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('availability.previous_month')}
                  onClick={() => go(shiftMonth(month, -1))}
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
              </HoverTooltip>
              <Title
                order={3}
                fz={{ base: 'h5', sm: 'h4' }}
                miw={{ base: 128, sm: 190 }}
                ta="center"
                style={{ whiteSpace: 'nowrap' }}
                aria-live="polite"
              >
                {monthTitle(i18n.language, month)}
              </Title>
              <HoverTooltip label={t('availability.next_month')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('availability.next_month')}
                  onClick={() => go(shiftMonth(month, 1))}
                >
                  <IconChevronRight size={18} />
                </ActionIcon>
              </HoverTooltip>
            </Group>
            <Group gap="sm">
              <Button variant="subtle" size="compact-sm" onClick={() => go(monthOf(today))}>
                {t('availability.this_month')}
              </Button>
              {def.variant && variant ? (
                <SegmentedControl
                  aria-label={t(`availability.fields.${def.variant.key}`)}
                  value={variant}
                  onChange={setVariant}
                  data={def.variant.options.map((o) => ({ value: o, label: t(`${def.variant!.labelPrefix}${o}`) }))}
                />
              ) : null}
              <Button onClick={() => firstOpen && openDay(firstOpen)} disabled={!monthData}>
                {t('availability.update')}
              </Button>
            </Group>
          </Group>
          <Legend color={def.color} closed={answer.data?.defaults?.offered === false} />
          {answer.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t('alert.title')}>
              <Group justify="space-between">
                <span>{answer.error.message ?? t('alert.load_failed')}</span>
                <Button size="xs" variant="light" color="red" onClick={() => void answer.refetch()}>
                  {t('alert.retry')}
                </Button>
              </Group>
            </Alert>
          ) : !monthData ? (
            <Skeleton h={wide ? 560 : 900} aria-busy="true" />
          ) : (
            <Box
              pos="relative"
              aria-busy={answer.isFetching || undefined}
              style={{ opacity: answer.isPlaceholderData ? 0.6 : 1 }}
            >
              <MonthGrid def={def} weeks={weeks} days={days} stock={stock} compact={!wide} onPick={openDay} />
            </Box>
          )}
        </Stack>
      </Paper>
      {dialogUsed && (
        <Suspense fallback={null}>
          <RangeDialog
            def={def}
            itemId={id!}
            itemName={String(item.data.name ?? '')}
            variant={variant}
            day={picked?.day ?? null}
            end={picked?.end}
            version={answer.data?.version === undefined ? undefined : Math.max(answer.data.version, written ?? 0)}
            onWritten={({ version, startDate }) => {
              setWritten(version)
              go(monthOf(startDate))
            }}
            onClose={() => setPicked(null)}
            // The calendar shows the range just written (typed dates may start in another month).
          />
        </Suspense>
      )}
    </Stack>
  )
}

/** `closed`: days without a row are not sold in this calendar (a train's other class). */
function Legend({ color, closed }: { color: string; closed: boolean }) {
  const { t } = useTranslation()
  const swatch = (bg: string, border: string, dashed = false) => (
    <Box
      w={14}
      h={14}
      style={{ borderRadius: 3, background: bg, border: `1px ${dashed ? 'dashed' : 'solid'} ${border}`, flex: 'none' }}
    />
  )
  const item = (mark: ReactNode, text: string) => (
    <Group gap={6} wrap="nowrap">
      {mark}
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  )
  return (
    <Group gap="md">
      {item(swatch(`var(--mantine-color-${color}-0)`, `var(--mantine-color-${color}-6)`), t('availability.state.stored'))}
      {closed
        ? item(swatch('var(--mantine-color-gray-1)', 'var(--mantine-color-gray-5)', true), t('availability.state.closed'))
        : item(swatch('var(--mantine-color-gray-0)', 'var(--mantine-color-gray-5)', true), t('availability.state.default'))}
      {item(swatch('var(--mantine-color-red-0)', 'var(--mantine-color-red-6)'), t('availability.state.blocked'))}
      {item(<IconPointFilled size={16} color="var(--mantine-color-orange-7)" />, t('availability.marker'))}
    </Group>
  )
}
