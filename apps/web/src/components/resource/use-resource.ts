import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import type { ResourceDefinition, ResourceRow } from './define'
import { listQueryOptions, type ListParams } from './list-request'

export { listQuery, listQueryOptions, type ListParams } from './list-request'

/** One page of a resource; the previous page stays on screen while the next loads. */
export function useResourceList<R extends ResourceRow>(resource: ResourceDefinition<R>, params: ListParams, enabled = true) {
  return useQuery({ ...listQueryOptions(resource, params), placeholderData: keepPreviousData, enabled })
}

/** `GET /{name}/{id}` for dialogs that need more than the list row. */
export function useResourceDetail<R extends ResourceRow>(
  resource: ResourceDefinition<R>,
  id: R['id'] | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys(resource.name).detail(id ?? ''),
    queryFn: ({ signal }) => unwrap(api.get<{ data: R }>(`${resource.endpoint}/${id}`, undefined, signal)).then((r) => r.data),
    enabled: enabled && id !== undefined,
    staleTime: 0,
  })
}

/** Everything cached about a resource (lists, details, other screens' select options). */
export function useInvalidateResource(name: string) {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: queryKeys(name).all })
}

/** The `If-Match` of a write sent with the version it read (issue 30); none when the record has no version. */
export const ifMatch = (version: number | undefined): Record<string, string> | undefined =>
  version === undefined ? undefined : { 'If-Match': `"${version}"` }

/** Create (`POST /{name}`) or update (`PUT /{name}/{id}`, with the version read); resolves to an ApiResult. */
export function useSaveResource<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  return useMutation({
    mutationFn: ({ id, body, version }: { id?: R['id']; body: unknown; version?: number }) =>
      resource.singleton
        ? api.put<{ data: R }>(resource.endpoint, body, ifMatch(version))
        : id === undefined
          ? api.post<{ data: R }>(resource.endpoint, body)
          : api.put<{ data: R }>(`${resource.endpoint}/${id}`, body, ifMatch(version)),
  })
}

export function useDeleteResource<R extends ResourceRow>(resource: ResourceDefinition<R>) {
  return useMutation({ mutationFn: (id: R['id']) => api.delete<unknown>(`${resource.endpoint}/${id}`) })
}

/**
 * Splits server field errors into those a form field can show and the rest
 * (shown in a notification). Nested keys (`prices.0.price`) belong to their
 * top-level field when that field exists, or stay on the entry's own field
 * when the top-level field is one of `listFields` (a repeatable list).
 */
export function splitFieldErrors(errors: Record<string, string[]>, fieldNames: string[], listFields: string[] = []) {
  const fieldErrors: Record<string, string> = {}
  const rest: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const text = messages.join(' ')
    if (fieldNames.includes(key) || listFields.includes(key.split('.')[0]!)) fieldErrors[key] = text
    else {
      const top = key.split('.')[0]!
      if (fieldNames.includes(top)) fieldErrors[top] = fieldErrors[top] ? `${fieldErrors[top]} ${text}` : text
      else rest.push(text)
    }
  }
  return { fieldErrors, rest }
}
