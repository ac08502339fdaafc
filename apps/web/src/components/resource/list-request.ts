import type { DataTableSortStatus } from 'mantine-datatable'
import { DEFAULT_PAGE_SIZE, type ListResponse } from '@app/shared'
import { api, apiUrl, unwrap, type QueryParams } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import type { ResourceDefinition, ResourceRow } from './define'

/*
 * What a list asks the server, apart from the hooks that ask it: the page being opened fetches a list's first
 * page with these before the list's code has drawn anything (AppRoot, issue 33 "Phone"), so this module stays
 * small (no mutations, no table).
 */

/** List query of DESIGN §3 as the table sends it. `page` is 0-based. */
export interface ListParams {
  page: number
  size: number
  search: string
  sort_by: string
  order_by: 'asc' | 'desc'
  /** Values of the declared list filters (`status`, `location_id`...). */
  filters?: QueryParams
}

export function listQuery(resource: ResourceDefinition<ResourceRow>, p: ListParams): QueryParams {
  return {
    ...resource.listParams,
    ...p.filters,
    page: p.page,
    size: p.size,
    search: p.search.trim() || undefined,
    sort_by: p.sort_by,
    order_by: p.order_by,
  }
}

/** The query of one page of a resource: the list's own, and what a page being opened fetches ahead (AppRoot). */
export function listQueryOptions<R extends ResourceRow>(resource: ResourceDefinition<R>, params: ListParams) {
  const query = listQuery(resource as unknown as ResourceDefinition<ResourceRow>, params)
  return {
    queryKey: queryKeys(resource.name).list(query),
    queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.get<ListResponse<R>>(resource.endpoint, query, signal)),
  }
}

/** The declared filters' values in `query` (`?status=pending`), the empty ones left out. */
export function urlFilters<R extends ResourceRow>(resource: ResourceDefinition<R>, query: URLSearchParams): QueryParams {
  const out: QueryParams = {}
  for (const { name } of resource.filters ?? []) {
    const v = query.get(name)
    if (v !== null && v !== '') out[name] = v
  }
  return out
}

/** The column a list is sorted by before the user sorts: the declared default sort's. */
export function defaultSortStatus<R extends ResourceRow>(resource: ResourceDefinition<R>): DataTableSortStatus<R> {
  const defaultColumn = resource.columns.find((c) => (c.sort ?? c.key) === resource.defaultSort)
  return {
    columnAccessor: defaultColumn?.key ?? resource.defaultSort,
    sortKey: resource.defaultSort,
    direction: resource.defaultOrder,
  }
}

/** What a list asks first at an address (its filters from `query`): `useListQuery`'s first request, fetched ahead. */
export function firstPageParams<R extends ResourceRow>(resource: ResourceDefinition<R>, query: URLSearchParams): ListParams {
  const sort = defaultSortStatus(resource)
  return {
    page: 0,
    size: DEFAULT_PAGE_SIZE,
    search: '',
    sort_by: sort.sortKey ?? String(sort.columnAccessor),
    order_by: sort.direction,
    filters: urlFilters(resource, query),
  }
}

/** The URL of a list's request with `params` (`/api/v1/hotels?page=0&...`): what the server puts in the page. */
export function listUrl<R extends ResourceRow>(resource: ResourceDefinition<R>, params: ListParams): string {
  return apiUrl(resource.endpoint, listQuery(resource as unknown as ResourceDefinition<ResourceRow>, params))
}
