import { useEffect, type CSSProperties } from 'react'
import { Checkbox, Group, Loader, PasswordInput, Radio, Select, Switch, Textarea, TextInput } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MIN } from '@app/shared'
import { getPath } from '../../lib/format'
import type { FieldContext, FieldDef, ResourceForm, ResourceRow } from './define'
import { AttributesField } from './fields/AttributesField'
import { CheckboxGroupField } from './fields/CheckboxGroupField'
import { DateField } from './fields/DateField'
import { TimeField } from './fields/TimeField'
import { DateRangeField } from './fields/DateRangeField'
import { GalleryField } from './fields/GalleryField'
import { ImageField } from './fields/ImageField'
import { MapField } from './fields/MapField'
import { MoneyField } from './fields/MoneyField'
import { NumberText, pastePosition } from './fields/NumberField'
import { MultiSelectField } from './fields/MultiSelectField'
import { useChoices } from './fields/options'
import { RepeatableField } from './fields/RepeatableField'
import { RichTextField } from './fields/RichTextField'
import type { FieldKindProps } from './fields/types'
import './textarea.css'

interface FieldInputProps<R extends ResourceRow> extends FieldContext<R> {
  field: FieldDef<R>
  form: ResourceForm
  label: string
  required: boolean
  /** Form path of the value; default `field.name` (a repeatable list passes `list.0.title`). */
  path?: string
  /** Label and required flag of a repeatable list's sub-field (by its path without indexes). */
  subField?: (name: string, labelKey?: string) => { label: string; required: boolean }
  /** A repeatable list alone in a titled section: the title names it, no label above the entries. */
  hideLabel?: boolean
}

/**
 * The one hint of a new password: its minimum length (DESIGN §4); on an edit form where it may stay empty, that
 * empty keeps the current one. The repetition of a password, and the current password, have none.
 */
export function passwordHint(
  t: TFunction,
  field: { purpose?: 'new' | 'confirmation' | 'current' },
  mode: FieldContext['mode'],
  required: boolean,
): string | undefined {
  if ((field.purpose ?? 'new') !== 'new') return undefined
  return t(mode === 'edit' && !required ? 'kit.password.keep_hint' : 'kit.password.hint', { min: PASSWORD_MIN })
}

