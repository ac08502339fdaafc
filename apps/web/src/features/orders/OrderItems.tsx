import { useEffect } from 'react'
import { ActionIcon, Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconBed, IconBus, IconPlus, IconTrain, IconTrash } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import type { OrderItemKind } from '@app/shared'
import {
  field,
  FieldInput,
  type FieldDef,
  type ResourceForm,
  type ResourceRow,
  type SelectSource,
} from '../../components/resource'
import { useSourceOptions } from '../../components/resource/fields/options'
import { formatDate } from '../../lib/format'
import type { Me } from '../../lib/permissions'
import { blankItem, ITEM_KINDS, type ItemValues, type OrderFormValues } from './order-logic'

export const KIND_ICONS = { room: IconBed, train: IconTrain, transportation: IconBus } as const

/**
 * Catalogue rows an item is chosen from: only what can be booked (published,
 * active), read through GET /orders/choices/{source} under the desk's own
 * permission, so a clerk without catalogue rights still sees the names.
 */
const choices = (source: string) => ({ resource: `orders_choices_${source}`, endpoint: `/orders/choices/${source}` })
const SOURCES = {
  hotels: { ...choices('hotels'), labelKey: 'name' },
  rooms: {
    ...choices('rooms'),
    labelKey: 'name',
    label: (row: ResourceRow) => `${row.hotel?.name ?? ''} – ${row.name}`,
  },
  routes: {
    ...choices('trains_route'),
    labelKey: 'name',
    label: (row: ResourceRow) => `${row.name} (${row.code})`,
  },
  vehicles: {
    ...choices('transportations'),
    labelKey: 'name',
    label: (row: ResourceRow) => (row.vehicle_number ? `${row.name} (${row.vehicle_number})` : String(row.name)),
  },
} satisfies Record<string, SelectSource>

const today = () => dayjs().format('YYYY-MM-DD')

/** The later of two `YYYY-MM-DD` days (either may be missing). */
const later = (a: string, b: string | null | undefined) => (b && b > a ? b : a)

/**
 * The fields of one item by its kind (form kit declarations; the room choice
 * narrowed by the chosen hotel). The calendars of a check-out and an end day
 * open from the day the item starts (the night after check-in; the start day).
 */
export function itemFields(kind: OrderItemKind, index: number, item?: ItemValues): FieldDef[] {
  const min = today()
  const afterCheckIn = item?.check_in ? dayjs(item.check_in).add(1, 'day').format('YYYY-MM-DD') : null
  switch (kind) {
    case 'room':
      return [
        field.select('hotel_id', { source: SOURCES.hotels, span: 6, searchable: true }),
        field.select('room_id', {
          required: true,
          span: 6,
          searchable: true,
          source: {
            ...SOURCES.rooms,
            filterRows: (rows, ctx) => {
              const hotel = (ctx.values as OrderFormValues).items?.[index]?.hotel_id
              return hotel ? rows.filter((r) => r.hotel_id === hotel) : rows
            },
          },
        }),
        field.date('check_in', { required: true, span: 3, minDate: min }),
        field.date('check_out', { required: true, span: 3, minDate: later(min, afterCheckIn) }),
        field.number('quantity', { required: true, span: 2, min: 1 }),
        field.number('adults', { required: true, span: 2, min: 1 }),
        field.number('children', { span: 2, min: 0 }),
      ]
    case 'train':
      return [
        field.select('route_id', { required: true, span: 6, searchable: true, source: SOURCES.routes }),
        field.select('train_type', {
          required: true,
          span: 3,
          options: [
            { value: 'economy', labelKey: 'orders.train_types.economy' },
            { value: 'business', labelKey: 'orders.train_types.business' },
          ],
        }),
        field.date('date', { required: true, span: 3, minDate: min }),
        field.number('adults', { span: 3, min: 0 }),
        field.number('children', { span: 3, min: 0 }),
      ]
    default:
      return [
        field.select('transportation_id', { required: true, span: 6, searchable: true, source: SOURCES.vehicles }),
        field.date('start_date', { required: true, span: 3, minDate: min }),
        field.date('end_date', { required: true, span: 3, minDate: later(min, item?.start_date) }),
      ]
  }
}

