import { Divider, SimpleGrid, Stack, Text } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Entry, webKind, type DetailItem } from './kinds'
import { itemName, type OrderDetail } from './order-logic'

/** An item's days and counts, as its kind shows them. */
function KindSummary({ item, t }: { item: DetailItem; t: TFunction }) {
  const { Summary } = webKind(item.kind)
  return <Summary item={item} t={t} />
}

const CUSTOMER = ['name', 'email', 'phone', 'nationality', 'passport_number'] as const

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
            <KindSummary item={item} t={t} />
          </SimpleGrid>
          {!!item.pilgrims?.length && (
            <Entry label={t('orders.fields.pilgrim_ids')} value={item.pilgrims.map((p) => p.full_name).join(', ')} />
          )}
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
