import { Alert, Box, Divider, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../lib/format'
import { formatAmount, type QuoteLine } from './order-logic'

/** The order's prices: each item's lines and the total, from the quote or the saved order. */

export interface PricedItem {
  /** Position in the form (1-based in headings). */
  position: number
  name: string
  amount: number | string
  lines: QuoteLine[]
  /** Days the item lacks stock on (the quote's warning or a refused save). */
  short?: string[]
}

/** One item's priced lines: each day, then extras and fees, as the server computed them. */
function ItemLines({ item }: { item: PricedItem }) {
  const { t } = useTranslation()
  return (
    <Box>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} lineClamp={3}>
          {item.position}. {item.name}
        </Text>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatAmount(item.amount)}
        </Text>
      </Group>
      {item.short && item.short.length > 0 && (
        <Text size="xs" c="red.8" fw={600} mt={2}>
          {t('orders.item.short', { days: item.short.map((d) => formatDate(d)).join(', ') })}
        </Text>
      )}
      <Table fz="xs" verticalSpacing={2} horizontalSpacing={4} mt={4}>
        <Table.Tbody>
          {item.lines.map((l, i) => (
            <Table.Tr key={i} data-line={l.type}>
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {l.day ? formatDate(l.day) : t(`orders.preview.${l.type === 'fee' ? 'fee' : 'extra'}`)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'break-word' }}>{lineLabel(l, item.name, t)}</Table.Td>
              {/* "1 × SAR 2.100" beside "SAR 2.100" says nothing: the count shows only when it multiplies. */}
              <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {l.quantity === 1 ? '' : `${l.quantity} × ${formatAmount(l.unit_price)}`}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(l.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  )
}

/**
 * A line's label: train fares come labelled `adult` / `child` (said in the
 * reader's language); a day of a room or vehicle repeats the item's name (left out).
 */
function lineLabel(l: QuoteLine, itemName: string, t: (k: string, o?: { defaultValue: string }) => string) {
  if (l.type !== 'day') return l.label
  if (l.label === 'adult') return t('orders.fields.adults')
  if (l.label === 'child') return t('orders.fields.children')
  // A kind's own word for a line (a departure's room type) in the reader's language, when it has one.
  const own = t(`orders.line_labels.${l.label}`, { defaultValue: '' })
  if (own) return own
  return itemName.includes(l.label) ? '' : l.label
}

/**
 * The price of the order: the live quote while it is being written, the stored
 * lines once it is saved. Every figure is the server's; nothing is added up here.
 */
export function PricePanel({
  items,
  total,
  loading,
  messages,
}: {
  items: PricedItem[]
  total: number | string | null
  loading?: boolean
  /** Items not complete yet, or the quote's refusals, one sentence each. */
  messages: string[]
}) {
  const { t } = useTranslation()
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      component="section"
      aria-label={t('orders.preview.title')}
    >
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('orders.preview.title')}</Title>
        {loading && <Loader size="xs" aria-label={t('orders.preview.updating')} />}
      </Group>
      <Stack gap="sm" aria-live="polite">
        {items.length === 0 && messages.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('orders.preview.empty')}
          </Text>
        )}
        {items.map((item) => (
          <ItemLines key={item.position} item={item} />
        ))}
        {messages.map((m, i) => (
          <Text key={i} size="sm" c="dimmed">
            {m}
          </Text>
        ))}
        {total !== null && (
          <>
            <Divider />
            <Group justify="space-between" data-testid="order-total">
              <Text fw={700}>{t('orders.preview.total')}</Text>
              <Text fw={700} size="lg">
                {formatAmount(total)}
              </Text>
            </Group>
          </>
        )}
        <Text size="xs" c="dimmed">
          {t('orders.preview.note')}
        </Text>
      </Stack>
    </Paper>
  )
}

/** A move asked before it is made: confirming binds the agency, completing and cancelling are final (issue 32). */

export function QuoteFailed({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
      {message}
    </Alert>
  )
}
