import { useEffect } from 'react'
import { ActionIcon, Alert, Badge, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { FieldInput, type ResourceForm } from '../../components/resource'
import { formatDate } from '../../lib/format'
import type { Me } from '../../lib/permissions'
import { webKind, webKinds } from './kinds'
import { blankItem, type ItemValues, type OrderFormValues } from './order-logic'
import { ItemTravellers } from './OrderPilgrims'
import { HoverTooltip } from '../../components/HoverTooltip'

interface ItemsProps {
  form: ResourceForm
  editable: boolean
  me?: Me
  /** Days each item lacks (a 409), by form position. */
  short: Record<number, string[]>
}

/** The order's items, a card each with its kind's fields; add an item of any kind, remove one. */
export function OrderItems({ form, editable, me, short }: ItemsProps) {
  const { t } = useTranslation()
  const values = form.getValues() as OrderFormValues
  return (
    <Stack gap="sm">
      {values.items.map((item, i) => (
        <ItemCard
          key={i}
          form={form}
          item={item}
          index={i}
          editable={editable}
          me={me}
          short={short[i]}
          removable={editable && values.items.length > 1}
        />
      ))}
      {editable && (
        <Group gap="xs">
          {webKinds().map(({ kind, icon: Icon }) => {
            return (
              <Button
                key={kind}
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                rightSection={<Icon size={14} />}
                onClick={() => form.insertListItem('items', blankItem(kind))}
              >
                {t('orders.item.add', { kind: t(`orders.kinds.${kind}`) })}
              </Button>
            )
          })}
        </Group>
      )}
    </Stack>
  )
}

function ItemCard({
  form,
  item,
  index,
  editable,
  me,
  short,
  removable,
}: {
  form: ResourceForm
  item: ItemValues
  index: number
  editable: boolean
  me?: Me
  short?: string[]
  removable: boolean
}) {
  const { t } = useTranslation()
  const entry = webKind(item.kind)
  const { icon: Icon, Sync } = entry
  const heading = t('orders.item.heading', { n: index + 1, kind: t(`orders.kinds.${item.kind}`) })

  // A rule between two days of the item (check-out after check-in, end after start): moving the first day
  // checks the second again, so its error does not stay on after the pair is right.
  const [firstKey, second] = entry.pairedDays ?? [null, null]
  const first = firstKey ? item[firstKey] : null
  useEffect(() => {
    const path = second && `items.${index}.${second}`
    if (path && form.errors[path]) form.validateField(path)
    // Only when the first day changes; the form's own blur check covers the second.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first])

  const badge = entry.badge?.(item, t)
  // With travelling pilgrims listed, the counts are theirs (shown, not typed).
  const listed = Array.isArray(item.pilgrim_ids) && item.pilgrim_ids.length > 0
  const counted = (name: string) => listed && (name === 'adults' || name === 'children')
  const ctx = { mode: 'create' as const, values: form.getValues(), me }

  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={heading} data-kind={item.kind}>
      {Sync && <Sync form={form} item={item} index={index} />}
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Icon size={18} stroke={1.6} aria-hidden />
          <Text size="sm" fw={600}>
            {heading}
          </Text>
          {badge && (
            <Badge variant="light" color="gray" radius="sm">
              {badge}
            </Badge>
          )}
        </Group>
        {removable && (
          <HoverTooltip label={t('orders.item.remove', { n: index + 1 })}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('orders.item.remove', { n: index + 1 })}
              onClick={() => form.removeListItem('items', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </HoverTooltip>
        )}
      </Group>
      {short && short.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="sm" role="alert">
          {t('orders.item.short', { days: short.map((d) => formatDate(d)).join(', ') })}
        </Alert>
      )}
      <Grid gap="sm">
        {entry.fields(index, item).map((f) => (
          <Grid.Col key={f.name} span={{ base: 12, sm: f.span ?? 12 }}>
            <FieldInput
              {...ctx}
              field={{ ...f, disabled: () => !editable || counted(f.name) }}
              form={form}
              path={`items.${index}.${f.name}`}
              label={t(`orders.fields.${f.name}`)}
              required={!!f.required}
            />
          </Grid.Col>
        ))}
        <Grid.Col span={12}>
          <ItemTravellers form={form} item={item} index={index} editable={editable} me={me} />
        </Grid.Col>
      </Grid>
    </Paper>
  )
}
