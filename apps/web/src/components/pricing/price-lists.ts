import { EXTRA_PRICE_TYPES, MAX_PRICE_ENTRIES, SERVICE_PRICE_TYPES } from '@app/shared'
import { field, type FieldDef, type ResourceRow } from '../resource/define'

/*
 * The pricing part both product forms share (hotels and vehicles, spec §2 and
 * §3 "same shapes as hotels"; checklist I-14): an extra-prices list and a
 * service-fees list, each behind its switch. Labels under `pricing.*`
 * (locales/<lang>/pricing.json), so both forms read the same words.
 */

const on = (flag: string) => (ctx: { values: Record<string, unknown> }) => ctx.values[flag] !== true

const extraTypes = EXTRA_PRICE_TYPES.map((value) => ({ value, labelKey: `pricing.extra_types.${value}` }))
const feeTypes = SERVICE_PRICE_TYPES.map((value) => ({ value, labelKey: `pricing.fee_types.${value}` }))

/** `extra_price` switch, then `prices_extra` (name, value, one_time | per_day, per person) while it is on. */
export function extraPriceFields<R extends ResourceRow = ResourceRow>(section?: string): FieldDef<R>[] {
  return [
    field.checkbox<R>('extra_price', { section, switch: true, labelKey: 'pricing.extra_price' }),
    field.repeatable<R>('prices_extra', {
      section,
      max: MAX_PRICE_ENTRIES,
      hidden: on('extra_price'),
      labelKey: 'pricing.prices_extra',
      itemLabelKey: 'pricing.extra_item',
      addLabelKey: 'pricing.add_extra',
      fields: [
        field.text('name', { span: 5, labelKey: 'pricing.name' }),
        field.money('value', { span: 3, labelKey: 'pricing.value' }),
        field.select('type', { span: 4, options: extraTypes, labelKey: 'pricing.type', initial: 'one_time' }),
        field.checkbox('person_price', { labelKey: 'pricing.person_price' }),
      ],
    }),
  ]
}

/** `service_fee` switch, then `service_prices` (names and descriptions in two languages, value, fixed | percent, per person). */
export function serviceFeeFields<R extends ResourceRow = ResourceRow>(section?: string): FieldDef<R>[] {
  return [
    field.checkbox<R>('service_fee', { section, switch: true, labelKey: 'pricing.service_fee' }),
    field.repeatable<R>('service_prices', {
      section,
      max: MAX_PRICE_ENTRIES,
      hidden: on('service_fee'),
      labelKey: 'pricing.service_prices',
      itemLabelKey: 'pricing.fee_item',
      addLabelKey: 'pricing.add_fee',
      fields: [
        field.text('name', { span: 6, labelKey: 'pricing.fee_name' }),
        field.text('name_en', { span: 6, labelKey: 'pricing.fee_name_en' }),
        field.textarea('description', { span: 6, rows: 2, labelKey: 'pricing.fee_description' }),
        field.textarea('description_en', { span: 6, rows: 2, labelKey: 'pricing.fee_description_en' }),
        // A fee is an amount or a percentage (its type says which), so a plain number rather than SAR.
        field.number('value', { span: 6, min: 0, decimalScale: 2, labelKey: 'pricing.value' }),
        field.select('type', { span: 6, options: feeTypes, labelKey: 'pricing.type', initial: 'fixed' }),
        field.checkbox('person_price', { labelKey: 'pricing.person_price' }),
      ],
    }),
  ]
}
