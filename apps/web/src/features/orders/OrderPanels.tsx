import { useState } from 'react'
import { Alert, Badge, Box, Button, Divider, Grid, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import {
  MAX_MONEY,
  ORDER_TRANSITIONS,
  PAYMENT_METHODS,
  orderStatusInputSchema,
  paymentInputSchema,
  type OrderStatus,
} from '@app/shared'
import {
  ConfirmModal,
  ConflictPanel,
  currentVersion,
  field,
  FieldInput,
  SubmitButton,
  useVersionConflict,
  type ResourceForm,
} from '../../components/resource'
import { DialogForm, FormDialog } from '../../components/resource/dialogs'
import { fieldAmong, showServerErrors } from '../../components/resource/form-errors'
import { api } from '../../lib/api-client'
import { formatDate, formatDateTime } from '../../lib/format'
import { notifyError, notifySuccess } from '../../lib/notify'
import type { Me } from '../../lib/permissions'
import { zodFormErrors } from '../../lib/validation'
import { STATUS_COLORS, desksOf, formatAmount, mayMove, statusActions, type OrderDetail, type QuoteLine } from './order-logic'

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
function lineLabel(l: QuoteLine, itemName: string, t: (k: string) => string) {
  if (l.type !== 'day') return l.label
  if (l.label === 'adult') return t('orders.fields.adults')
  if (l.label === 'child') return t('orders.fields.children')
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
const asksFirst = (to: OrderStatus) => to === 'confirmed' || ORDER_TRANSITIONS[to].length === 0

/** The day from which an order may be completed: its end (a stay's check-out), as the server counts it. */
const completableFrom = (order: OrderDetail) => order.end_date

const cancelFields = [field.textarea('reason', { required: true, span: 12 }), field.money('fee', { span: 12, min: 0 })]
const CANCEL_FIELD_NAMES = cancelFields.map((f) => f.name)

/** Cancelling: why (required) and an optional fee the agency keeps, both kept on the order. */
function CancelDialog({
  order,
  me,
  onClose,
  onDone,
}: {
  order: OrderDetail
  me?: Me
  onClose: () => void
  onDone: (o: OrderDetail) => void
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const label = (name: string) => t(`orders.fields.${name.split('.').pop()}`)
  const body = (v: Record<string, unknown>) => ({
    status: 'cancelled' as const,
    reason: typeof v.reason === 'string' ? v.reason.trim() : '',
    fee: v.fee === '' || v.fee === null || v.fee === undefined ? null : Number(v.fee),
  })
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '', fee: '' },
    validate: (v) => zodFormErrors(orderStatusInputSchema, body(v), t, label),
  }) as unknown as ResourceForm
  const submit = form.onSubmit(async (v, event) => {
    setBusy(true)
    // The version the page read (issue 30), as every status move sends it.
    const res = await api.post<{ data: OrderDetail }>(`/orders/${order.id}/status`, { ...body(v), version: order.version })
    setBusy(false)
    if (res.ok) {
      notifySuccess(
        t('notify.updated_title'),
        t('orders.notify.status', { code: order.code, status: t('orders.status.cancelled') }),
      )
      onDone(res.data.data)
      return
    }
    showServerErrors({
      form,
      error: res.error,
      fieldOf: fieldAmong(CANCEL_FIELD_NAMES),
      failedTitle: t('orders.notify.status_failed'),
      root: (event?.currentTarget as HTMLElement | undefined) ?? null,
    })
  })
  return (
    <DialogForm
      onSubmit={submit}
      busy={busy}
      onCancel={onClose}
      submitLabel={t('orders.actions.cancelled')}
      cancelLabel={t('orders.actions.keep')}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('orders.confirm.cancelled_message')}
      </Text>
      <Stack gap="sm">
        {cancelFields.map((f) => (
          <FieldInput
            key={f.name}
            mode="create"
            values={form.getValues()}
            me={me}
            field={f}
            form={form}
            label={t(`orders.fields.${f.name}`)}
            required={!!f.required}
          />
        ))}
      </Stack>
    </DialogForm>
  )
}

