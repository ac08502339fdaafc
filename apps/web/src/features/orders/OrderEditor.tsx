import { useEffect, useState } from 'react'
import { Alert, Box, Grid, LoadingOverlay, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { DESK_ENTITY, ORDER_DESKS, ORDER_REFUND_ACTION, orderInputSchema, type OrderDesk } from '@app/shared'
import {
  field,
  FieldInput,
  ifMatch,
  scrollToFirstError,
  type ResourceForm,
  useLeavePrompt,
  useVersionConflict,
} from '../../components/resource'
import { AuditEntries } from '../../components/audit/AuditEntries'
import { useErrorsAfterSubmit } from '../../components/resource/live-errors'
import { api, request } from '../../lib/api-client'
import { formatDateTime } from '../../lib/format'
import { notifyError, notifySuccess } from '../../lib/notify'
import { can, type Me } from '../../lib/permissions'
import { queryKeys } from '../../lib/query-keys'
import { zodFormErrors } from '../../lib/validation'
import { OrderConflict, customerFields } from './OrderConflict'
import { OrderItems } from './OrderItems'
import { CustomerPilgrim } from './OrderPilgrims'
import { BackButton, OrderSection, SaveBar } from './OrderBars'
import { CustomerSummary, ItemsSummary, NotesSummary } from './OrderSummary'
import { PaymentsPanel } from './PaymentsPanel'
import { PricePanel } from './PricePanel'
import { StatusPanel } from './StatusPanel'
import { useOrderQuote } from './order-quote'
import {
  blankOrder,
  desksOf,
  fromDetail,
  newIdempotencyKey,
  orderPayload,
  shortfallDays,
  type OrderDetail,
  type OrderFormValues,
} from './order-logic'

const keys = queryKeys('orders')
const notesField = field.textarea('notes', { rows: 2 })

/**
 * The order's form and panels: customer, notes and items of any kind (a package) with a live price, the
 * status moves, audit history and payments. Saving creates the order (one Idempotency-Key per body) or edits
 * a pending one with the version read; a refusal names the days per item, a conflict shows the order as it is.
 */
export function OrderEditor({ desk, order, me }: { desk: OrderDesk; order?: OrderDetail; me?: Me }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const isNew = !order
  const desks = order ? desksOf(order.items.map((i) => i.kind)) : []
  const mayUpdate = desks.every((d) => can(me, `${DESK_ENTITY[d]}_update`))
  const mayRefund = desks.every((d) => can(me, `${DESK_ENTITY[d]}_${ORDER_REFUND_ACTION}`))
  const editable = isNew || (order.status === 'pending' && mayUpdate)
  const label = (path: string) => t(`orders.fields.${path.split('.').pop()}`)

  const live = useErrorsAfterSubmit()
  const form = useForm<OrderFormValues>({
    mode: 'controlled',
    initialValues: order ? fromDetail(order) : blankOrder(desk),
    validate: (values) => zodFormErrors(orderInputSchema, orderPayload(values), t, label, true),
    ...live.options,
  })
  const kit = form as unknown as ResourceForm
  const [saving, setSaving] = useState(false)
  const [leaving, setLeaving] = useState<string | null>(null)
  // The key of the body last sent (a holder, not state: a double click must see the first click's key at once).
  const [idempotency] = useState<{ body?: string; key?: string }>({})
  // The version an edit sends (issue 30): the order's as read, the current one after a conflict's Reload or Overwrite.
  const [version] = useState<{ current?: number }>(() => ({ current: order?.version }))
  useEffect(() => {
    Object.assign(version, { current: order?.version })
  }, [order?.version, version])
  const conflict = useVersionConflict<OrderFormValues>()

  const { short, setRefused, priced, total, messages, fetching } = useOrderQuote(form.values, order, editable, t)

  // A page opened (a new order, or the order just created) starts at its top, not where the last page was scrolled.
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [])

  // Only an order one can edit has changes to lose (a confirmed or completed one is read-only).
  const dirty = editable && form.isDirty() && !leaving
  const leavePrompt = useLeavePrompt(dirty)
  useEffect(() => {
    if (leaving) void navigate(leaving, { replace: true })
  }, [leaving, navigate])

  const submit = live.afterSubmit(
    form.onSubmit(
      async (values, event) => {
        const root = (event?.currentTarget as HTMLElement | undefined) ?? null
        const body = orderPayload(values)
        const text = JSON.stringify(body)
        // One key per body: a double click or a retry of the same order creates one order; a changed order is a new request.
        if (idempotency.body !== text) Object.assign(idempotency, { body: text, key: newIdempotencyKey() })
        setSaving(true)
        const res = isNew
          ? await request<{ data: OrderDetail }>('/orders', {
              method: 'POST',
              body,
              headers: { 'Idempotency-Key': idempotency.key! },
            })
          : await api.put<{ data: OrderDetail }>(`/orders/${order.id}`, body, ifMatch(version.current))
        setSaving(false)
        if (!res.ok && res.error.conflict) {
          // Changed by someone else since it was read: what was typed is kept in the conflict panel.
          conflict.raise(res.error.conflict, form.getValues())
          return
        }
        conflict.clear()
        if (res.ok) {
          const saved = res.data.data
          notifySuccess(
            t(isNew ? 'notify.created_title' : 'notify.updated_title'),
            t(isNew ? 'orders.notify.created' : 'orders.notify.saved', { code: saved.code }),
          )
          client.setQueryData(keys.detail(String(saved.id)), saved)
          void client.invalidateQueries({ queryKey: keys.lists() })
          setRefused(null)
          if (isNew) {
            form.resetDirty()
            setLeaving(`/app/${DESK_ENTITY[desk]}/${saved.id}`)
          } else {
            form.setValues(fromDetail(saved))
            form.resetDirty(fromDetail(saved))
          }
          return
        }
        if (res.error.status === 409) {
          setRefused({ items: JSON.stringify(values.items), days: shortfallDays(res.error.errors) })
          notifyError(t('orders.notify.refused'), res.error.message)
          scrollToFirstError(root)
          return
        }
        const known: Record<string, string> = {}
        const rest: string[] = []
        for (const [k, m] of Object.entries(res.error.errors)) {
          if (/^(customer\.[a-z_]+|notes|items\.\d+\.[a-z_]+)$/.test(k)) known[k] = m.join(' ')
          else rest.push(m.join(' '))
        }
        form.setErrors(known)
        scrollToFirstError(root)
        if (rest.length || !Object.keys(known).length)
          notifyError(
            t(isNew ? 'notify.create_failed_title' : 'notify.update_failed_title'),
            [res.error.message, ...rest].join(' '),
          )
      },
      (_e, _v, event) => scrollToFirstError((event?.currentTarget as HTMLElement | undefined) ?? null),
    ),
  )

  const onChanged = (next: OrderDetail) => {
    client.setQueryData(keys.detail(String(next.id)), next)
    void client.invalidateQueries({ queryKey: keys.lists() })
  }

  // ---- a conflict: the order as it now is beside what was typed
  const conflictPanel = (
    <OrderConflict
      conflict={conflict}
      form={form}
      busy={saving}
      version={version}
      onChanged={onChanged}
      submit={() => void submit()}
    />
  )

  const title = order ? t('orders.page.title', { code: order.code }) : t('orders.page.create_title')
  const ctx = { mode: (isNew ? 'create' : 'edit') as 'create' | 'edit', values: form.values as never, me }
  const section = (key: string, children: React.ReactNode) => <OrderSection name={key}>{children}</OrderSection>

  // The payments panel has a form of its own: the order's form is the main column, its buttons name it by id.
  const formId = `order-form-${order?.id ?? 'new'}`
  return (
    <Box pos="relative">
      <LoadingOverlay visible={saving} zIndex={5} overlayProps={{ radius: 'sm', blur: 1 }} />
      <Stack gap="md">
        <Stack gap={4}>
          <BackButton desk={desk} />
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {title}
          </Title>
          {order && (
            <Text size="sm" c="dimmed">
              {t('orders.page.created', { date: formatDateTime(order.created_at) })}
            </Text>
          )}
        </Stack>
        {conflictPanel}
        {order && !editable && (
          <Alert color="gray" variant="light">
            {t('orders.page.readonly', { status: t(`orders.status.${order.status}`) })}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            {order && !editable ? (
              // No longer changeable: read as a summary, not as a form of disabled inputs.
              <Stack gap="md">
                {section('customer', <CustomerSummary order={order} />)}
                {section('items', <ItemsSummary order={order} />)}
                {section('notes', <NotesSummary order={order} />)}
              </Stack>
            ) : (
              <form id={formId} onSubmit={submit} noValidate>
                <Stack gap="md">
                  {section(
                    'customer',
                    <Grid gap="sm">
                      <Grid.Col span={12}>
                        <CustomerPilgrim form={kit} editable={editable} me={me} />
                      </Grid.Col>
                      {customerFields.map((f) => (
                        <Grid.Col key={f.name} span={{ base: 12, sm: f.span ?? 12 }}>
                          <FieldInput
                            {...ctx}
                            field={{ ...f, disabled: () => !editable }}
                            form={kit}
                            path={`customer.${f.name}`}
                            label={t(`orders.fields.${f.name}`)}
                            required={!!f.required}
                          />
                        </Grid.Col>
                      ))}
                    </Grid>,
                  )}
                  {section('items', <OrderItems form={kit} editable={editable} me={me} short={short} />)}
                  {section(
                    'notes',
                    <FieldInput
                      {...ctx}
                      field={{ ...notesField, disabled: () => !editable }}
                      form={kit}
                      path="notes"
                      label={t('orders.fields.notes')}
                      required={false}
                    />,
                  )}
                </Stack>
              </form>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            {/* A new order's price stays in view while the items are written. */}
            <Stack
              gap="md"
              style={
                isNew
                  ? {
                      position: 'sticky',
                      top: 'calc(var(--app-shell-header-height, 60px) + 16px)',
                      // Never taller than the room between the header and the save bar: a long package scrolls inside.
                      maxHeight: 'calc(100dvh - var(--app-shell-header-height, 60px) - 112px)',
                      overflowY: 'auto',
                    }
                  : undefined
              }
            >
              <PricePanel items={priced} total={total} loading={fetching} messages={messages} />
              {order && <StatusPanel order={order} me={me} onChanged={onChanged} />}
              {order &&
                can(me, 'audit_list') &&
                section(
                  'audit_history',
                  // Its audit rows are filed under the desks' permission entities (each route names one).
                  <AuditEntries
                    params={{ entity: ORDER_DESKS.map((d) => DESK_ENTITY[d]).join(','), record_id: order.id, size: 20 }}
                    fieldLabel={(f) => t(`orders.fields.${f}`, { defaultValue: f })}
                  />,
                )}
              {order && (
                <PaymentsPanel
                  key={order.payments.length}
                  order={order}
                  me={me}
                  canPay={mayUpdate}
                  canRefund={mayRefund}
                  onChanged={onChanged}
                />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        {editable && <SaveBar desk={desk} formId={formId} total={total} saving={saving} isNew={isNew} />}
      </Stack>
      {leavePrompt}
    </Box>
  )
}
