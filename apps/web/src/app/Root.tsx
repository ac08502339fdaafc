import { StrictMode } from 'react'
import { AppProviders } from './providers'
import { PublicRoutes } from './router'

/** The whole React tree, the same in the browser (main.tsx) and in the prerender of the sign-in page. */
export function Root() {
  return (
    <StrictMode>
      <AppProviders>
        <PublicRoutes />
      </AppProviders>
    </StrictMode>
  )
}
