import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while the page is the server's prerender (and during its hydration), true once React runs it; true
 * at once for a page drawn in the browser. The prerendered sign-in page keeps its inputs read-only and its
 * button disabled until then, so nothing typed or clicked before the scripts run is lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
