import { Group, Input, Rating, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { CustomFieldProps } from '../../components/resource'

/** The hotel rating as 1 to 5 stars (checklist C-11); the value is a whole number or ''. */
export function RatingField({ form, field, label, required, disabled }: CustomFieldProps) {
  const { t } = useTranslation()
  const input = form.getInputProps(field.name)
  const value = typeof input.value === 'number' ? input.value : 0
  return (
    <Input.Wrapper label={label} withAsterisk={required} error={input.error} id={`rating-${field.name}`}>
      <Group gap="sm" mt={6}>
        <Rating
          count={5}
          size="lg"
          value={value}
          readOnly={disabled}
          aria-label={label}
          getSymbolLabel={(n) => t('resources.hotels.stars', { n })}
          onChange={(v) => {
            form.setFieldValue(field.name, v)
            form.validateField(field.name)
          }}
        />
        <Text size="sm" c="dimmed" aria-hidden>
          {value ? `${value}/5` : ''}
        </Text>
      </Group>
    </Input.Wrapper>
  )
}
