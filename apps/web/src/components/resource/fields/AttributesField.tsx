import { Checkbox, Group, Input, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { getPath } from '../../../lib/format'
import { useSourceOptions } from './options'
import type { FieldKindProps } from './types'

type Id = number
interface AttributeGroup {
  id: Id
  name: string
  option_type: 'checkbox' | 'radio'
}
interface Attribute {
  id: Id
  name: string
  group_id: Id
}

/**
 * Attribute values of every active group of one type (rooms `room`, vehicles
 * `transportation`, train routes `train`; checklist I-15): one block per group
 * titled with its name, checkboxes for a `checkbox` group, radios (one value)
 * for a `radio` group. The value is one list of attribute ids over all groups,
 * which is what the API's `attributes_list` takes.
 */
export function AttributesField({ field, form, path, label, required, disabled, description }: FieldKindProps<'attributes'>) {
  const { t } = useTranslation()
  const groups = useSourceOptions({
    resource: 'group_attributes',
    labelKey: 'name',
    params: { type: field.groupType, sort_by: 'name', order_by: 'asc' },
  })
  const values = useSourceOptions({
    resource: 'attributes',
    labelKey: 'name',
    params: { group_name: field.groupType, sort_by: 'name', order_by: 'asc' },
  })
  const input = form.getInputProps(path)
  const current = ((getPath(form.getValues(), path) as Id[] | null) ?? []).map(Number)
  const all = (values.data ?? []) as unknown as Attribute[]
  const byGroup = (g: Id) => all.filter((a) => a.group_id === g)
  /** Replaces the chosen values of one group, keeping the other groups' (and unknown ids, e.g. an inactive value). */
  const setGroup = (g: Id, chosen: Id[]) => {
    const mine = new Set(byGroup(g).map((a) => a.id))
    form.setFieldValue(path, [...current.filter((id) => !mine.has(id)), ...chosen])
  }
  const list = ((groups.data ?? []) as unknown as AttributeGroup[]).filter((g) => byGroup(g.id).length > 0)
  const loading = groups.isLoading || values.isLoading

  return (
    <Input.Wrapper label={label} withAsterisk={required} description={description} error={input.error}>
      {loading ? (
        <Loader size="sm" mt="xs" />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" mt={6}>
          {t('kit.attributes.none')}
        </Text>
      ) : (
        <Stack gap="sm" mt={8}>
          {list.map((g) => {
            const options = byGroup(g.id)
            const picked = current.filter((id) => options.some((a) => a.id === id))
            return g.option_type === 'radio' ? (
              <Radio.Group
                key={g.id}
                label={g.name}
                value={picked[0] !== undefined ? String(picked[0]) : null}
                onChange={(v) => setGroup(g.id, [Number(v)])}
              >
                <Group gap="md" mt={6}>
                  {options.map((a) => (
                    <Radio key={a.id} value={String(a.id)} label={a.name} disabled={disabled} />
                  ))}
                </Group>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                key={g.id}
                label={g.name}
                value={picked.map(String)}
                onChange={(v) => setGroup(g.id, v.map(Number))}
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt={6}>
                  {options.map((a) => (
                    <Checkbox key={a.id} value={String(a.id)} label={a.name} disabled={disabled} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )
          })}
        </Stack>
      )}
    </Input.Wrapper>
  )
}
