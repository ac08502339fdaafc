import { Anchor, Badge, Group, Stack, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import i18n from 'i18next'
import { Link } from 'react-router'
import {
  DEPARTURE_CURRENCIES,
  DEPARTURE_STATUSES,
  MAX_DEPARTURE_SEATS,
  MAX_DEPARTURE_UNITS,
  ROOM_TYPES,
  TRAIN_TYPES,
  departureInputSchema,
  hijriDate,
  type HijriLanguage,
} from '@app/shared'
import {
  col,
  defineResource,
  field,
  type CustomFieldProps,
  type FieldContext,
  type FormValues,
  type ResourceRow,
} from '../../components/resource'
import { formatDate } from '../../lib/format'

export const DEPARTURE_STATUS_COLORS: Record<string, string> = {
  draft: 'gray',
  open: 'green',
  closed: 'orange',
  departed: 'blue',
  completed: 'teal',
  cancelled: 'red',
}

const lang = (): HijriLanguage => (i18n.language === 'id' ? 'id' : 'en')

/** "20-02-2027 · 13 Ramadan 1448": Gregorian first, Hijri (Umm al-Qura) beside it. */
export function withHijri(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '-'
  const hijri = hijriDate(iso, lang())
  return hijri ? `${formatDate(iso)} · ${hijri}` : formatDate(iso)
}

/** A list cell's date: the Gregorian day, the Hijri one under it (on one line it was cut at 1366 px). */
function DateCell({ iso }: { iso: unknown }) {
  if (typeof iso !== 'string' || !iso) return <>-</>
  const hijri = hijriDate(iso, lang())
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDate(iso)}</Text>
      {hijri && (
        <Text size="xs" c="dimmed">
          {hijri}
        </Text>
      )}
    </Stack>
  )
}

const statusOptions = DEPARTURE_STATUSES.map((value) => ({ value, labelKey: `resources.departures.statuses.${value}` }))
const roomTypeOptions = ROOM_TYPES.map((value) => ({ value, labelKey: `resources.departures.room_types.${value}` }))
const trainTypeOptions = TRAIN_TYPES.map((value) => ({ value, labelKey: `resources.departures.train_types.${value}` }))
const currencyOptions = DEPARTURE_CURRENCIES.map((value) => ({ value, label: value }))
const named = { is_active: undefined, sort_by: 'name', order_by: 'asc' }

/** A stay's room choices: the rooms of the stay's chosen hotel (none until a hotel is chosen). */
export const stayRooms = (rows: ResourceRow[], ctx: FieldContext): ResourceRow[] => {
  const hotel = ctx.entry?.hotel_id
  return hotel === null || hotel === undefined || hotel === '' ? [] : rows.filter((r) => String(r.hotel_id) === String(hotel))
}

/** An entry's heading and the add button of a list ("Stay 2", "Add a stay"). */
const entryLabels = (list: string) => ({
  itemLabelKey: `resources.departures.entries.${list}.item`,
  addLabelKey: `resources.departures.entries.${list}.add`,
})

const FLIGHT_PARTS = ['airline', 'flight_number', 'from', 'to', 'time'] as const

/** A flight as text (airline, number, from, to, time), one object in the body (`outbound_flight`). */
function FlightInputs({ form, name, label }: Pick<CustomFieldProps, 'form'> & { name: string; label: string }) {
  const { t } = useTranslation()
  const value = (form.getValues()[name] ?? {}) as Record<string, string | null>
  const set = (part: string, v: string) => form.setFieldValue(name, { ...value, [part]: v })
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {/* Inputs in one line when a label wraps ("No. Penerbangan"). */}
      <Group grow align="flex-end" wrap="wrap">
        {FLIGHT_PARTS.map((part) => (
          <TextInput
            key={part}
            size="sm"
            label={t(`resources.departures.fields.flight_${part}`)}
            placeholder={part === 'time' ? 'HH:mm' : undefined}
            value={value[part] ?? ''}
            error={form.errors[`${name}.${part}`]}
            onChange={(e) => set(part, e.currentTarget.value)}
          />
        ))}
      </Group>
    </Stack>
  )
}

/** The Hijri dates of what the form holds, under its dates. */
function HijriDates({ values }: { values: FormValues }) {
  const from = values.departure_date
  const to = values.return_date
  if (typeof from !== 'string' || !from) return null
  return (
    <Text size="sm" c="dimmed" data-testid="departure-hijri">
      {withHijri(from)}
      {typeof to === 'string' && to ? ` → ${withHijri(to)}` : ''}
    </Text>
  )
}

/**
 * /app/departures: departures (issue 29). API `/api/v1/departures`, permissions `departure_*`. Tabs by
 * status with their numbers (GET /departures/counters), seats sold and left per row; the code opens the
 * departure page (/app/departures/:id, DeparturePage) with the itinerary. Create and edit are a full page.
 */