interface ItemsProps {
  form: ResourceForm
  editable: boolean
  me?: Me
  /** Days each item lacks (a 409), by form position. */
  short: Record<number, string[]>
}

/** The order's items, a card each with its kind's fields; add an item of any kind, remove one. */
export function OrderItems({ form, editable, me, short }: ItemsProps) {
  const { t } = useTranslation()
  const values = form.getValues() as OrderFormValues
  return (
    <Stack gap="sm">
      {values.items.map((item, i) => (
        <ItemCard
          key={i}
          form={form}
          item={item}
          index={i}
          editable={editable}
          me={me}
          short={short[i]}
          removable={editable && values.items.length > 1}
        />
      ))}
      {editable && (
        <Group gap="xs">
          {ITEM_KINDS.map((kind) => {
            const Icon = KIND_ICONS[kind]
            return (
              <Button
                key={kind}
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                rightSection={<Icon size={14} />}
                onClick={() => form.insertListItem('items', blankItem(kind))}
              >
                {t('orders.item.add', { kind: t(`orders.kinds.${kind}`) })}
              </Button>
            )
          })}
        </Group>
      )}
    </Stack>
  )
}

function ItemCard({
  form,
  item,
  index,
  editable,
  me,
  short,
  removable,
}: {
  form: ResourceForm
  item: ItemValues
  index: number
  editable: boolean
  me?: Me
  short?: string[]
  removable: boolean
}) {
  const { t } = useTranslation()
  const Icon = KIND_ICONS[item.kind]
  const heading = t('orders.item.heading', { n: index + 1, kind: t(`orders.kinds.${item.kind}`) })
  const rooms = useSourceOptions(item.kind === 'room' ? SOURCES.rooms : undefined)

  // The hotel follows the room (an order opened for edit names only its room); another hotel clears the room.
  useEffect(() => {
    if (item.kind !== 'room' || !rooms.data || !item.room_id) return
    const room = rooms.data.find((r) => r.id === item.room_id)
    if (!room) return
    if (item.hotel_id == null) form.setFieldValue(`items.${index}.hotel_id`, room.hotel_id)
    else if (room.hotel_id !== item.hotel_id) form.setFieldValue(`items.${index}.room_id`, null)
  }, [rooms.data, item.kind, item.hotel_id, item.room_id, index, form])

  // A rule between two days of the item (check-out after check-in, end after start): moving the first day
  // checks the second again, so its error does not stay on after the pair is right.
  const second = item.kind === 'room' ? 'check_out' : item.kind === 'transportation' ? 'end_date' : null
  const first = item.kind === 'room' ? item.check_in : item.start_date
  useEffect(() => {
    const path = second && `items.${index}.${second}`
    if (path && form.errors[path]) form.validateField(path)
    // Only when the first day changes; the form's own blur check covers the second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first])

  const nights =
    item.kind === 'room' && item.check_in && item.check_out ? dayjs(item.check_out).diff(dayjs(item.check_in), 'day') : 0
  const ctx = { mode: 'create' as const, values: form.getValues(), me }

  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={heading} data-kind={item.kind}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Icon size={18} stroke={1.6} aria-hidden />
          <Text size="sm" fw={600}>
            {heading}
          </Text>
          {nights > 0 && (
            <Badge variant="light" color="gray" radius="sm">
              {t('orders.item.nights', { count: nights })}
            </Badge>
          )}
        </Group>
        {removable && (
          <Tooltip label={t('orders.item.remove', { n: index + 1 })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('orders.item.remove', { n: index + 1 })}
              onClick={() => form.removeListItem('items', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {short && short.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="sm" role="alert">
          {t('orders.item.short', { days: short.map((d) => formatDate(d)).join(', ') })}
        </Alert>
      )}
      <Grid gap="sm">
        {itemFields(item.kind, index, item).map((f) => (
          <Grid.Col key={f.name} span={{ base: 12, sm: f.span ?? 12 }}>
            <FieldInput
              {...ctx}
              field={{ ...f, disabled: () => !editable }}
              form={form}
              path={`items.${index}.${f.name}`}
              label={t(`orders.fields.${f.name}`)}
              required={!!f.required}
            />
          </Grid.Col>
        ))}
      </Grid>
    </Paper>
  )
}
