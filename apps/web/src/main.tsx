import './lib/zod-config'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import i18n, { currentLocale, i18nReady } from './i18n'
import { AppProviders } from './app/providers'
import { queryClient } from './app/query-client'
import { router } from './app/router'
import { configureApiClient, setUnauthorizedHandler } from './lib/api-client'

configureApiClient({
  locale: currentLocale,
  fallbackMessage: (status) => (status === 0 ? i18n.t('errors.network') : i18n.t('errors.request_failed', { status })),
})

// A session that ends mid-use (expired, revoked, blocked): back to the login page.
setUnauthorizedHandler(() => {
  if (router.state.location.pathname === '/login') return
  queryClient.clear()
  void router.navigate('/login', { replace: true })
})

// The reader's language is its own small chunk: paint once its texts are in (or failed to load).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
)
