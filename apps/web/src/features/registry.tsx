import { lazy } from 'react'
import { IconBox, IconDatabase, IconLayoutDashboard, IconReceipt, IconUsers } from '@tabler/icons-react'
import type { NavGroup } from '../lib/nav'
import { screen } from '../components/resource/screen'

/**
 * The one list of screens: it feeds both the side menu and the /app routes.
 *
 * To add a screen, give its item an `element`:
 * - a list screen: `screen(() => import('./<area>/<name>.resource'))` whose
 *   module default-exports `defineResource({...})`;
 * - a custom screen: `screen(() => import('./<area>/SomePage'))` whose module
 *   default-exports a component.
 * Items without an element are neither routed nor shown. The menu shows an item
 * only to users holding its `permission`; a group without visible items is hidden.
 * Labels: `nav.groups.<group>` and `nav.items.<item>` (locales/<lang>/nav.json).
 */
export const navGroups: NavGroup[] = [
  {
    key: 'dashboard',
    labelKey: 'nav.groups.dashboard',
    icon: IconLayoutDashboard,
    items: [
      {
        key: 'dashboard',
        path: '',
        labelKey: 'nav.items.dashboard',
        permission: null,
        element: lazy(() => import('./dashboard/DashboardPage')),
      },
    ],
  },
  {
    key: 'users',
    labelKey: 'nav.groups.users',
    icon: IconUsers,
    items: [
      {
        key: 'users',
        path: 'users',
        labelKey: 'nav.items.users',
        permission: 'user_list',
        element: screen(() => import('./users/users.resource')),
      },
      {
        key: 'roles',
        path: 'roles',
        labelKey: 'nav.items.roles',
        permission: 'role_list',
        element: screen(() => import('./users/roles.resource')),
      },
      {
        key: 'permissions',
        path: 'permissions',
        labelKey: 'nav.items.permissions',
        permission: 'permission_list',
        element: screen(() => import('./users/permissions.resource')),
      },
    ],
  },
  {
    key: 'datamaster',
    labelKey: 'nav.groups.datamaster',
    icon: IconDatabase,
    items: [
      {
        key: 'category',
        path: 'category',
        labelKey: 'nav.items.category',
        permission: 'category_list',
        element: screen(() => import('./datamaster/categories.resource')),
      },
      {
        key: 'services',
        path: 'services',
        labelKey: 'nav.items.services',
        permission: 'service_list',
        element: screen(() => import('./datamaster/services.resource')),
      },
      {
        key: 'area',
        path: 'area',
        labelKey: 'nav.items.area',
        permission: 'area_list',
        element: screen(() => import('./datamaster/areas.resource')),
      },
      {
        key: 'facility',
        path: 'facility',
        labelKey: 'nav.items.facility',
        permission: 'facility_list',
        element: screen(() => import('./datamaster/facilities.resource')),
      },
      {
        key: 'type',
        path: 'type',
        labelKey: 'nav.items.type',
        permission: 'type_list',
        element: screen(() => import('./datamaster/types.resource')),
      },
      { key: 'location', path: 'location', labelKey: 'nav.items.location', permission: 'location_list' },
      {
        key: 'group_attribute',
        path: 'group_attribute',
        labelKey: 'nav.items.group_attribute',
        permission: 'group_attribute_list',
        element: screen(() => import('./datamaster/group-attributes.resource')),
      },
      {
        key: 'attribute',
        path: 'attribute',
        labelKey: 'nav.items.attribute',
        permission: 'attribute_list',
        element: screen(() => import('./datamaster/attributes.resource')),
      },
    ],
  },
  {
    key: 'products',
    labelKey: 'nav.groups.products',
    icon: IconBox,
    items: [
      { key: 'hotels', path: 'hotels', labelKey: 'nav.items.hotels', permission: 'hotel_list' },
      { key: 'rooms', path: 'rooms', labelKey: 'nav.items.rooms', permission: 'room_list' },
      { key: 'transportation', path: 'transportation', labelKey: 'nav.items.transportation', permission: 'transportation_list' },
      { key: 'train_route', path: 'train_route', labelKey: 'nav.items.train_route', permission: 'train_route_list' },
    ],
  },
  {
    key: 'order',
    labelKey: 'nav.groups.order',
    icon: IconReceipt,
    items: [
      { key: 'order_hotel', path: 'order_hotel', labelKey: 'nav.items.order_hotel', permission: 'order_hotel_list' },
      { key: 'order_train', path: 'order_train', labelKey: 'nav.items.order_train', permission: 'order_train_list' },
      {
        key: 'order_transportation',
        path: 'order_transportation',
        labelKey: 'nav.items.order_transportation',
        permission: 'order_transportation_list',
      },
    ],
  },
]
