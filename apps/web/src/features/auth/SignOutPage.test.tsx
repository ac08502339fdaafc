/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '../../lib/api-client'
import { render, screen, waitFor } from '../../test-utils/render'
import SignOutPage from './SignOutPage'

let calls: string[] = []
const fakeApi = () => {
  calls = []
  configureApiClient({
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`)
      return new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch,
  })
}
afterEach(() => configureApiClient({ fetch: (...a) => globalThis.fetch(...a) }))

describe('/logout', () => {
  it("signs out when the app's own Logout sent it here, then goes to the sign-in page", async () => {
    fakeApi()
    localStorage.setItem('nav.group', 'reference')
    const { router } = render(<SignOutPage />, { path: '/logout', routes: [{ path: '/', element: <p>sign in</p> }] })
    await router.navigate('/logout', { state: { signOut: true } })
    await screen.findByText('sign in')
    expect(calls).toEqual([expect.stringMatching(/^POST .*\/auth\/logout$/)])
    expect(localStorage.getItem('nav.group')).toBeNull()
  })

  it('does nothing for a plain link (another site cannot sign a user out)', async () => {
    fakeApi()
    const { router } = render(<SignOutPage />, { path: '/logout', routes: [{ path: '/app', element: <p>app</p> }] })
    await screen.findByText('app')
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'))
    expect(calls).toEqual([])
  })
})
