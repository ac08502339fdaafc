import { useInfiniteQuery } from '@tanstack/react-query'
import type { AuditRow } from '@app/shared'
import { api, unwrap, type QueryParams } from '../../lib/api-client'

export interface AuditPage {
  data: AuditRow[]
  pagination: { size: number; next: number | null }
}

/** The audit list's query key: every screen's audit reads live under ['audit'] (a save refreshes them all). */
export const auditKey = (params: QueryParams) => ['audit', 'list', params] as const

/** `GET /audit` keyset pages, newest first: `fetchNextPage` asks for the rows before the last one shown. */
export function useAuditPages(params: QueryParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: auditKey(params),
    queryFn: ({ pageParam, signal }) =>
      unwrap(api.get<AuditPage>('/audit', { ...params, before: pageParam ?? undefined }, signal)),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.pagination.next,
    enabled,
    staleTime: 0,
  })
}
