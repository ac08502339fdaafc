import { api, unwrap } from './api-client'
import type { Me } from './permissions'

/**
 * The signed-in user, or null when signed out (`/auth/session` answers 200 either way: no console error).
 * Apart from permissions.ts so the login page can ask without loading TanStack Query.
 */
export const fetchMe = () => unwrap(api.get<{ data: Me | null }>('/auth/session')).then((r) => r.data)
