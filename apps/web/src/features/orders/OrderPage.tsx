import { useEffect, useMemo, useState } from 'react'
import { Alert, Box, Button, Grid, Group, LoadingOverlay, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { DESK_ENTITY, ORDER_DESKS, ORDER_REFUND_ACTION, orderInputSchema, type OrderDesk } from '@app/shared'
import {
  ConflictPanel,
  currentVersion,
  field,
  FieldInput,
  PermissionDenied,
  scrollToFirstError,
  SubmitButton,
  type ResourceForm,
  type TypedLine,
  useLeavePrompt,
  useVersionConflict,
} from '../../components/resource'
import { AuditEntries } from '../../components/audit/AuditEntries'
import { ifMatch } from '../../components/resource'
import { useErrorsAfterSubmit } from '../../components/resource/live-errors'
import { api, isApiError, request, unwrap } from '../../lib/api-client'
import { formatDateTime } from '../../lib/format'
import { notifyError, notifySuccess } from '../../lib/notify'
import { can, useMe, type Me } from '../../lib/permissions'
import { queryKeys } from '../../lib/query-keys'
import { useDocumentTitle } from '../../lib/use-document-title'
import { issueText, zodFormErrors } from '../../lib/validation'
import { OrderItems } from './OrderItems'
import { CustomerPilgrim } from './OrderPilgrims'
import { CustomerSummary, ItemsSummary, NotesSummary } from './OrderSummary'
import { PaymentsPanel, PricePanel, StatusPanel, type PricedItem } from './OrderPanels'
import {
  blankOrder,
  desksOf,
  formatAmount,
  fromDetail,
  itemName,
  itemProblem,
  orderPayload,
  quotable,
  shortfallDays,
  type OrderDetail,
  type OrderFormValues,
  type QuoteLine,
} from './order-logic'

const keys = queryKeys('orders')
/** Pause after the last keystroke before the price is asked again. */
export const QUOTE_DEBOUNCE_MS = 400

/** A fresh Idempotency-Key (works outside secure contexts too, where `randomUUID` is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The order page of a desk (`/app/order_<desk>/create` and `/<id>`): customer,
 * notes and items of any kind (a package), a live price from `POST
 * /orders/quote`, the status moves and the payments. A pending order can be
 * edited; any other is shown read-only with its actions.
 */
export default function OrderPage({ desk }: { desk: OrderDesk }) {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const { id } = useParams()
  const isNew = id === undefined
  const entity = DESK_ENTITY[desk]
  const detail = useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: ({ signal }) => unwrap(api.get<{ data: OrderDetail }>(`/orders/${id}`, undefined, signal)).then((r) => r.data),
    enabled: !isNew,
    staleTime: 0,
    retry: false,
  })
  useDocumentTitle(isNew ? t('orders.page.create_title') : t('orders.page.title', { code: detail.data?.code ?? '' }))

  if (isNew ? !can(me, `${entity}_create`) : !can(me, `${entity}_view`) && !can(me, `${entity}_update`))
    return <PermissionDenied />
  if (!isNew && detail.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={34} w={260} />
        <Skeleton h={320} />
      </Stack>
    )
  }
  if (!isNew && detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404
    return (
      <Stack gap="md">
        <BackButton desk={desk} />
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={gone ? t('not_found.title') : t('alert.title')}
        >
          {gone ? t('orders.page.not_found') : (detail.error as { message?: string }).message}
        </Alert>
      </Stack>
    )
  }
  return <OrderEditor key={id ?? 'new'} desk={desk} order={detail.data} me={me} />
}

function BackButton({ desk }: { desk: OrderDesk }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => void navigate(`/app/${DESK_ENTITY[desk]}`)}
      w="fit-content"
    >
      {t('kit.page.back')}
    </Button>
  )
}

const customerFields = [
  field.text('name', { required: true, span: 6, autoComplete: 'off' }),
  field.text('email', { type: 'email', span: 6, autoComplete: 'off' }),
  field.text('phone', { type: 'tel', span: 4, autoComplete: 'off' }),
  field.text('nationality', { span: 4 }),
  field.text('passport_number', { span: 4, autoComplete: 'off' }),
]
const notesField = field.textarea('notes', { rows: 2 })

