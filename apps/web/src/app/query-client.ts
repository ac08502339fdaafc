import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../lib/api-client'

/** Client errors (4xx) are answers, not hiccups: retrying them only delays the message. */
function retry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
})