/** Status, the moves the workflow allows from it (confirming needs approval), and the history. */
export function StatusPanel({ order, me, onChanged }: { order: OrderDetail; me?: Me; onChanged: (o: OrderDetail) => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<OrderStatus | null>(null)
  const [asking, setAsking] = useState<OrderStatus | null>(null)
  const desks = desksOf(order.items.map((i) => i.kind))
  const moves = statusActions(order.status).filter((s) => mayMove(me?.permissions ?? [], desks, s))
  // Completing records that the stay happened: the server refuses it before the order's end, so the button waits too.
  const endsOn = completableFrom(order)
  const notEnded = dayjs().format('YYYY-MM-DD') < endsOn

  const conflict = useVersionConflict<OrderStatus>()

  const move = async (to: OrderStatus, version = order.version) => {
    setBusy(to)
    // The version the page read (issue 30): a move made on an order someone changed since is a conflict.
    const res = await api.post<{ data: OrderDetail }>(`/orders/${order.id}/status`, { status: to, version })
    setBusy(null)
    setAsking(null)
    if (!res.ok && res.error.conflict) {
      conflict.raise(res.error.conflict, to)
      return
    }
    conflict.clear()
    if (res.ok) {
      const next = res.data.data
      notifySuccess(
        t('notify.updated_title'),
        t('orders.notify.status', { code: order.code, status: t(`orders.status.${next.status}`) }),
      )
      onChanged(next)
    } else notifyError(t('orders.notify.status_failed'), res.error.message)
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      component="section"
      aria-label={t('orders.page.status')}
    >
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('orders.page.status')}</Title>
        <Badge size="lg" variant="light" radius="sm" color={STATUS_COLORS[order.status]} data-testid="order-status">
          {t(`orders.status.${order.status}`)}
        </Badge>
      </Group>
      {conflict.state && (
        <ConflictPanel
          state={conflict.state}
          busy={busy !== null}
          onReload={() => {
            onChanged(conflict.state!.conflict.current as OrderDetail)
            conflict.clear()
          }}
          onOverwrite={() => void move(conflict.state!.typed, currentVersion(conflict.state!.conflict))}
          onDismiss={conflict.clear}
        />
      )}
      {moves.length > 0 && (
        <Group gap="xs" mb="sm">
          {moves.map((to) => (
            <Button
              key={to}
              size="xs"
              variant={to === 'cancelled' ? 'light' : 'filled'}
              color={to === 'cancelled' ? 'red' : to === 'completed' ? 'green' : undefined}
              loading={busy === to}
              disabled={(busy !== null && busy !== to) || (to === 'completed' && notEnded)}
              aria-describedby={to === 'completed' && notEnded ? 'order-complete-when' : undefined}
              onClick={() => (asksFirst(to) ? setAsking(to) : void move(to))}
            >
              {t(`orders.actions.${to}`)}
            </Button>
          ))}
        </Group>
      )}
      {moves.includes('completed') && notEnded && (
        <Text id="order-complete-when" size="xs" c="dimmed" mb="sm">
          {t('orders.page.complete_from', { date: formatDate(endsOn) })}
        </Text>
      )}
      {order.status === 'cancelled' && (order.cancel_reason || order.cancel_fee !== null) && (
        <Stack gap={2} mb="sm" data-testid="order-cancellation">
          <Text size="sm">
            <Text span fw={600}>
              {t('orders.fields.reason')}:
            </Text>{' '}
            {order.cancel_reason ?? '—'}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              {t('orders.fields.fee')}:
            </Text>{' '}
            {order.cancel_fee === null ? '—' : formatAmount(order.cancel_fee)}
          </Text>
        </Stack>
      )}
      <Stack gap={2}>
        {order.history.map((h, i) => (
          <Text key={i} size="xs" c="dimmed">
            {t('orders.page.history_line', {
              status: t(`orders.status.${h.to_status}`),
              date: formatDateTime(h.created_at),
              who: h.user_name ?? '-',
            })}
          </Text>
        ))}
      </Stack>
      <ConfirmModal
        opened={asking !== null && asking !== 'cancelled'}
        title={asking ? t(`orders.confirm.${asking}_title`, { code: order.code }) : ''}
        message={asking ? t(`orders.confirm.${asking}_message`) : ''}
        confirmLabel={asking ? t(`orders.actions.${asking}`) : ''}
        color="green"
        onCancel={() => setAsking(null)}
        onConfirm={() => (asking ? move(asking) : undefined)}
      />
      <FormDialog
        opened={asking === 'cancelled'}
        title={t('orders.confirm.cancelled_title', { code: order.code })}
        onClose={() => setAsking(null)}
      >
        <CancelDialog
          order={order}
          me={me}
          onClose={() => setAsking(null)}
          onDone={(next) => {
            setAsking(null)
            onChanged(next)
          }}
        />
      </FormDialog>
    </Paper>
  )
}

/** A refund (a negative amount) is an approval (ORDER_REFUND_ACTION): without it the amount starts at 0. */
const paymentFields = (canRefund: boolean) => [
  field.money('amount', { required: true, span: 6, min: canRefund ? -MAX_MONEY : 0 }),
  field.select('method', {
    required: true,
    span: 6,
    options: PAYMENT_METHODS.map((m) => ({ value: m, labelKey: `orders.methods.${m}` })),
  }),
  field.date('paid_at', { span: 6, maxDate: dayjs().format('YYYY-MM-DD'), clearable: false }),
  field.text('reference', { span: 6 }),
]
const PAYMENT_FIELD_NAMES = paymentFields(true).map((f) => f.name)

