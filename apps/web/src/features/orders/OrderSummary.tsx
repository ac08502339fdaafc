import { Divider, SimpleGrid, Stack, Text } from '@mantine/core'
import dayjs from 'dayjs'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { itemName, type OrderDetail } from './order-logic'

const CUSTOMER = ['name', 'email', 'phone', 'nationality', 'passport_number'] as const

/** One labelled value of a summary; an empty one shows a dash. */
function Entry({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? '—' : value}</Text>
    </div>
  )
}

/** An order that can no longer be changed, as the desk reads it: the customer, then each item. */
export function CustomerSummary({ order }: { order: OrderDetail }) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {CUSTOMER.map((k) => (
        <Entry key={k} label={t(`orders.fields.${k}`)} value={order.customer[k]} />
      ))}
    </SimpleGrid>
  )
}

export function ItemsSummary({ order }: { order: OrderDetail }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      {order.items.map((item, i) => (
        <Stack key={item.id} gap={6}>
          {i > 0 && <Divider />}
          <Text size="sm" fw={700}>
            {t('orders.item.heading', { n: i + 1, kind: t(`orders.kinds.${item.kind}`) })}
          </Text>
          <Text size="sm">{itemName(item, t)}</Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <ItemDates item={item} t={t} />
            {item.kind === 'room' && <Entry label={t('orders.fields.quantity')} value={item.quantity} />}
            {item.kind !== 'transportation' && <Entry label={t('orders.fields.adults')} value={item.adults} />}
            {item.kind !== 'transportation' && <Entry label={t('orders.fields.children')} value={item.children} />}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  )
}

/**
 * An item's days as its kind names them: a stay its check-in and check-out (the morning after its last
 * night) with the number of nights, a train its day, a vehicle its start day and end day.
 */
function ItemDates({ item, t }: { item: OrderDetail['items'][number]; t: TFunction }) {
  if (item.kind === 'room') {
    const checkOut = item.check_out ?? dayjs(item.end_date).add(1, 'day').format('YYYY-MM-DD')
    const nights = dayjs(checkOut).diff(dayjs(item.check_in ?? item.start_date), 'day')
    return (
      <>
        <Entry label={t('orders.fields.check_in')} value={formatDate(item.check_in ?? item.start_date)} />
        <Entry
          label={t('orders.fields.check_out')}
          value={`${formatDate(checkOut)} (${t('orders.item.nights', { count: nights })})`}
        />
      </>
    )
  }
  if (item.kind === 'train') return <Entry label={t('orders.fields.date')} value={formatDate(item.date ?? item.start_date)} />
  return (
    <>
      <Entry label={t('orders.fields.start_date')} value={formatDate(item.start_date)} />
      <Entry label={t('orders.fields.end_date')} value={formatDate(item.end_date)} />
    </>
  )
}

export function NotesSummary({ order }: { order: OrderDetail }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {order.notes || '—'}
    </Text>
  )
}
