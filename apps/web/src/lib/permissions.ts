import { useQuery } from '@tanstack/react-query'
import type { Action, Entity } from '@app/shared'
import { fetchMe } from './session'
import { meKey } from './query-keys'

/** `GET /auth/me` -> `data`. */
export interface Me {
  id: number
  name: string
  email: string
  username: string | null
  /** The language kept on the user (issue 32, item 14); absent in older answers and test doubles. */
  locale?: string
  permissions: string[]
  role_name: string
  company: { name: string; trial_ends_at: string | null } | null
}

/**
 * The signed-in user. The session guard loads it before anything under /app
 * renders, so inside the app `useMe().data` is always there.
 */
export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: fetchMe, staleTime: 5 * 60_000, retry: false, select: (me) => me ?? undefined })
}

/** `can(me, 'category_list')`. Courtesy only: the server enforces every permission. */
export function can(me: Pick<Me, 'permissions'> | null | undefined, permission: string | null | undefined): boolean {
  if (!permission) return true
  return !!me?.permissions.includes(permission)
}

/** `permissionFor('category', 'create')` -> `'category_create'`. */
export function permissionFor(entity: Entity | string, action: Action): string {
  return `${entity}_${action}`
}

export function useCan(permission: string | null | undefined): boolean {
  const { data } = useMe()
  return can(data, permission)
}
