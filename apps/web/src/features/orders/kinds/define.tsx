import type { ComponentType } from 'react'
import { Text } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import type { TFunction } from 'i18next'
import dayjs from 'dayjs'
import { formatDate } from '../../../lib/format'
import type { OrderItemKind } from '@app/shared'
import type { FieldDef, ResourceForm, ResourceRow, SelectSource } from '../../../components/resource'

/*
 * A bookable kind as the order desk draws it: one entry per kind (kinds/*.tsx)
 * beside its shared declaration (packages/shared/src/kinds). The menu, the
 * desks, the order form's item editor and the order's summary read these
 * entries; nothing else in features/orders names a kind.
 */

/** An item as the form holds it: the create body's item plus fields that only help choosing (a room's hotel). */
export interface ItemValues {
  kind: OrderItemKind
  [field: string]: unknown
}

/** An item of `GET /orders/{id}`: the stored columns and the wire fields its kind names (`room_id`, `check_in`, …). */
export interface DetailItem {
  id: number
  kind: OrderItemKind
  item_name: string
  item_id: number
  variant: string
  start_date: string
  end_date: string
  quantity: number
  adults: number
  children: number
  amount: number | string
  /** The travelling pilgrims (every kind's item may list them). */
  pilgrim_ids?: number[]
  pilgrims?: Array<{ id: number; full_name: string }>
  [wire: string]: unknown
}

export interface WebKind {
  icon: Icon
  /** A new item of the kind, as the form starts it. */
  blank(): ItemValues
  /** The item of the create/quote body (blanks left out so the shared schema names them). */
  payload(v: ItemValues): Record<string, unknown>
  /** The form values of a stored item. */
  fromDetail(it: DetailItem): ItemValues
  /** The item's fields (form kit declarations), in order. */
  fields(index: number, item: ItemValues): FieldDef[]
  /** Two days of the item where the second is checked against the first (check-out after check-in). */
  pairedDays?: readonly [string, string]
  /** A short note beside the item's heading (a stay's nights). */
  badge?(item: ItemValues, t: TFunction): string | null
  /** Keeps helper fields in step with the chosen item (a room's hotel); rendered inside the item's card. */
  Sync?: ComponentType<{ form: ResourceForm; item: ItemValues; index: number }>
  /** The read-only entries of a stored item: its days and counts. */
  Summary: ComponentType<{ item: DetailItem; t: TFunction }>
  /** The item's name in the reader's language (stored names carry the clerk's words). */
  itemName?(item: { item_name: string; variant?: string | null }, t: (key: string) => string): string
}

export function defineWebKind(entry: WebKind): WebKind {
  return entry
}

// ---- pieces the kinds share ----

export const num = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v))
export const day = (v: unknown) => (typeof v === 'string' && v ? v : undefined)
export const today = () => dayjs().format('YYYY-MM-DD')
/** The later of two `YYYY-MM-DD` days (either may be missing). */
export const later = (a: string, b: unknown) => (typeof b === 'string' && b > a ? b : a)

/**
 * Catalogue rows an item is chosen from: only what can be booked (published,
 * active), read through GET /orders/choices/{source} under the desk's own
 * permission, so a clerk without catalogue rights still sees the names.
 */
export function choiceSource(source: string, label?: (row: ResourceRow) => string): SelectSource {
  return {
    resource: `orders_choices_${source}`,
    endpoint: `/orders/choices/${source}`,
    labelKey: 'name',
    ...(label && { label }),
  }
}

/** One labelled value of a summary; an empty one shows a dash. */
export function Entry({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </div>
  )
}

/** The summary of seats on one day (train seats, tour seats): the day, adults and children. */
export function DaySeatsSummary({ item, t }: { item: DetailItem; t: TFunction }) {
  return (
    <>
      <Entry label={t('orders.fields.date')} value={formatDate((item.date as string | undefined) ?? item.start_date)} />
      <Entry label={t('orders.fields.adults')} value={item.adults} />
      <Entry label={t('orders.fields.children')} value={item.children} />
    </>
  )
}
