import type { UseFormReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { ConflictPanel, currentVersion, field, type TypedLine, type useVersionConflict } from '../../components/resource'
import { fromDetail, type OrderDetail, type OrderFormValues } from './order-logic'

/** The order form's customer fields (the editor draws them; a conflict compares them one by one). */
export const customerFields = [
  field.text('name', { required: true, span: 6, autoComplete: 'off' }),
  field.text('email', { type: 'email', span: 6, autoComplete: 'off' }),
  field.text('phone', { type: 'tel', span: 4, autoComplete: 'off' }),
  field.text('nationality', { span: 4 }),
  field.text('passport_number', { span: 4, autoComplete: 'off' }),
]

interface Props {
  conflict: ReturnType<typeof useVersionConflict<OrderFormValues>>
  form: UseFormReturnType<OrderFormValues>
  busy: boolean
  /** The holder of the version an edit sends. */
  version: { current?: number }
  onChanged: (order: OrderDetail) => void
  submit: () => void
}

/**
 * A stale edit of an order (issue 30): the order as it now is beside what was typed, line by line for the
 * customer's fields and the notes, the items as a whole. Reload takes the order as it is; Overwrite sends
 * what was typed with the current version.
 */
export function OrderConflict({ conflict, form, busy, version, onChanged, submit }: Props) {
  const { t } = useTranslation()
  const c = conflict.state
  if (!c) return null
  const shownValues = form.getValues()
  const typedLines: TypedLine[] = []
  if (c.reloaded) {
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
  return (
    <ConflictPanel
      state={c}
      busy={busy}
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
        submit()
      }}
      onApplyAll={() => typedLines.forEach((l) => l.apply())}
      onDismiss={conflict.clear}
    />
  )
}
