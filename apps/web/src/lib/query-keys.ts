import type { QueryParams } from './api-client'

/**
 * Query-key factory per resource (medusa style). Everything about a resource
 * lives under `[name]`, so `invalidateQueries({ queryKey: keys.all })` refreshes
 * its lists, details and the select options other screens load from it.
 *
 * ```ts
 * const keys = queryKeys('categories')
 * keys.all            // ['categories']
 * keys.list({page:0}) // ['categories', 'list', {page:0}]
 * keys.detail(5)      // ['categories', 'detail', 5]
 * ```
 */
export function queryKeys<N extends string>(name: N) {
  const all = [name] as const
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: QueryParams = {}) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string | number) => [...all, 'detail', id] as const,
  }
}

/** The signed-in user (`GET /auth/me`). */
export const meKey = ['auth', 'me'] as const
