import './lib/zod-config'
import './app/public-styles'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import i18n, { currentLocale, i18nReady } from './i18n'
import { Root } from './app/Root'
import { configureApiClient } from './lib/api-client'
import { releaseShellFrame } from './lib/boot-frame'

configureApiClient({
  locale: currentLocale,
  fallbackMessage: (status) => (status === 0 ? i18n.t('errors.network') : i18n.t('errors.request_failed', { status })),
})

// The reader's language is its own small chunk: render once its texts are in (or failed to load). The sign-in
// page comes prerendered in that language (prerender.tsx): take it over rather than draw it again.
void i18nReady.finally(() => {
  const container = document.getElementById('root')!
  // A signed-in page arrives with the shell's frame drawn by the server: it goes once the app has drawn.
  releaseShellFrame(container)
  // As a transition, React does the work in slices and lets the browser answer in between, instead of one
  // long task that blocks input while the page is taken over.
  startTransition(() => {
    if (container.firstElementChild) hydrateRoot(container, <Root />)
    else createRoot(container).render(<Root />)
  })
})