/** Payments of an order: the list, total / paid / balance, and a payment (or a negative refund) to add. */
export function PaymentsPanel({
  order,
  me,
  canPay,
  canRefund,
  onChanged,
}: {
  order: OrderDetail
  me?: Me
  canPay: boolean
  /** Holds the approval a refund needs on every desk of the order. */
  canRefund: boolean
  onChanged: (o: OrderDetail) => void
}) {
  const { t } = useTranslation()
  const [saving, setSaving] = useState(false)
  const open = canPay && order.status !== 'completed' && order.status !== 'cancelled'
  const label = (name: string) => t(`orders.fields.${name.split('.').pop()}`)
  const initial = () => ({
    amount: Number(order.balance) > 0 ? Number(order.balance) : '',
    method: 'transfer',
    paid_at: dayjs().format('YYYY-MM-DD'),
    reference: '',
  })
  const form = useForm({
    mode: 'controlled',
    initialValues: initial(),
    validate: (v) => zodFormErrors(paymentInputSchema, toBody(v), t, label),
  }) as unknown as ResourceForm

  const submit = form.onSubmit(async (v, event) => {
    setSaving(true)
    const res = await api.post<{ data: OrderDetail }>(`/orders/${order.id}/payments`, toBody(v))
    setSaving(false)
    if (res.ok) {
      const amount = Number(v.amount)
      notifySuccess(
        t('notify.created_title'),
        amount < 0
          ? t('orders.notify.refund', { amount: formatAmount(-amount), code: order.code })
          : t('orders.notify.payment', { amount: formatAmount(amount), code: order.code }),
      )
      const next = res.data.data
      form.setValues({ ...initial(), amount: Number(next.balance) > 0 ? Number(next.balance) : '' })
      form.resetDirty()
      onChanged(next)
      return
    }
    showServerErrors({
      form,
      error: res.error,
      fieldOf: fieldAmong(PAYMENT_FIELD_NAMES),
      failedTitle: t('orders.notify.payment_failed'),
      root: (event?.currentTarget as HTMLElement | undefined) ?? null,
    })
  })

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      shadow="xs"
      component="section"
      aria-label={t('orders.payments.title')}
    >
      <Title order={4} mb="sm">
        {t('orders.payments.title')}
      </Title>
      {/* One row each, the figure on the right: an amount with cents stays on one line in the narrow column. */}
      <Stack gap={2} mb="sm">
        {(['total', 'paid', 'balance'] as const).map((k) => (
          <Group key={k} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed">
              {t(`orders.payments.${k}`)}
            </Text>
            <Text fw={700} size="sm" data-testid={`order-${k}`} style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(order[k])}
            </Text>
          </Group>
        ))}
      </Stack>
      {order.payments.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          {t('orders.payments.none')}
        </Text>
      ) : (
        <Stack gap={6} mb="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('orders.payments.title')}>
          {order.payments.map((p) => (
            <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Box miw={0}>
                <Text size="sm">
                  {formatDate(p.paid_at)} · {t(`orders.methods.${p.method}`)}
                  {Number(p.amount) < 0 && ` · ${t('orders.payments.refund')}`}
                </Text>
                {p.reference && (
                  <Text size="xs" c="dimmed" truncate>
                    {p.reference}
                  </Text>
                )}
              </Box>
              <Text size="sm" fw={600} c={Number(p.amount) < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(p.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {open && (
        <Box component="form" onSubmit={submit} noValidate aria-label={t('orders.payments.add')}>
          <Grid gap="sm">
            {paymentFields(canRefund).map((f) => (
              <Grid.Col key={f.name} span={{ base: 12, sm: f.span ?? 12 }}>
                <FieldInput
                  mode="create"
                  values={form.getValues()}
                  me={me}
                  field={f}
                  form={form}
                  label={t(`orders.fields.${f.name}`)}
                  required={!!f.required}
                />
              </Grid.Col>
            ))}
          </Grid>
          <Group justify="space-between" mt="sm" gap="xs">
            <Text size="xs" c="dimmed">
              {canRefund ? t('orders.payments.refund_hint') : null}
            </Text>
            <SubmitButton size="xs" loading={saving}>
              {t('orders.payments.add')}
            </SubmitButton>
          </Group>
        </Box>
      )}
    </Paper>
  )
}

function toBody(v: Record<string, unknown>) {
  return {
    amount: v.amount === '' ? undefined : Number(v.amount),
    method: v.method || undefined,
    paid_at: v.paid_at || undefined,
    reference: typeof v.reference === 'string' && v.reference.trim() ? v.reference.trim() : null,
  }
}

/** A banner over a quote that failed for another reason than the items (network, server). */
export function QuoteFailed({ message }: { message: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
      {message}
    </Alert>
  )
}
