import { Divider, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDateSpan, type OrderDetail } from './order-logic'

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
          <Text size="sm">{item.item_name}</Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Entry
              label={t(item.kind === 'train' ? 'orders.fields.date' : 'orders.fields.start_date')}
              value={formatDateSpan(item.start_date, item.end_date)}
            />
            {item.kind === 'room' && <Entry label={t('orders.fields.quantity')} value={item.quantity} />}
            {item.kind !== 'transportation' && <Entry label={t('orders.fields.adults')} value={item.adults} />}
            {item.kind !== 'transportation' && <Entry label={t('orders.fields.children')} value={item.children} />}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  )
}

export function NotesSummary({ order }: { order: OrderDetail }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {order.notes || '—'}
    </Text>
  )
}
