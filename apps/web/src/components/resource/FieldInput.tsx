import { Group, Loader, NumberInput, PasswordInput, Radio, Select, Textarea, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, unwrap } from '../../lib/api-client'
import { getPath } from '../../lib/format'
import { queryKeys } from '../../lib/query-keys'
import type { FieldContext, FieldDef, ResourceForm, ResourceRow, SelectOption, SelectSource } from './define'

interface FieldInputProps<R extends ResourceRow> extends FieldContext<R> {
  field: FieldDef<R>
  form: ResourceForm
  label: string
  required: boolean
}

/** Options of a select loaded from another resource: all active rows. */
function useSourceOptions(source: SelectSource | undefined) {
  const params = { export_data: true, is_active: true, ...source?.params }
  return useQuery({
    queryKey: queryKeys(source?.resource ?? '_none').list(params),
    queryFn: () =>
      unwrap(api.get<{ data: ResourceRow[] }>(source!.endpoint ?? `/${source!.resource}`, params)).then((r) => r.data),
    enabled: !!source,
    staleTime: 60_000,
  })
}

/** One dialog field, bound to the Mantine form by name. */
export function FieldInput<R extends ResourceRow>({ field, form, label, required, ...ctx }: FieldInputProps<R>) {
  const { t } = useTranslation()
  const disabled = field.disabled?.(ctx) ?? false
  const common = {
    label,
    withAsterisk: required,
    disabled,
    placeholder: field.placeholderKey ? t(field.placeholderKey) : undefined,
    description: field.descriptionKey ? t(field.descriptionKey) : undefined,
  }
  const input = form.getInputProps(field.name)
  const source = field.kind === 'select' ? field.source : undefined
  const options = useSourceOptions(source)

  switch (field.kind) {
    case 'text':
      return <TextInput {...common} {...input} type={field.type ?? 'text'} autoComplete={field.autoComplete} />
    case 'textarea':
      return <Textarea {...common} {...input} autosize minRows={field.rows ?? 3} maxRows={10} />
    case 'password':
      return <PasswordInput {...common} {...input} autoComplete={field.autoComplete ?? 'new-password'} />
    case 'number':
      return (
        <NumberInput
          {...common}
          {...input}
          min={field.min}
          max={field.max}
          step={field.step}
          decimalScale={field.decimalScale}
          prefix={field.prefix}
          thousandSeparator="."
          decimalSeparator=","
        />
      )
    case 'yesNo': {
      const value = form.getValues()[field.name]
      return (
        <Radio.Group
          {...common}
          error={input.error}
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(v) => form.setFieldValue(field.name, v === 'yes')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={t('actions.yes')} disabled={disabled} />
            <Radio value="no" label={t('actions.no')} disabled={disabled} />
          </Group>
        </Radio.Group>
      )
    }
    case 'select': {
      const list: SelectOption[] = source
        ? (options.data ?? []).map((row) => ({
            value: getPath(row, source.valueKey ?? 'id') as string | number,
            label: source.label ? source.label(row, t) : String(getPath(row, source.labelKey) ?? ''),
          }))
        : (field.options ?? [])
      const data = list.map((o) => ({ value: String(o.value), label: o.labelKey ? t(o.labelKey) : (o.label ?? String(o.value)) }))
      const current = form.getValues()[field.name]
      return (
        <Select
          {...common}
          error={input.error}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          data={data}
          value={current === null || current === undefined || current === '' ? null : String(current)}
          // Keep the option's own type (a numeric id stays a number).
          onChange={(v) =>
            form.setFieldValue(field.name, v === null ? null : (list.find((o) => String(o.value) === v)?.value ?? v))
          }
          searchable={field.searchable ?? data.length > 8}
          clearable={field.clearable ?? !required}
          nothingFoundMessage={t('table.no_records')}
          rightSection={source && options.isLoading ? <Loader size={14} /> : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      )
    }
    case 'custom':
      return <>{field.render({ ...ctx, form, field, label, required, disabled })}</>
  }
}
