import { lazy, type ComponentType, type ReactNode } from 'react'
import { Route, Routes } from 'react-router'
import { preloadable, type Preloadable } from '../../lib/preloadable'
import { NotFound } from '../NotFound'
import { headed, type HeadedScreen } from '../ScreenHead'
import { resourceLabels } from './labels'
import { isResourceDefinition, type DialogMode, type ResourceDefinition, type ResourceRow } from './define'

// The page form (its fields, pickers, editor and upload zones) loads with its own routes, not with the list
// (issue 33, "Phone"); opened at one of them, it is fetched beside the list's code rather than after it.
const loadFormPage = () => import('./ResourceFormPage')
const ResourceFormPage = lazy(() =>
  loadFormPage().then((m) => ({
    default: m.ResourceFormPage as (p: { resource: ResourceDefinition<ResourceRow>; mode: DialogMode }) => ReactNode,
  })),
)
const atFormPage = () => typeof window !== 'undefined' && /\/(create|edit\/[^/]+)\/?$/.test(window.location.pathname)

/** A screen whose own address is a list: the declaration it lists, so the page can fetch its first page ahead. */
export type ListScreen = HeadedScreen<ComponentType> & { listed?: ResourceDefinition }

/**
 * Marks `Screen` as the list of `resource` (at the screen's own address; its sub-routes are other pages), with
 * the list's head for the server's frame (ResourceListPage draws the same).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function listScreen(Screen: ComponentType, resource: ResourceDefinition<any>): ListScreen {
  return Object.assign(headed(Screen, (t) => ({ kind: 'list', title: resourceLabels(resource, t).title() })), {
    listed: resource as unknown as ResourceDefinition,
  })
}

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
export function screen(loader: () => Promise<ScreenModule>): Preloadable {
  return preloadable(async () => {
    // Opened at a page form: its code loads beside the declaration and the list (a list-only screen leaves it).
    const form = atFormPage() ? loadFormPage() : undefined
    const [mod, { ResourceListPage }] = await Promise.all([loader(), import('./ResourceListPage')])
    const def = mod.default
    if (!isResourceDefinition(def)) return { default: def as ComponentType }
    if (!def.createHref && !def.editHref) return { default: listScreen(() => <ResourceListPage resource={def} />, def) }
    await form
    return {
      default: listScreen(
        () => (
          <Routes>
            <Route index element={<ResourceListPage resource={def} />} />
            <Route path="create" element={<ResourceFormPage resource={def} mode="create" />} />
            <Route path="edit/:id" element={<ResourceFormPage resource={def} mode="edit" />} />
            <Route path="*" element={<NotFound home="/app" fullScreen={false} />} />
          </Routes>
        ),
        def,
      ),
    }
  })
}
