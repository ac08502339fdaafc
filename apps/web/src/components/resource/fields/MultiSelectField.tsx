import { Loader, MultiSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import { useChoices } from './options'
import type { FieldKindProps } from './types'

/** Several values from static options or another resource's rows; the value is an array. */
export function MultiSelectField({
  field,
  form,
  path,
  label,
  required,
  disabled,
  description,
  placeholder,
  ...ctx
}: FieldKindProps<'multiSelect'>) {
  const { t } = useTranslation()
  const choices = useChoices(field, ctx)
  const input = form.getInputProps(path)
  const current = (getPath(form.getValues(), path) as unknown[] | null) ?? []
  return (
    <MultiSelect
      label={label}
      withAsterisk={required}
      disabled={disabled}
      description={description}
      placeholder={placeholder}
      error={input.error}
      onBlur={input.onBlur}
      onFocus={input.onFocus}
      data={choices.data}
      value={current.map(String)}
      onChange={(v) => form.setFieldValue(path, v.map(choices.valueOf))}
      searchable={field.searchable ?? choices.data.length > 8}
      maxValues={field.maxValues}
      clearable
      hidePickedOptions
      nothingFoundMessage={t('table.no_records')}
      rightSection={choices.loading ? <Loader size={14} /> : undefined}
    />
  )
}