/** One form field, bound to the Mantine form by path; every kind is its own component under fields/. */
export function FieldInput<R extends ResourceRow>({
  field,
  form,
  label,
  required,
  path: pathProp,
  subField,
  hideLabel,
  ...ctx
}: FieldInputProps<R>) {
  const { t } = useTranslation()
  const path = pathProp ?? field.name
  const disabled = field.disabled?.(ctx) ?? false
  const common = {
    label,
    withAsterisk: required,
    disabled,
    readOnly: field.readOnly,
    placeholder: field.placeholderKey ? t(field.placeholderKey) : undefined,
    description: field.descriptionKey ? t(field.descriptionKey) : undefined,
    // A hint under its input, not between label and input: an input with a hint stays in line with its neighbours.
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  }
  const input = form.getInputProps(path)
  const choices = useChoices(field.kind === 'select' ? field : {}, ctx as FieldContext)
  // A choice the narrowed rows no longer offer (the stay's hotel changed under its room) is cleared, not kept unseen.
  const chosen = getPath(form.getValues(), path)
  const stale =
    field.kind === 'select' &&
    !!field.source?.filterRows &&
    choices.loaded &&
    chosen !== null &&
    chosen !== undefined &&
    chosen !== '' &&
    !choices.list.some((o) => String(o.value) === String(chosen))
  useEffect(() => {
    if (stale) form.setFieldValue(path, null)
  }, [stale, form, path])
  const kind = {
    ...ctx,
    form,
    path,
    label,
    required,
    disabled,
    description: common.description,
    placeholder: common.placeholder,
  } as Omit<FieldKindProps<never>, 'field'>

  switch (field.kind) {
    case 'text':
      return <TextInput {...common} {...input} type={field.type ?? 'text'} autoComplete={field.autoComplete} />
    case 'textarea':
      // Grows with its text by CSS (`field-sizing: content`, textarea.css) between its rows and ten lines, instead of
      // Mantine's `autosize`, which measured a hidden copy of every textarea with getComputedStyle as it mounted: a
      // forced style and layout each, ~0.3 s of the hotel form's load on a phone (issue 33, "Phone"). A browser without
      // field-sizing shows the rows and scrolls.
      return (
        <Textarea
          {...common}
          {...input}
          classNames={{ input: 'field-textarea' }}
          style={{ '--field-rows': field.rows ?? 3 } as CSSProperties}
        />
      )
    case 'password':
      return (
        <PasswordInput
          {...common}
          description={common.description ?? passwordHint(t, field, ctx.mode, required)}
          {...input}
          autoComplete={field.autoComplete ?? (field.purpose === 'current' ? 'current-password' : 'new-password')}
        />
      )
    case 'number':
      return (
        <NumberText
          label={label}
          description={common.description}
          placeholder={common.placeholder}
          form={form}
          path={path}
          required={required}
          disabled={disabled}
          readOnly={field.readOnly}
          min={field.min}
          decimalScale={field.decimalScale}
          grouping={field.grouping}
          leftSection={field.prefix}
          onPasteText={field.pastePair ? (text) => pastePosition(form, field.pastePair!, text) : undefined}
        />
      )
    case 'yesNo': {
      const value = getPath(form.getValues(), path)
      return (
        <Radio.Group
          {...common}
          error={input.error}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(v) => form.setFieldValue(path, v === 'yes')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={t('actions.yes')} disabled={disabled} />
            <Radio value="no" label={t('actions.no')} disabled={disabled} />
          </Group>
        </Radio.Group>
      )
    }
    case 'checkbox': {
      const Toggle = field.switch ? Switch : Checkbox
      return (
        <Toggle
          label={label}
          description={common.description}
          disabled={disabled}
          error={input.error}
          checked={getPath(form.getValues(), path) === true}
          onChange={(e) => form.setFieldValue(path, e.currentTarget.checked)}
          onBlur={input.onBlur}
          mt={6}
        />
      )
    }
    case 'select': {
      const current = getPath(form.getValues(), path)
      return (
        <Select
          {...common}
          error={input.error}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          data={choices.data}
          value={current === null || current === undefined || current === '' ? null : String(current)}
          // Keep the option's own type (a numeric id stays a number).
          onChange={(v) => form.setFieldValue(path, v === null ? null : choices.valueOf(v))}
          searchable={field.searchable ?? choices.data.length > 8}
          clearable={field.clearable ?? !required}
          // Picking the chosen option again keeps it (Mantine would empty the field); the clear button empties.
          allowDeselect={false}
          nothingFoundMessage={t('table.no_records')}
          rightSection={choices.loading ? <Loader size={14} /> : undefined}
        />
      )
    }
    case 'repeatable':
      return (
        <RepeatableField
          {...kind}
          hideLabel={hideLabel}
          field={field as FieldKindProps<'repeatable'>['field']}
          renderField={(sub, subPath, entry) => {
            const meta = subField?.(`${field.name}.${sub.name}`, sub.labelKey) ?? { label: sub.name, required: false }
            return (
              <FieldInput
                {...ctx}
                entry={entry}
                field={sub as FieldDef<R>}
                form={form}
                path={subPath}
                label={meta.label}
                required={sub.required ?? meta.required}
                subField={subField}
              />
            )
          }}
        />
      )
    case 'multiSelect':
      return <MultiSelectField {...kind} field={field as FieldKindProps<'multiSelect'>['field']} />
    case 'checkboxGroup':
      return <CheckboxGroupField {...kind} field={field as FieldKindProps<'checkboxGroup'>['field']} />
    case 'date':
      return <DateField {...kind} field={field as FieldKindProps<'date'>['field']} />
    case 'time':
      return <TimeField {...kind} field={field as FieldKindProps<'time'>['field']} />
    case 'dateRange':
      return <DateRangeField {...kind} field={field as FieldKindProps<'dateRange'>['field']} />
    case 'money':
      return <MoneyField {...kind} field={field as FieldKindProps<'money'>['field']} />
    case 'image':
      return <ImageField {...kind} field={field as FieldKindProps<'image'>['field']} />
    case 'gallery':
      return <GalleryField {...kind} field={field as FieldKindProps<'gallery'>['field']} />
    case 'richText':
      return <RichTextField {...kind} field={field as FieldKindProps<'richText'>['field']} />
    case 'map':
      return <MapField {...kind} field={field as FieldKindProps<'map'>['field']} />
    case 'attributes':
      return <AttributesField {...kind} field={field as FieldKindProps<'attributes'>['field']} />
    case 'custom':
      return <>{field.render({ ...ctx, form, field, label, required, disabled })}</>
  }
}
