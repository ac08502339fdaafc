import { Badge, Chip, Group, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, type QueryParams, type QueryValue } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import type { ListFilter, ResourceDefinition, ResourceRow } from './define'
import { useChoices } from './fields/options'
import { resourceLabels } from './labels'

/**
 * The declared filter controls of a list (`filters: [{ name: 'status', options }]`), one per query parameter
 * the server accepts; clearing one drops it. Rendered twice by the list: the selects beside the search box,
 * and (`tabs`) the filters declared as tabs, a row of choices above the table.
 */
export function ListFilters<R extends ResourceRow>({
  resource,
  value,
  onChange,
  tabs = false,
}: {
  resource: ResourceDefinition<R>
  value: QueryParams
  onChange: (next: QueryParams) => void
  tabs?: boolean
}) {
  const shown = resource.filters?.filter((f) => !!f.tabs === tabs) ?? []
  if (!shown.length) return null
  const Control = tabs ? FilterTabs : FilterSelect
  return (
    <>
      {shown.map((f) => (
        <Control
          key={f.name}
          resource={resource}
          filter={f}
          value={value[f.name]}
          onChange={(v) => onChange({ ...value, [f.name]: v ?? undefined })}
        />
      ))}
    </>
  )
}

/** What each filter control gets: its declaration, its value, and how to change it. */
interface ControlProps<R extends ResourceRow> {
  resource: ResourceDefinition<R>
  filter: ListFilter
  value: QueryValue
  onChange: (v: QueryValue) => void
}

function FilterSelect<R extends ResourceRow>({ resource, filter, value, onChange }: ControlProps<R>) {
  const { t } = useTranslation()
  // Loaded choices come from the list's own `/choices/{filter}` (issue 32): readable by whoever reads the list.
  const source = filter.source && {
    ...filter.source,
    resource: `${resource.name}.choices.${filter.name}`,
    endpoint: `${resource.endpoint}/choices/${filter.name}`,
    params: undefined,
  }
  const choices = useChoices({ ...filter, source })
  const label = resourceLabels(resource, t).field(filter.name, filter.labelKey)
  return (
    <Select
      aria-label={label}
      placeholder={label}
      data={choices.data}
      value={value === undefined || value === null || value === '' ? null : String(value)}
      onChange={(v) => onChange(v === null ? undefined : (choices.valueOf(v) as QueryValue))}
      clearable
      searchable={choices.data.length > 8}
      w={{ base: '100%', sm: 180 }}
    />
  )
}

/**
 * A filter declared as `tabs`: one row of single-choice chips above the table, "All" first, each with its
 * count when the declaration names where the counts come from. A chip is a radio button, so the row is one
 * keyboard stop with arrow keys between the choices.
 */
const ALL = ''

function FilterTabs<R extends ResourceRow>({ resource, filter, value, onChange }: ControlProps<R>) {
  const { t } = useTranslation()
  const choices = useChoices(filter)
  const counts = filter.tabs?.counts
  const answer = useQuery({
    // Under the resource's key root: whatever refreshes the list (a save, a status change) refreshes the counts.
    queryKey: [...queryKeys(resource.name).all, 'counts', counts?.path ?? ''],
    queryFn: async () => {
      const res = await api.get<unknown>(counts!.path)
      if (!res.ok) throw res.error
      return counts!.pick(res.data) ?? {}
    },
    enabled: !!counts,
  })
  const waiting = !!counts && answer.isPending
  const label = resourceLabels(resource, t).field(filter.name, filter.labelKey)
  const current = value === undefined || value === null || value === '' ? ALL : String(value)
  const items = [{ value: ALL, label: t('table.filter_all') }, ...choices.data]
  return (
    <Chip.Group
      multiple={false}
      value={current}
      onChange={(v) => onChange(v === ALL ? undefined : (choices.valueOf(v) as QueryValue))}
    >
      <Group gap={6} wrap="wrap" role="radiogroup" aria-label={label}>
        {items.map((item) => {
          const n = answer.data?.[item.value === ALL ? 'all' : item.value]
          return (
            // One `name`: a native radio group, one tab stop with the arrow keys between its choices.
            <Chip key={item.value} value={item.value} name={`${resource.name}-${filter.name}`} size="sm" variant="outline">
              <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
                {item.label}
                {(n !== undefined || waiting) && ' '}
                {n !== undefined ? (
                  <Badge component="span" size="sm" variant="light" color="gray" circle={n < 10}>
                    {n}
                  </Badge>
                ) : waiting ? (
                  // The count's room, kept while the counts load: the row does not wrap again under the list when
                  // they come (a phone's cards moved down a line, CLS 0.18; issue 33, "Phone").
                  <Badge
                    component="span"
                    size="sm"
                    variant="light"
                    color="gray"
                    circle
                    aria-hidden
                    style={{ visibility: 'hidden' }}
                  >
                    0
                  </Badge>
                ) : null}
              </Group>
            </Chip>
          )
        })}
      </Group>
    </Chip.Group>
  )
}
