import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { QueryParams } from '../../lib/api-client'
import type { ResourceDefinition, ResourceRow } from './define'
import { urlFilters } from './list-request'

export { urlFilters } from './list-request'

/**
 * The declared filters' values (`filters: [{ name: 'status' }]`, selects and tabs alike) kept in the URL's
 * query (`?status=pending`): a reload or a shared link opens the same choice, and each choice is a history
 * entry, so back and forward step between them. Only the declared names are read or written; the rest of
 * the query is left as it is. Values come back as the URL's strings (what the list request sends anyway).
 */
export function useUrlFilters<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  const [query, setQuery] = useSearchParams()
  const names = (resource.filters ?? []).map((f) => f.name)
  const key = names.map((n) => `${n}=${query.get(n) ?? ''}`).join('&')
  // `key` is the declared names' values: the object changes only when one of them does.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => urlFilters(resource, query), [key])
  const change = (next: QueryParams) =>
    setQuery((prev) => {
      const q = new URLSearchParams(prev)
      for (const n of names) {
        const v = next[n]
        if (v === undefined || v === null || v === '') q.delete(n)
        else q.set(n, String(v))
      }
      return q
    })
  return [filters, change] as const
}
