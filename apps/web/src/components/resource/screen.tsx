import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router'
import { NotFound } from '../NotFound'
import { isResourceDefinition, type ResourceDefinition } from './define'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ScreenModule = { default: ResourceDefinition<any> | ComponentType }

/**
 * A lazily loaded screen for the registry. The module's default export is
 * either a `defineResource()` declaration (rendered by ResourceListPage) or a
 * React component (a custom screen). The screen's code, and the table library,
 * load only when the route is opened.
 *
 * A declaration with page forms (`createHref`/`editHref`) also gets the routes
 * `create` and `edit/:id` under its list, rendered by ResourceFormPage; its
 * registry item must be `nested`.
 *
 * ```ts
 * element: screen(() => import('../features/reference/categories.resource'))
 * element: screen(() => import('./users/RolesPage'))
 * ```
 */
export function screen(loader: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const mod = await loader()
    const def = mod.default
    if (!isResourceDefinition(def)) return { default: def as ComponentType }
    const { ResourceListPage } = await import('./ResourceListPage')
    if (!def.createHref && !def.editHref) return { default: () => <ResourceListPage resource={def} /> }
    const { ResourceFormPage } = await import('./ResourceFormPage')
    return {
      default: () => (
        <Routes>
          <Route index element={<ResourceListPage resource={def} />} />
          <Route path="create" element={<ResourceFormPage resource={def} mode="create" />} />
          <Route path="edit/:id" element={<ResourceFormPage resource={def} mode="edit" />} />
          <Route path="*" element={<NotFound home="/app" fullScreen={false} />} />
        </Routes>
      ),
    }
  })
}
