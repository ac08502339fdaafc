import type { ReactElement, ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render as rtlRender, type RenderOptions } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import i18n from '../i18n'
import type { Me } from '../lib/permissions'
import { meKey } from '../lib/query-keys'

/**
 * Renders a component the way the app does (Mantine without transitions, i18n in English, a fresh
 * query client, a data router so `useBlocker`/`useNavigate` work), as in
 * mantinedev/vite-template's test-utils.
 */
export function render(
  ui: ReactElement,
  {
    path = '/',
    routePath,
    routes = [],
    me,
    ...opts
  }: RenderOptions & {
    /** The URL the router starts at. */
    path?: string
    /** The route pattern of `ui` when it differs from `path` (`/app/hotels/edit/:id`). */
    routePath?: string
    /** Other routes (where a page navigates to). */
    routes?: { path: string; element: ReactNode }[]
    /** The signed-in user, as `useMe()` answers. */
    me?: Me
  } = {},
) {
  void i18n.changeLanguage('en')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  if (me) client.setQueryData(meKey, me)
  const router = createMemoryRouter(
    [{ path: routePath ?? path, element: ui }, ...routes, { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [path] },
  )
  const result = rtlRender(<RouterProvider router={router} />, {
    ...opts,
    wrapper: ({ children }) => (
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    ),
  })
  return { ...result, router, client }
}

export * from '@testing-library/react'
export { default as userEvent } from '@testing-library/user-event'
