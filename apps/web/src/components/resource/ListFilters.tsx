import { Select } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { QueryParams, QueryValue } from '../../lib/api-client'
import type { ListFilter, ResourceDefinition, ResourceRow } from './define'
import { useChoices } from './fields/options'
import { resourceLabels } from './labels'

/**
 * The declared filter controls of a list (`filters: [{ name: 'status', options }]`):
 * one select per query parameter the server accepts; clearing one drops it.
 */
export function ListFilters<R extends ResourceRow>({
  resource,
  value,
  onChange,
}: {
  resource: ResourceDefinition<R>
  value: QueryParams
  onChange: (next: QueryParams) => void
}) {
  if (!resource.filters?.length) return null
  return (
    <>
      {resource.filters.map((f) => (
        <FilterSelect
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

function FilterSelect<R extends ResourceRow>({
  resource,
  filter,
  value,
  onChange,
}: {
  resource: ResourceDefinition<R>
  filter: ListFilter
  value: QueryValue
  onChange: (v: QueryValue) => void
}) {
  const { t } = useTranslation()
  const choices = useChoices(filter)
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
      comboboxProps={{ withinPortal: true }}
    />
  )
}
