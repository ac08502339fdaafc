import { afterEach } from 'vitest'
import { configureApiClient } from '../lib/api-client'
import type { Me } from '../lib/permissions'

/** One call the app made to its API, as a fake answered it. */
export interface ApiCall {
  method: string
  url: string
  body: unknown
  headers: Record<string, string>
}

/**
 * Answers the app's API calls with `answer` (a pending promise holds a call open) and records them in the
 * array it returns, newest last; the real fetch is back after each test.
 */
export function fakeApi(
  answer: (call: ApiCall) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>,
) {
  const calls: ApiCall[] = []
  configureApiClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      }
      calls.push(call)
      const { status, body } = await answer(call)
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  })
  return calls
}
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

/** The owner of no company holding `permissions`, as `useMe()` answers. */
export const signedInWith = (permissions: string[]): Me => ({
  id: 1,
  name: 'Owner',
  email: 'o@x.test',
  username: null,
  permissions,
  role_name: 'owner',
  company: null,
})
