import { useState } from 'react'
import { Box, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { MAX_MONEY, PAYMENT_METHODS, paymentInputSchema } from '@app/shared'
import { field, FieldInput, SubmitButton, type ResourceForm } from '../../components/resource'
import { fieldAmong, showServerErrors } from '../../components/resource/form-errors'
import { api } from '../../lib/api-client'
import { formatDate } from '../../lib/format'
import { notifySuccess } from '../../lib/notify'
import type { Me } from '../../lib/permissions'
import { zodFormErrors } from '../../lib/validation'
import { formatAmount, type OrderDetail } from './order-logic'

/** The order's payments and refunds, and the form that records one. */

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
