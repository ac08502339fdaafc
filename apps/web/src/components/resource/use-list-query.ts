import { useEffect, useState } from 'react'
import { useDebouncedValue } from '@mantine/hooks'
import type { DataTableSortStatus } from 'mantine-datatable'
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@app/shared'
import type { ResourceDefinition, ResourceRow } from './define'
import { defaultSortStatus, type ListParams } from './list-request'
import { useResourceList } from './use-resource'
import { useUrlFilters } from './use-url-filters'

export { firstPageParams } from './list-request'

/**
 * A list's query and its answer: page, page size, the debounced search, the filters kept in the URL and the
 * sort. Changing the search, a filter, the sort or the page size starts again at the first page.
 */
export function useListQuery<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  const [page, setPage] = useState(0)
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE)
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
  const [filters, changeFilters] = useUrlFilters(resource)
  // Another filter (a choice, or back/forward) starts again at the first page.
  const filtersKey = JSON.stringify(filters)
  const [pageFilters, setPageFilters] = useState(filtersKey)
  if (pageFilters !== filtersKey) {
    setPageFilters(filtersKey)
    setPage(0)
  }
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<R>>(() => defaultSortStatus(resource))
  const params: ListParams = {
    page,
    size,
    search: debouncedSearch,
    sort_by: sortStatus.sortKey ?? String(sortStatus.columnAccessor),
    order_by: sortStatus.direction,
    filters,
  }
  const list = useResourceList(resource, params)

  // After deleting the last row of the last page, step back to a page that exists.
  const rows = list.data?.data
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0 && !list.isFetching) setPage((p) => Math.max(0, p - 1))
  }, [rows, page, list.isFetching])

  return {
    page,
    setPage,
    size,
    changeSize: (n: number) => {
      setSize(n)
      setPage(0)
    },
    search,
    changeSearch: (s: string) => {
      setSearch(s)
      setPage(0)
    },
    filters,
    changeFilters,
    sortStatus,
    changeSort: (s: DataTableSortStatus<R>) => {
      // A newly chosen column starts ascending (the library keeps the previous direction).
      const changed = s.columnAccessor !== sortStatus.columnAccessor
      setSortStatus(changed ? { ...s, direction: 'asc' } : s)
      setPage(0)
    },
    params,
    list,
    rows,
  }
}
