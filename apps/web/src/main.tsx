import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import i18n, { currentLocale, i18nReady } from './i18n'
import { AppProviders } from './app/providers'
import { PublicRoutes } from './app/router'
import { configureApiClient } from './lib/api-client'

configureApiClient({
  locale: currentLocale,
  fallbackMessage: (status) => (status === 0 ? i18n.t('errors.network') : i18n.t('errors.request_failed', { status })),
})

// The reader's language is its own small chunk: paint once its texts are in (or failed to load).
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <PublicRoutes />
      </AppProviders>
    </StrictMode>,
  ),
)
