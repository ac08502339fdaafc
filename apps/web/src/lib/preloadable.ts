import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** A lazily loaded component whose code can be fetched before it is drawn. */
export type Preloadable<T extends ComponentType = ComponentType> = LazyExoticComponent<T> & {
  /** Starts loading the module (once); drawing the component later finds it loaded. */
  preload: () => Promise<{ default: T }>
}

/**
 * `React.lazy` with a `preload`: the registry starts loading the screen of the address being opened while the
 * shell is still drawing, rather than when the router reaches it (issue 33, "Phone").
 */
export function preloadable<T extends ComponentType>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loading: Promise<{ default: T }> | undefined
  const once = () => (loading ??= load())
  return Object.assign(lazy(once), { preload: once })
}