export default defineResource<ResourceRow>({
  name: 'departures',
  permission: 'departure',
  columns: [
    col.custom(
      'code',
      (row) => (
        <Anchor component={Link} to={`/app/departures/${row.id}`} size="sm">
          {String(row.code)}
        </Anchor>
      ),
      { width: 130 },
    ),
    col.text('name'),
    col.custom('departure_date', (row) => <DateCell iso={row.departure_date} />, { width: 170 }),
    col.custom('return_date', (row) => <DateCell iso={row.return_date} />, { width: 170, hiddenBelow: 'md', secondary: true }),
    col.text('program_days', { width: 80, align: 'right', hiddenBelow: 'sm', secondary: true }),
    col.custom(
      'seats',
      (row, { t }) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Text size="sm">{t('resources.departures.seats_sold_left', { sold: row.seats_sold, left: row.seats_left })}</Text>
        </Group>
      ),
      { width: 150, align: 'right' },
    ),
    col.custom(
      'status',
      (row, { t }) => (
        <Badge color={DEPARTURE_STATUS_COLORS[String(row.status)] ?? 'gray'} variant="light">
          {t(`resources.departures.statuses.${String(row.status)}`)}
        </Badge>
      ),
      { width: 130 },
    ),
  ],
  filters: [
    {
      name: 'status',
      options: statusOptions,
      tabs: {
        counts: {
          path: '/departures/counters',
          pick: (answer) => (answer as { data?: Record<string, number> }).data,
        },
      },
    },
  ],
  sections: [
    { key: 'main' },
    { key: 'flights' },
    { key: 'prices' },
    { key: 'stays' },
    { key: 'trains' },
    { key: 'transfers' },
    { key: 'ziyarah' },
    { key: 'status', side: true },
  ],
  fields: [
    field.text('code', { span: 4 }),
    field.text('name', { span: 8 }),
    field.date('departure_date', { span: 4 }),
    field.date('return_date', { span: 4 }),
    field.number('seats', { span: 4, min: 1, max: MAX_DEPARTURE_SEATS, step: 1, decimalScale: 0 }),
    field.custom('hijri', { render: (p) => <HijriDates values={p.values} />, required: false }),
    field.custom('outbound_flight', {
      section: 'flights',
      required: false,
      render: (p) => <FlightInputs form={p.form} name="outbound_flight" label={p.label} />,
    }),
    field.custom('return_flight', {
      section: 'flights',
      required: false,
      render: (p) => <FlightInputs form={p.form} name="return_flight" label={p.label} />,
    }),
    field.repeatable('prices', {
      section: 'prices',
      ...entryLabels('prices'),
      max: ROOM_TYPES.length,
      fields: [
        // Wide enough for "Kamar Berempat (Quad)".
        field.select('room_type', { span: 5, options: roomTypeOptions }),
        field.money('price', { span: 4 }),
        field.select('currency', { span: 3, options: currencyOptions, initial: DEPARTURE_CURRENCIES[0] }),
      ],
    }),
    field.repeatable('stays', {
      section: 'stays',
      ...entryLabels('stays'),
      fields: [
        field.select('hotel_id', { span: 5, searchable: true, source: { resource: 'hotels', labelKey: 'name', params: named } }),
        field.select('room_id', {
          span: 4,
          searchable: true,
          source: {
            resource: 'rooms',
            labelKey: 'name',
            params: named,
            // Only the rooms of the stay's hotel, named alone: the hotel is beside it.
            filterRows: stayRooms,
          },
        }),
        field.number('rooms', { span: 3, min: 1, max: MAX_DEPARTURE_UNITS, step: 1, decimalScale: 0 }),
        field.select('room_type', { span: 6, options: roomTypeOptions }),
        field.date('check_in', { span: 3 }),
        field.date('check_out', { span: 3 }),
      ],
    }),
    field.repeatable('trains', {
      section: 'trains',
      ...entryLabels('trains'),
      fields: [
        field.select('route_id', {
          span: 5,
          searchable: true,
          source: { resource: 'trains_route', labelKey: 'name', params: named },
        }),
        field.select('train_type', { span: 3, options: trainTypeOptions }),
        field.date('date', { span: 3 }),
        field.number('seats', { span: 2, min: 1, max: MAX_DEPARTURE_UNITS, step: 1, decimalScale: 0 }),
      ],
    }),
    field.repeatable('transfers', {
      section: 'transfers',
      ...entryLabels('transfers'),
      fields: [
        field.select('transportation_id', {
          span: 6,
          searchable: true,
          source: { resource: 'transportations', labelKey: 'name', params: named },
        }),
        field.date('start_date', { span: 3 }),
        field.date('end_date', { span: 3 }),
      ],
    }),
    field.repeatable('ziyarah', {
      section: 'ziyarah',
      ...entryLabels('ziyarah'),
      fields: [
        field.select('tour_id', {
          span: 6,
          searchable: true,
          source: { resource: 'ziyarah_tours', labelKey: 'name', params: named },
        }),
        field.date('date', { span: 3 }),
        field.number('seats', { span: 3, min: 1, max: MAX_DEPARTURE_UNITS, step: 1, decimalScale: 0 }),
      ],
    }),
    field.select('status', { section: 'status', options: statusOptions, initial: 'draft' }),
    field.textarea('notes', { section: 'status', rows: 4 }),
  ],
  schema: departureInputSchema,
  loadDetail: true,
  // The Hijri line is shown, not sent.
  toPayload: (values) => {
    const { hijri: _hijri, ...body } = values
    return body
  },
  createHref: '/app/departures/create',
  editHref: (row) => `/app/departures/edit/${row.id}`,
  rowTitle: (row) => String(row.code),
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
