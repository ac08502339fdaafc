import { Checkbox, Group, Input, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { CustomFieldProps } from '../../components/resource'
import { api, unwrap } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { chooseInBlock, groupAttributes, type AttributeGroupRow, type AttributeRow } from './room-attributes'

const GROUPS = { type: 'room', is_active: true, export_data: true }
const VALUES = { group_name: 'room', is_active: true, export_data: true }

/** Attribute values of a room, one block per attribute group of type room (radio: one value; checkbox: many). */
export function RoomAttributesField({ form, field, label, disabled }: CustomFieldProps) {
  const { t, i18n } = useTranslation()
  const groups = useQuery({
    queryKey: queryKeys('group_attributes').list(GROUPS),
    queryFn: () => unwrap(api.get<{ data: AttributeGroupRow[] }>('/group_attributes', GROUPS)).then((r) => r.data),
    staleTime: 60_000,
  })
  const values = useQuery({
    queryKey: queryKeys('attributes').list(VALUES),
    queryFn: () => unwrap(api.get<{ data: AttributeRow[] }>('/attributes', VALUES)).then((r) => r.data),
    staleTime: 60_000,
  })
  const input = form.getInputProps(field.name)
  const selected = ((input.value as number[] | null) ?? []).map(Number)
  const blocks = groupAttributes(groups.data ?? [], values.data ?? [], i18n.language)
  const set = (next: number[]) => form.setFieldValue(field.name, next)

  return (
    // The section's title already says "Attributes": the fieldset is named for screen readers only.
    <Input.Wrapper
      aria-label={label}
      error={input.error}
      component="fieldset"
      styles={{ root: { border: 0, padding: 0, margin: 0 } }}
    >
      {groups.isLoading || values.isLoading ? (
        <Loader size="sm" mt="xs" />
      ) : blocks.length === 0 ? (
        <Text size="sm" c="dimmed" mt={6}>
          {t('table.no_records')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt={6}>
          {blocks.map((block) =>
            block.radio ? (
              <Radio.Group
                key={block.group.id}
                label={block.group.name}
                value={String(block.values.find((v) => selected.includes(v.id))?.id ?? '')}
                onChange={(v) => set(chooseInBlock(selected, block, [Number(v)]))}
              >
                <Stack gap={6} mt={6}>
                  {block.values.map((v) => (
                    <Radio key={v.id} value={String(v.id)} label={v.name} disabled={disabled} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                key={block.group.id}
                label={block.group.name}
                value={selected.filter((id) => block.values.some((v) => v.id === id)).map(String)}
                onChange={(v) => set(chooseInBlock(selected, block, v.map(Number)))}
              >
                <Group gap="md" mt={6}>
                  {block.values.map((v) => (
                    <Checkbox key={v.id} value={String(v.id)} label={v.name} disabled={disabled} />
                  ))}
                </Group>
              </Checkbox.Group>
            ),
          )}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  )
}