interface QuoteAnswer {
  total: number
  items: Array<{ name: string; amount: number; lines: QuoteLine[] }>
  /** Days each quoted item lacks right now (`items.N` of the quoted items), read without taking anything. */
  short?: Record<string, string[]>
}

function OrderEditor({ desk, order, me }: { desk: OrderDesk; order?: OrderDetail; me?: Me }) {
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
  // A refusal's days belong to the items as they were sent: shown while the items are unchanged.
  const [refused, setRefused] = useState<{ items: string; days: Record<number, string[]> } | null>(null)
  // The key of the body last sent (a holder, not state: a double click must see the first click's key at once).
  const [idempotency] = useState<{ body?: string; key?: string }>({})
  // The version an edit sends (issue 30): the order's as read, the current one after a conflict's Reload or Overwrite.
  const [version] = useState<{ current?: number }>(() => ({ current: order?.version }))
  useEffect(() => {
    Object.assign(version, { current: order?.version })
  }, [order?.version, version])
  const conflict = useVersionConflict<OrderFormValues>()

  // ---- live price: the complete items, asked again 400 ms after the last change
  const [debounced] = useDebouncedValue(form.values, QUOTE_DEBOUNCE_MS)
  const ask = useMemo(() => (editable ? quotable(debounced) : null), [debounced, editable])
  const quote = useQuery({
    queryKey: [...keys.all, 'quote', order?.id ?? null, ask?.body ?? null],
    // An edit is quoted as an edit: what this order holds now counts as free for it.
    queryFn: ({ signal }) =>
      request<{ data: QuoteAnswer }>(order ? `/orders/quote?order=${order.id}` : '/orders/quote', {
        method: 'POST',
        body: ask!.body,
        signal,
      }),
    enabled: !!ask,
    placeholderData: keepPreviousData,
    // Stock moves under the clerk (another desk books, an order is cancelled): going back to items quoted a
    // minute ago asks again rather than showing that minute's warning.
    staleTime: 0,
  })

  const itemsKey = JSON.stringify(form.values.items)
  // A refusal belongs to the items as they were sent: once they change it is gone (the live quote warns from then on).
  useEffect(() => {
    if (refused && refused.items !== itemsKey) setRefused(null)
  }, [refused, itemsKey])
  // Short days: the refusal of the last save while its items are unchanged, else the live quote's warning
  // (days that lack stock now, by form position), so the clerk sees them before pressing save.
  const quoted = quote.data?.ok && ask && !quote.isPlaceholderData ? quote.data.data.data.short : undefined
  const warned: Record<number, string[]> = {}
  for (const [n, days] of Object.entries(quoted ? shortfallDays(quoted) : {}))
    warned[ask!.positions[Number(n)] ?? Number(n)] = days
  const short = refused?.items === itemsKey ? refused.days : warned

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

  // ---- a conflict: the order as it now is beside what was typed (customer fields, notes, the items as a whole)
  const c = conflict.state
  const shownValues = form.getValues()
  const typedLines: TypedLine[] = []
  if (c?.reloaded) {
    const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
    const itemsText = (v: OrderFormValues) => t('conflict.items', { count: v.items.length })
    for (const f of customerFields) {
      const path = `customer.${f.name}` as const
      const mine = c.typed.customer[f.name as keyof OrderFormValues['customer']]
      const now = shownValues.customer[f.name as keyof OrderFormValues['customer']]
      if (!same(mine, now))
        typedLines.push({
          key: path,
          label: t(`orders.fields.${f.name}`),
          mine,
          now,
          apply: () => form.setFieldValue(path, mine),
        })
    }
    if (!same(c.typed.notes, shownValues.notes))
      typedLines.push({
        key: 'notes',
        label: t('orders.fields.notes'),
        mine: c.typed.notes,
        now: shownValues.notes,
        apply: () => form.setFieldValue('notes', c.typed.notes),
      })
    if (!same(c.typed.items, shownValues.items))
      typedLines.push({
        key: 'items',
        label: t('orders.page.items'),
        mine: itemsText(c.typed),
        now: itemsText(shownValues),
        apply: () => form.setFieldValue('items', c.typed.items),
      })
  }
  const conflictPanel = c && (
    <ConflictPanel
      state={c}
      busy={saving}
      lines={typedLines}
      onReload={() => {
        const current = c.conflict.current as OrderDetail
        onChanged(current)
        Object.assign(version, { current: current.version })
        form.setValues(fromDetail(current))
        form.clearErrors()
        conflict.markReloaded()
      }}
      onOverwrite={() => {
        Object.assign(version, { current: currentVersion(c.conflict) })
        form.setValues(c.typed)
        conflict.clear()
        void submit()
      }}
      onApplyAll={() => typedLines.forEach((l) => l.apply())}
      onDismiss={conflict.clear}
    />
  )

  // ---- what the price panel shows
  let priced: PricedItem[] = []
  let total: number | string | null = null
  const messages: string[] = []
  if (editable) {
    const answer = quote.data
    const positions = ask?.positions ?? []
    if (answer?.ok && ask) {
      priced = answer.data.data.items.map((it, n) => ({
        position: (positions[n] ?? n) + 1,
        ...it,
        short: short[positions[n] ?? n],
      }))
      total = answer.data.data.total
    } else if (answer && !answer.ok && ask) {
      const errs = Object.entries(answer.error.errors)
      if (!errs.length) messages.push(answer.error.message || t('orders.preview.failed'))
      for (const [k, m] of errs) {
        const n = /^items\.(\d+)/.exec(k)
        const where = n
          ? `${t('orders.item.heading', { n: (positions[Number(n[1])] ?? 0) + 1, kind: '' }).replace(/ · $/, '')}: `
          : ''
        messages.push(`${where}${m.join(' ')}`)
      }
    }
    form.values.items.forEach((item, i) => {
      if ((ask?.positions ?? []).includes(i)) return
      // Filled in but against a rule (check-out before check-in): say which, rather than "not complete".
      const problem = itemProblem(item)
      messages.push(
        problem
          ? `${t('orders.item.heading', { n: i + 1, kind: '' }).replace(/ · $/, '')}: ${issueText(t, problem.issue, t(`orders.fields.${problem.field}`))}`
          : t('orders.preview.incomplete', { n: i + 1 }),
      )
    })
  } else if (order) {
    priced = order.items.map((it, i) => ({ position: i + 1, name: itemName(it, t), amount: it.amount, lines: it.lines }))
    total = order.total
  }

  const title = order ? t('orders.page.title', { code: order.code }) : t('orders.page.create_title')
  const ctx = { mode: (isNew ? 'create' : 'edit') as 'create' | 'edit', values: form.values as never, me }
  const section = (key: string, children: React.ReactNode) => (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      shadow="xs"
      component="section"
      aria-label={t(`orders.page.${key}`)}
    >
      <Title order={4} mb="md">
        {t(`orders.page.${key}`)}
      </Title>
      {children}
    </Paper>
  )

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
              <PricePanel items={priced} total={total} loading={editable && quote.isFetching} messages={messages} />
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
        {editable && (
          <Paper withBorder radius="md" p="sm" shadow="sm" pos="sticky" bottom={8} style={{ zIndex: 4 }}>
            <Group justify="flex-end" gap="sm">
              {/* The live total stays in sight while the items are written (the price panel is below them on a phone). */}
              {total !== null && (
                // On a phone the total has a line of its own above the buttons (both buttons keep their words).
                <Text
                  size="sm"
                  mr="auto"
                  w={{ base: '100%', sm: 'auto' }}
                  data-testid="order-bar-total"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {t('orders.preview.total')}{' '}
                  <Text span fw={700}>
                    {formatAmount(total)}
                  </Text>
                </Text>
              )}
              <Button variant="default" onClick={() => void navigate(`/app/${DESK_ENTITY[desk]}`)} disabled={saving}>
                {t('actions.cancel')}
              </Button>
              <SubmitButton form={formId} loading={saving}>
                {t(isNew ? 'orders.actions.create' : 'orders.actions.save')}
              </SubmitButton>
            </Group>
          </Paper>
        )}
      </Stack>
      {leavePrompt}
    </Box>
  )
}
