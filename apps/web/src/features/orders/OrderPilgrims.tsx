import { useState } from 'react'
import { Button, Group, MultiSelect, Select, Text } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { CHILD_AGE_LIMIT, GENDERS, ageOn, pilgrimInputSchema, todayIso } from '@app/shared'
import { defineResource, field, ResourceDialog, type ResourceForm, type ResourceRow } from '../../components/resource'
import { api, unwrap } from '../../lib/api-client'
import { can, type Me } from '../../lib/permissions'
import { queryKeys } from '../../lib/query-keys'
import type { ItemValues } from './kinds'

/*
 * Orders use pilgrims (issue 28): the customer picked from the company's
 * pilgrims (or a new one created here), and, on every item whatever its kind,
 * the pilgrims who travel. With a list, the item's adults and children (for a
 * kind that counts them) follow it; the server counts again by age on the
 * item's first day, and the quote shows its numbers.
 */

export interface PilgrimChoice {
  id: number
  full_name: string
  gender: string
  birth_date: string | null
  phone: string | null
  nationality: string | null
  passport_number: string | null
}

const params = { export_data: true, sort_by: 'full_name', order_by: 'asc' } as const

/** The company's pilgrims to choose from, for a user who may list them. */
export function usePilgrimChoices(me?: Me) {
  return useQuery({
    queryKey: queryKeys('pilgrims').list(params),
    queryFn: () => unwrap(api.get<{ data: PilgrimChoice[] }>('/pilgrims', params)).then((r) => r.data),
    enabled: can(me, 'pilgrim_list'),
    staleTime: 30_000,
  })
}

/** Adults and children among the chosen pilgrims, by age today (a pilgrim without a birth date is an adult). */
export function countTravellers(ids: number[], pilgrims: PilgrimChoice[]): { adults: number; children: number } {
  const today = todayIso()
  const children = ids.filter((id) => {
    const birth = pilgrims.find((p) => p.id === id)?.birth_date
    return !!birth && ageOn(birth, today) < CHILD_AGE_LIMIT
  }).length
  return { adults: ids.length - children, children }
}

const label = (p: PilgrimChoice) => (p.passport_number ? `${p.full_name} (${p.passport_number})` : p.full_name)

/** A short pilgrim form (name, gender, birth date, phone, passport) in a dialog, for a customer not yet registered. */
const quickPilgrim = defineResource<ResourceRow>({
  name: 'pilgrims',
  permission: 'pilgrim',
  columns: [],
  fields: [
    field.text('full_name'),
    field.select('gender', {
      span: 6,
      options: GENDERS.map((value) => ({ value, labelKey: `resources.pilgrims.genders.${value}` })),
    }),
    field.date('birth_date', { span: 6, maxDate: todayIso() }),
    field.text('phone', { span: 6, type: 'tel', placeholderKey: 'resources.pilgrims.phone_placeholder' }),
    field.text('passport_number', { span: 6 }),
  ],
  schema: pilgrimInputSchema,
  rowTitle: (row) => String(row.full_name ?? ''),
})

/** Above the customer's fields: pick a pilgrim (fills the fields) or register a new one. */
export function CustomerPilgrim({ form, editable, me }: { form: ResourceForm; editable: boolean; me?: Me }) {
  const { t } = useTranslation()
  const choices = usePilgrimChoices(me)
  const [creating, setCreating] = useState(false)
  const value = form.getValues().customer?.pilgrim_id as number | null | undefined
  const pick = (p: PilgrimChoice | undefined) => {
    form.setFieldValue('customer.pilgrim_id', p?.id ?? null)
    if (!p) return
    form.setFieldValue('customer.name', p.full_name)
    form.setFieldValue('customer.phone', p.phone ?? '')
    form.setFieldValue('customer.nationality', p.nationality ?? '')
    form.setFieldValue('customer.passport_number', p.passport_number ?? '')
  }
  if (!can(me, 'pilgrim_list')) return null
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        style={{ flex: '1 1 260px' }}
        label={t('orders.fields.customer_pilgrim')}
        placeholder={t('orders.pilgrims.pick_customer')}
        searchable
        clearable
        disabled={!editable}
        data={(choices.data ?? []).map((p) => ({ value: String(p.id), label: label(p) }))}
        value={value ? String(value) : null}
        onChange={(v) => pick(v ? choices.data?.find((p) => p.id === Number(v)) : undefined)}
        nothingFoundMessage={t('table.no_records')}
      />
      {editable && can(me, 'pilgrim_create') && (
        <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
          {t('orders.pilgrims.new')}
        </Button>
      )}
      {creating && (
        <ResourceDialog
          resource={quickPilgrim}
          opened
          mode="create"
          onClose={() => setCreating(false)}
          onSaved={(row) => row && pick(row as unknown as PilgrimChoice)}
        />
      )}
    </Group>
  )
}

/** On every item card: the pilgrims who travel on it. */
export function ItemTravellers({
  form,
  item,
  index,
  editable,
  me,
}: {
  form: ResourceForm
  item: ItemValues
  index: number
  editable: boolean
  me?: Me
}) {
  const { t } = useTranslation()
  const choices = usePilgrimChoices(me)
  if (!can(me, 'pilgrim_list')) return null
  const ids = ((item.pilgrim_ids as number[] | undefined) ?? []).map(Number)
  const change = (next: number[]) => {
    form.setFieldValue(`items.${index}.pilgrim_ids`, next)
    if (!next.length) return
    const counts = countTravellers(next, choices.data ?? [])
    if ('adults' in item) form.setFieldValue(`items.${index}.adults`, counts.adults)
    if ('children' in item) form.setFieldValue(`items.${index}.children`, counts.children)
  }
  const error = form.getInputProps(`items.${index}.pilgrim_ids`).error as string | undefined
  return (
    <div>
      <MultiSelect
        label={t('orders.fields.pilgrim_ids')}
        placeholder={ids.length ? undefined : t('orders.pilgrims.pick_travellers')}
        searchable
        clearable
        hidePickedOptions
        disabled={!editable}
        data={(choices.data ?? []).map((p) => ({ value: String(p.id), label: label(p) }))}
        value={ids.map(String)}
        onChange={(v) => change(v.map(Number))}
        error={error}
        nothingFoundMessage={t('table.no_records')}
      />
      {ids.length > 0 && ('adults' in item || 'children' in item) && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('orders.pilgrims.counts_follow', { age: CHILD_AGE_LIMIT })}
        </Text>
      )}
    </div>
  )
}
