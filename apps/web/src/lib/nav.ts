import type { ComponentType } from 'react'
import type { Preloadable } from './preloadable'

/**
 * Shapes of the navigation registry (app/registry.tsx) and the pure logic
 * the shell applies to it: which items a user sees, and which item a URL is.
 */
export interface NavItem {
  /** Unique across the registry; remembered in localStorage as the chosen item. */
  key: string
  /** Route under /app: 'category' -> /app/category; '' is /app itself. */
  path: string
  labelKey: string
  /** Needed to see and open it (`<entity>_list`); null = any signed-in user. */
  permission: string | null
  /** The screen, lazily loaded. Items without one are neither routed nor shown yet. */
  element?: Preloadable
  /** The screen has its own sub-routes (`/app/hotels/12/rooms`): routed as `path/*`. */
  nested?: boolean
}

/** A page under a list that is no menu item (an item's calendar): route under /app and the permission to open it. */
export interface ItemPage {
  /** Route under /app with its parameters: `rooms/:id/availability`. */
  path: string
  /** null: any signed-in user (the company settings, read-only without `company_setting`). */
  permission: string | null
  element: Preloadable
}

export interface NavGroup {
  key: string
  labelKey: string
  icon: ComponentType<{ size?: number | string; stroke?: number }>
  items: NavItem[]
}

/**
 * One menu item and route from one key: path `key` (under /app), label
 * `nav.items.<key>`, permission `<entity>_list` (`entity` null = any signed-in
 * user). The entity is separate because keys follow the spec's routes
 * (`/app/hotels`) while permissions follow the catalogue (`hotel_list`).
 */
export function navItem(
  key: string,
  entity: string | null,
  element?: Preloadable,
  opts: Pick<NavItem, 'nested'> & { path?: string } = {},
): NavItem {
  return {
    key,
    path: opts.path ?? key,
    labelKey: `nav.items.${key}`,
    permission: entity === null ? null : `${entity}_list`,
    ...(element ? { element } : {}),
    ...(opts.nested ? { nested: true } : {}),
  }
}

export function itemHref(item: Pick<NavItem, 'path'>): string {
  return item.path ? `/app/${item.path}` : '/app'
}

/** Groups with only the items the user may open and that exist; empty groups are dropped. */
export function visibleNav<G extends NavGroup>(groups: readonly G[], permissions: readonly string[] | undefined): G[] {
  const has = (p: string | null) => p === null || !!permissions?.includes(p)
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => i.element && has(i.permission)) }))
    .filter((g) => g.items.length > 0)
}

/** The group and item a pathname belongs to (`/app/category/...` -> reference/category). */
export function findActive<G extends NavGroup>(groups: readonly G[], pathname: string): { group: G; item: NavItem } | undefined {
  const rest = pathname.replace(/^\/app\/?/, '').split('/')[0] ?? ''
  for (const group of groups) {
    const item = group.items.find((i) => i.path === rest)
    if (item) return { group, item }
  }
  return undefined
}

/** localStorage keys of the remembered menu choice; cleared on logout. */
export const NAV_STORAGE_KEYS = { group: 'nav.group', item: 'nav.item' } as const

export function clearNavState(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage) {
  storage?.removeItem(NAV_STORAGE_KEYS.group)
  storage?.removeItem(NAV_STORAGE_KEYS.item)
}
