import {
  IconBox,
  IconDatabase,
  IconLayoutDashboard,
  IconPlaneDeparture,
  IconReceipt,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react'
import { matchPath } from 'react-router'
import { DESK_ENTITY, ORDER_DESKS } from '@app/shared'
import type { ResourceDefinition } from '../components/resource/define'
import { screen, type ListScreen } from '../components/resource/screen'
import { navItem as item, type ItemPage, type NavGroup } from '../lib/nav'
import { preloadable } from '../lib/preloadable'
import type { HeadedScreen, ScreenHeadOf } from '../components/ScreenHead'

/**
 * The one list of screens: it feeds both the side menu and the /app routes.
 * It lives in `app/` because it composes features (app -> features ->
 * components/lib); features never import each other.
 *
 * Each item is `item(key, entity, element?)`: route `/app/<key>`, label
 * `nav.items.<key>` (locales/<lang>/nav.json), shown to holders of
 * `<entity>_list`. The element is
 * - a list screen: `screen(() => import('../features/<area>/<name>.resource'))`
 *   whose module default-exports `defineResource({...})` (with page forms, the
 *   item is `nested` so `/create` and `/edit/:id` route under it);
 * - a custom screen: `screen(() => import('../features/<area>/SomePage'))`.
 * Items without an element are neither routed nor shown. A group without
 * visible items is hidden. Group labels: `nav.groups.<group>`.
 */
export const navGroups: NavGroup[] = [
  {
    key: 'dashboard',
    labelKey: 'nav.groups.dashboard',
    icon: IconLayoutDashboard,
    items: [
      item(
        'dashboard',
        null,
        preloadable(() => import('../features/dashboard/DashboardPage')),
        { path: '' },
      ),
    ],
  },
  {
    key: 'users',
    labelKey: 'nav.groups.users',
    icon: IconUsers,
    items: [
      item(
        'users',
        'user',
        screen(() => import('../features/users/users.resource')),
      ),
      item(
        'roles',
        'role',
        screen(() => import('../features/users/roles.resource')),
      ),
      item(
        'permissions',
        'permission',
        screen(() => import('../features/users/PermissionsPage')),
      ),
      // Who changed what (issue 30): shown to holders of audit_list.
      item(
        'audit',
        'audit',
        screen(() => import('../features/audit/AuditPage')),
      ),
    ],
  },
  {
    key: 'reference',
    labelKey: 'nav.groups.reference',
    icon: IconDatabase,
    items: [
      item(
        'category',
        'category',
        screen(() => import('../features/reference/categories.resource')),
      ),
      item(
        'services',
        'service',
        screen(() => import('../features/reference/services.resource')),
      ),
      item(
        'area',
        'area',
        screen(() => import('../features/reference/areas.resource')),
      ),
      item(
        'facility',
        'facility',
        screen(() => import('../features/reference/facilities.resource')),
      ),
      item(
        'type',
        'type',
        screen(() => import('../features/reference/types.resource')),
      ),
      item(
        'location',
        'location',
        screen(() => import('../features/reference/locations.resource')),
      ),
      item(
        'group_attribute',
        'group_attribute',
        screen(() => import('../features/reference/group-attributes.resource')),
      ),
      item(
        'attribute',
        'attribute',
        screen(() => import('../features/reference/attributes.resource')),
      ),
    ],
  },
  {
    key: 'products',
    labelKey: 'nav.groups.products',
    icon: IconBox,
    items: [
      item(
        'hotels',
        'hotel',
        screen(() => import('../features/hotels/hotels.resource')),
        { nested: true },
      ),
      item(
        'rooms',
        'room',
        screen(() => import('../features/hotels/rooms.resource')),
      ),
      item(
        'transportation',
        'transportation',
        screen(() => import('../features/transport/transportations.resource')),
        { nested: true },
      ),
      item(
        'train_route',
        'train_route',
        screen(() => import('../features/transport/train-routes.resource')),
      ),
      // Ziyarah tours (issue 27)
      item(
        'ziyarah_tours',
        'ziyarah_tour',
        screen(() => import('../features/ziyarah/ziyarah-tours.resource')),
      ),
    ],
  },
  {
    // Pilgrims (issue 28): the register, with its page form at /app/pilgrims/create and /edit/:id.
    key: 'pilgrims',
    labelKey: 'nav.groups.pilgrims',
    icon: IconUsersGroup,
    items: [
      item(
        'pilgrims',
        'pilgrim',
        screen(() => import('../features/pilgrims/pilgrims.resource')),
        { nested: true },
      ),
    ],
  },
  {
    // Departures (issue 29): the list, its page form and each departure's page, one screen.
    key: 'departures',
    labelKey: 'nav.groups.departures',
    icon: IconPlaneDeparture,
    items: [
      item(
        'departures',
        'departure',
        screen(() => import('../features/departures/DeparturesScreen')),
        { nested: true },
      ),
    ],
  },
  {
    key: 'order',
    labelKey: 'nav.groups.order',
    icon: IconReceipt,
    items: [
      // One desk per declared kind (packages/shared/src/kinds): `/app/order_<desk>`, shown to `order_<desk>_list`.
      ...ORDER_DESKS.map((desk) =>
        item(
          DESK_ENTITY[desk],
          DESK_ENTITY[desk],
          screen(() => import('../features/orders/desks').then((m) => ({ default: m.DESK_SCREENS[desk] }))),
          { nested: true },
        ),
      ),
    ],
  },
]

/**
 * Pages under a list's rows that are not in the menu, each lazily loaded and
 * opened by its row action: the availability calendars (issues 9 and 10),
 * one component fed by a declaration (features/availability/calendars.ts).
 * Without the permission the URL shows the denied view.
 */
export const itemPages: ItemPage[] = [
  {
    path: 'rooms/:id/availability',
    permission: 'room_update',
    element: preloadable(() => import('../features/availability/RoomAvailabilityPage')),
  },
  {
    // A hotel, then a room, then its calendar (checklist D-10); not in the menu.
    path: 'room_available',
    permission: 'room_update',
    element: preloadable(() => import('../features/availability/RoomAvailablePage')),
  },
  {
    path: 'transportation/:id/availability',
    permission: 'transportation_update',
    element: preloadable(() => import('../features/availability/TransportationAvailabilityPage')),
  },
  {
    path: 'train_route/:id/availability',
    permission: 'train_route_update',
    element: preloadable(() => import('../features/availability/TrainAvailabilityPage')),
  },
  // Avatar menu -> Company Setting (issue 28): everyone reads it, `company_setting` edits it.
  {
    path: 'company',
    permission: null,
    element: preloadable(() => import('../features/company/CompanyPage')),
  },
  // The pilgrim import (issue 28), opened from the pilgrim list's Import button.
  {
    path: 'pilgrims/import',
    permission: 'pilgrim_import',
    element: preloadable(() => import('../features/pilgrims/import/PilgrimImportPage')),
  },
  // Ziyarah tours (issue 27)
  {
    path: 'ziyarah_tours/:id/availability',
    permission: 'ziyarah_tour_update',
    element: preloadable(() => import('../features/ziyarah/ZiyarahSchedulePage')),
  },
]

/**
 * Starts loading the screen of `pathname` (an address under /app), so that its code comes while the shell is
 * drawn rather than once the router reaches it (issue 33, "Phone"). The same patterns as AppArea's routes; an
 * address of no screen loads nothing. Resolves to the declaration the screen lists when the address is that
 * list (not one of its forms), for the page to fetch the list's first page as well.
 */
/** Every routed screen: its route pattern (a nested one's with `/*`), its own address, and its element. */
const routedScreens = () => [
  ...itemPages.map((p) => ({ pattern: p.path, own: p.path, element: p.element })),
  ...navGroups
    .flatMap((g) => g.items)
    .flatMap((i) => (i.element ? [{ pattern: i.nested ? `${i.path}/*` : i.path, own: i.path, element: i.element }] : [])),
]

export function preloadScreen(pathname: string): Promise<ResourceDefinition | undefined> {
  const at = (pattern: string) => !!matchPath({ path: `/app/${pattern}`, end: true }, pathname)
  const hit = routedScreens().find((s) => at(s.pattern))
  if (!hit) return Promise.resolve(undefined)
  return hit.element.preload().then(
    (m) => (at(hit.own) ? (m.default as ListScreen).listed : undefined),
    () => undefined,
  )
}

/**
 * Each screen's own address (under /app, `:x` for a part) with its head for the server's frame (prerender.tsx),
 * and the declaration it lists when it is a list (the server puts the list's first page in the page):
 * the screens whose component tells one (`headed`, components/ScreenHead.tsx). Loads every screen; a screen that
 * fails to load outside a browser is left out (its address gets the frame without a head).
 */
export async function screenHeads(): Promise<Array<{ path: string; head: ScreenHeadOf; listed?: ResourceDefinition }>> {
  const heads = await Promise.all(
    routedScreens().map(async ({ own, element }) => {
      const screen = await element.preload().then(
        (m) => m.default as HeadedScreen & ListScreen,
        () => undefined,
      )
      return screen?.head ? [{ path: own, head: screen.head, listed: screen.listed }] : []
    }),
  )
  return heads.flat()
}
