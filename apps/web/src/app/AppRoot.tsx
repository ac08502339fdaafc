import '@mantine/core/styles.css'
import { use, useEffect } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { useLocationProperty } from 'wouter/use-browser-location'
import SignOutPage from '../features/auth/SignOutPage'
import { loadAppTexts } from '../i18n'
import { firstPageParams, listQueryOptions, listUrl } from '../components/resource/list-request'
import { setUnauthorizedHandler } from '../lib/api-client'
import { can } from '../lib/permissions'
import { meKey } from '../lib/query-keys'
import { readEmbeddedFirstPage, readEmbeddedSession } from '../lib/session'
import { onSignIn } from '../lib/sign-in-events'
import AppArea from './AppArea'
import { queryClient } from './query-client'
import { preloadScreen } from './registry'

/*
 * The signed-in part of the app (/app/* and /logout), one lazy chunk: react-router's data router (the
 * leave prompt's useBlocker needs one), TanStack Query and zod load here, not on /login.
 */
// The signed-in screens' texts (the public ones came with /login): the first render waits for them.
const appTexts = loadAppTexts()

const router = createBrowserRouter([
  { path: '/app/*', element: <AppArea /> },
  { path: '/logout', element: <SignOutPage /> },
  // A public page: the public router (app/router.tsx) shows it and this part unmounts.
  { path: '*', element: null },
])

// A session that ends mid-use (expired, revoked, blocked): back to the login page.
setUnauthorizedHandler(() => {
  if (window.location.pathname === '/login') return
  queryClient.clear()
  void router.navigate('/login', { replace: true })
})

// The server put the answer of `/auth/session` in a signed-in page (plugins/web.ts): the guard has it without
// a round trip. Read once, when this part first loads; a later sign-in asks as before.
const embeddedSession = readEmbeddedSession()
if (embeddedSession !== undefined) queryClient.setQueryData(meKey, embeddedSession)
// Signed in: the screen of the address starts loading now, beside the texts, not once the shell has drawn, and
// a list's first page is asked for as soon as its declaration is in, not once the list has drawn its placeholder.
// The server may have put that first page in the page already (a list's own address): then it is not asked again.
if (embeddedSession) {
  const me = embeddedSession
  const query = new URLSearchParams(window.location.search)
  const embeddedPage = readEmbeddedFirstPage()
  void preloadScreen(window.location.pathname).then((listed) => {
    if (!listed || !can(me, listed.perm('list'))) return
    const params = firstPageParams(listed, query)
    const options = listQueryOptions(listed, params)
    if (embeddedPage && embeddedPage.url === listUrl(listed, params))
      queryClient.setQueryData(options.queryKey, embeddedPage.body)
    else void queryClient.prefetchQuery(options)
  })
}

// A new sign-in: forget the cached "nobody is signed in" so /app asks again.
onSignIn(() => queryClient.removeQueries({ queryKey: meKey }))

const currentUrl = () => window.location.pathname + window.location.search

/**
 * The data router listens to the back button only; a navigation made by the public router (the login page
 * going to /app, a 404 page's link) or one made while this part was not shown moves it here.
 */
function FollowHistory() {
  const url = useLocationProperty(currentUrl)
  useEffect(() => {
    const here = router.state.location
    if (here.pathname + here.search !== url) void router.navigate(url + window.location.hash, { replace: true })
  }, [url])
  return null
}

export default function AppRoot() {
  use(appTexts)
  return (
    <QueryClientProvider client={queryClient}>
      <FollowHistory />
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
