import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, unwrap } from '../../../lib/api-client'
import { getPath } from '../../../lib/format'
import { queryKeys } from '../../../lib/query-keys'
import { localName } from '../../../lib/display-names'
import type { FieldContext, ResourceRow, SelectOption, SelectSource } from '../define'

/** Options of a select loaded from another resource: all active rows (`export_data=true&is_active=true`). */
export function useSourceOptions(source: SelectSource | undefined) {
  const params = { export_data: true, is_active: true, ...source?.params }
  return useQuery({
    queryKey: queryKeys(source?.resource ?? '_none').list(params),
    queryFn: () =>
      unwrap(api.get<{ data: ResourceRow[] }>(source!.endpoint ?? `/${source!.resource}`, params)).then((r) => r.data),
    enabled: !!source,
    staleTime: 60_000,
  })
}

/**
 * The choices of a select, multi-select or checkbox group: static `options`,
 * or the rows of `source` (narrowed by `filterRows`) as `{ value, label }`.
 * Values keep their type (a numeric id stays a number).
 */
export function useChoices(field: { options?: SelectOption[]; source?: SelectSource }, ctx?: FieldContext) {
  const { t, i18n } = useTranslation()
  const query = useSourceOptions(field.source)
  const source = field.source
  let list: SelectOption[] = field.options ?? []
  if (source) {
    const rows = query.data ?? []
    const kept = source.filterRows && ctx ? source.filterRows(rows, ctx) : rows
    list = kept.map((row) => ({
      value: getPath(row, source.valueKey ?? 'id') as string | number,
      // A row's name is shown in the reader's language when it has one (reference rows: name_en, name_id).
      label: source.label
        ? source.label(row, t)
        : source.labelKey === 'name'
          ? localName(row, i18n.language)
          : String(getPath(row, source.labelKey) ?? ''),
    }))
  }
  const data = list.map((o) => ({
    value: String(o.value),
    label: o.labelKey ? t(o.labelKey) : (o.label ?? String(o.value)),
  }))
  /** The option's own value for a string from an input. */
  const valueOf = (s: string) => list.find((o) => String(o.value) === s)?.value ?? s
  return { list, data, valueOf, loading: !!source && query.isLoading, loaded: !!source && query.isSuccess }
}
