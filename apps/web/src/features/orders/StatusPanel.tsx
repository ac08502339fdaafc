import { useState } from 'react'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { ORDER_TRANSITIONS, orderStatusInputSchema, type OrderStatus } from '@app/shared'
import {
  ConfirmModal,
  ConflictPanel,
  currentVersion,
  field,
  FieldInput,
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
import { STATUS_COLORS, desksOf, formatAmount, mayMove, statusActions, type OrderDetail } from './order-logic'

/** The order's status: the moves the caller may make (cancel asks its reason and fee) and the history. */

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
