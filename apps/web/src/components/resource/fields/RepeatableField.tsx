import type { ReactNode } from 'react'
import { ActionIcon, Button, Group, Input, Paper, Stack, Text } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import type { FieldDef, FormValues } from '../define'
import { blankEntry } from '../form-values'
import type { FieldKindProps } from './types'
import { HoverTooltip } from '../../HoverTooltip'
import { SpanCol, SpanGrid } from '../SpanGrid'

export interface RepeatableFieldProps extends FieldKindProps<'repeatable'> {
  /** Renders one sub-field bound to `path` (`general_info.0.title`) of `entry`; FieldInput passes itself. */
  renderField: (sub: FieldDef, path: string, entry: FormValues) => ReactNode
  /** The surrounding section's title names the list. */
  hideLabel?: boolean
}

/**
 * A list of entries, each a card with the declaration's sub-fields: add at the
 * end, remove, move up and down. Values are an array of objects; an entry left
 * blank is dropped before saving (checklist B-06), so the blank entry a form
 * starts with is harmless.
 */
export function RepeatableField({
  field,
  form,
  path,
  label,
  required,
  disabled,
  description,
  renderField,
  hideLabel,
}: RepeatableFieldProps) {
  const { t } = useTranslation()
  const entries = (getPath(form.getValues(), path) as FormValues[] | undefined) ?? []
  const error = form.getInputProps(path).error as ReactNode
  const canAdd = !disabled && (field.max === undefined || entries.length < field.max)
  const itemLabel = (n: number) => t(field.itemLabelKey ?? 'kit.repeatable.item', { n, field: label })

  return (
    <Input.Wrapper
      labelElement="div"
      label={hideLabel ? undefined : label}
      withAsterisk={required}
      description={description}
      error={error}
    >
      <Stack gap="sm" mt={6}>
        {entries.map((entry, i) => (
          <Paper key={i} withBorder radius="md" p="sm" role="group" aria-label={itemLabel(i + 1)}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text size="sm" fw={600} c="dimmed">
                {itemLabel(i + 1)}
              </Text>
              <Group gap={4} wrap="nowrap">
                <HoverTooltip label={t('kit.repeatable.move_up')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`${t('kit.repeatable.move_up')}: ${itemLabel(i + 1)}`}
                    disabled={disabled || i === 0}
                    onClick={() => form.reorderListItem(path, { from: i, to: i - 1 })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </HoverTooltip>
                <HoverTooltip label={t('kit.repeatable.move_down')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`${t('kit.repeatable.move_down')}: ${itemLabel(i + 1)}`}
                    disabled={disabled || i === entries.length - 1}
                    onClick={() => form.reorderListItem(path, { from: i, to: i + 1 })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </HoverTooltip>
                <HoverTooltip label={t('kit.repeatable.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('kit.repeatable.remove')}: ${itemLabel(i + 1)}`}
                    disabled={disabled}
                    onClick={() => form.removeListItem(path, i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </HoverTooltip>
              </Group>
            </Group>
            <SpanGrid gap="sm">
              {field.fields.map((sub) => (
                <SpanCol key={sub.name} span={sub.span}>
                  {renderField(sub as FieldDef, `${path}.${i}.${sub.name}`, entry)}
                </SpanCol>
              ))}
            </SpanGrid>
          </Paper>
        ))}
        {canAdd && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem(path, blankEntry(field.fields as FieldDef[]))}
            >
              {t(field.addLabelKey ?? 'kit.repeatable.add', { field: label })}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
