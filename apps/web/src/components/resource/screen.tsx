import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { isResourceDefinition, type ResourceDefinition } from './define'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ScreenModule = { default: ResourceDefinition<any> | ComponentType }

/**
 * A lazily loaded screen for the registry. The module's default export is
 * either a `defineResource()` declaration (rendered by ResourceListPage) or a
 * React component (a custom screen). The screen's code, and the table library,
 * load only when the route is opened.
 *
 * ```ts
 * element: screen(() => import('./datamaster/categories.resource'))
 * element: screen(() => import('./users/RolesPage'))
 * ```
 */
export function screen(loader: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const mod = await loader()
    const def = mod.default
    if (!isResourceDefinition(def)) return { default: def as ComponentType }
    const { ResourceListPage } = await import('./ResourceListPage')
    return { default: () => <ResourceListPage resource={def} /> }
  })
}
