import { Checkbox, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { field, FieldInput, type ResourceForm, type ResourceRow, type SelectSource } from '../../../components/resource'
import { useSourceOptions } from '../../../components/resource/fields/options'
import { formatAmount } from '../order-logic'
import type { DetailItem } from './define'
import { Entry } from './define'

/*
 * Extras chosen per item (issue 32), for any kind whose product has an extra price list: the kind's fields
 * declare `extrasField(index, { source, offered, persons })`; the item's value is `extras: [{ extra_id, qty }]`
 * and the server checks it (the extra is the product's, the quantity within its bounds). Service fees are
 * never chosen: the server adds them.
 */

export interface ChosenExtra {
  extra_id: number
  qty: number | string
}

interface ExtrasPickerProps {
  form: ResourceForm
  /** `items.N.extras` */
  path: string
  label: string
  disabled: boolean
  /** The extras this item may choose (the chosen product's). */
  offered: ResourceRow[]
  /** A per-person extra starts at this many. */
  persons: number
  /** i18n key of the hint above the extras (default: a stay's). */
  hintKey?: string
}

function ExtrasPicker({ form, path, label, disabled, offered, persons, hintKey }: ExtrasPickerProps) {
  const { t } = useTranslation()
  const chosen = (getPath(form.getValues(), path) as ChosenExtra[] | undefined) ?? []
  const errors = Object.entries(form.errors)
    .filter(([k]) => k === path || k.startsWith(`${path}.`))
    .filter(([k]) => !/\.\d+\.qty$/.test(k))
    .map(([, v]) => String(v))
  const toggle = (row: ResourceRow, on: boolean) => {
    const id = Number(row.id)
    const rest = chosen.filter((c) => c.extra_id !== id)
    form.setFieldValue(path, on ? [...rest, { extra_id: id, qty: row.person_price ? Math.max(persons, 1) : 1 }] : rest)
  }
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {offered.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('orders.item.extras_none')}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            {t(hintKey ?? 'orders.item.extras_hint')}
          </Text>
          {offered.map((row) => {
            const id = Number(row.id)
            const at = chosen.findIndex((c) => c.extra_id === id)
            const name = String(row.name)
            const unit = [
              formatAmount(row.value),
              row.type === 'per_day' ? t('orders.item.per_day') : '',
              row.person_price ? t('orders.item.per_person') : '',
            ]
              .filter(Boolean)
              .join(' · ')
            return (
              // One row per extra, named by it: its quantity field reads "Quantity" inside the extra's group.
              <Group key={id} gap="sm" wrap="wrap" align="flex-end" role="group" aria-label={name} mih={36}>
                <Checkbox
                  label={`${name} (${unit})`}
                  checked={at >= 0}
                  disabled={disabled}
                  onChange={(e) => toggle(row, e.currentTarget.checked)}
                />
                {at >= 0 && (
                  <div style={{ width: 110 }}>
                    <FieldInput
                      mode="create"
                      values={form.getValues()}
                      field={{ ...field.number('qty', { min: 1 }), disabled: () => disabled }}
                      form={form}
                      path={`${path}.${at}.qty`}
                      label={t('orders.fields.qty')}
                      required
                    />
                  </div>
                )}
              </Group>
            )
          })}
        </>
      )}
      {errors.map((e) => (
        <Text key={e} size="xs" c="red.8" role="alert">
          {e}
        </Text>
      ))}
    </Stack>
  )
}

function getPath(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj)
}

/** The extras field of item `index`: the rows of `source` that `offered` keeps for the item's product. */
export function extrasField(
  index: number,
  opts: { source: SelectSource; offered: (rows: ResourceRow[]) => ResourceRow[]; persons: number; hintKey?: string },
) {
  return field.custom('extras', {
    span: 12,
    render: (p) => <ExtrasOfSource {...p} index={index} {...opts} />,
  })
}

function ExtrasOfSource({
  form,
  label,
  disabled,
  index,
  source,
  offered,
  persons,
  hintKey,
}: {
  form: ResourceForm
  label: string
  disabled: boolean
  index: number
  source: SelectSource
  offered: (rows: ResourceRow[]) => ResourceRow[]
  persons: number
  hintKey?: string
}) {
  const rows = useSourceOptions(source).data ?? []
  return (
    <ExtrasPicker
      form={form}
      path={`items.${index}.extras`}
      label={label}
      disabled={disabled}
      offered={offered(rows)}
      persons={persons}
      hintKey={hintKey}
    />
  )
}

/** The item's value as the create body sends it. */
export const extrasPayload = (v: unknown) =>
  (Array.isArray(v) ? (v as ChosenExtra[]) : []).map((c) => ({
    extra_id: Number(c.extra_id),
    qty: c.qty === '' || c.qty === null || c.qty === undefined ? undefined : Number(c.qty),
  }))

/** The extras of a stored item, as the summary shows them: "Extra bed × 2" (the chosen quantity), from its extra lines. */
export function ChosenExtrasEntry({ item, t }: { item: DetailItem; t: (key: string) => string }) {
  const lines = ((item.lines as Array<{ type: string; label: string }> | undefined) ?? []).filter((l) => l.type === 'extra')
  const chosen = Array.isArray(item.extras) ? (item.extras as ChosenExtra[]) : []
  return (
    <Entry
      label={t('orders.item.extras_chosen')}
      value={lines
        .map((l, i) => {
          const qty = Number(chosen[i]?.qty ?? 1)
          return qty > 1 ? `${l.label} × ${qty}` : l.label
        })
        .join(', ')}
    />
  )
}
