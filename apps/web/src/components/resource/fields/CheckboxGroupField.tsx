import { Checkbox, Loader, SimpleGrid, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import { useChoices } from './options'
import type { FieldKindProps } from './types'

/** Several values as checkboxes (hotel services, types, facilities); the value is an array. */
export function CheckboxGroupField({
  field,
  form,
  path,
  label,
  required,
  disabled,
  description,
  ...ctx
}: FieldKindProps<'checkboxGroup'>) {
  const { t } = useTranslation()
  const choices = useChoices(field, ctx)
  const input = form.getInputProps(path)
  const current = (getPath(form.getValues(), path) as unknown[] | null) ?? []
  return (
    <Checkbox.Group
      label={label}
      withAsterisk={required}
      description={description}
      error={input.error}
      value={current.map(String)}
      onChange={(v) => form.setFieldValue(path, v.map(choices.valueOf))}
    >
      {choices.loading ? (
        <Loader size="sm" mt="xs" />
      ) : choices.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt={6}>
          {t('table.no_records')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: field.columns ?? 2 }} spacing="xs" verticalSpacing="xs" mt={8}>
          {choices.data.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} disabled={disabled} />
          ))}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  )
}
