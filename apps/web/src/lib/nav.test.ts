import { describe, expect, it } from 'vitest'
import { clearNavState, findActive, itemHref, NAV_STORAGE_KEYS, navItem, visibleNav, type NavGroup } from './nav'
import type { Preloadable } from './preloadable'

const screen = {} as Preloadable
const Icon = (() => null) as unknown as NavGroup['icon']
const groups: NavGroup[] = [
  {
    key: 'dashboard',
    labelKey: 'd',
    icon: Icon,
    items: [{ key: 'dashboard', path: '', labelKey: 'd', permission: null, element: screen }],
  },
  {
    key: 'users',
    labelKey: 'u',
    icon: Icon,
    items: [
      { key: 'users', path: 'users', labelKey: 'u', permission: 'user_list' },
      { key: 'roles', path: 'roles', labelKey: 'r', permission: 'role_list', element: screen },
    ],
  },
  {
    key: 'reference',
    labelKey: 'dm',
    icon: Icon,
    items: [
      { key: 'category', path: 'category', labelKey: 'c', permission: 'category_list', element: screen },
      { key: 'facility', path: 'facility', labelKey: 'f', permission: 'facility_list', element: screen },
    ],
  },
]

describe('visibleNav', () => {
  it('keeps only routed items the user may list and drops empty groups', () => {
    const nav = visibleNav(groups, ['category_list', 'user_list'])
    expect(nav.map((g) => [g.key, g.items.map((i) => i.key)])).toEqual([
      ['dashboard', ['dashboard']],
      ['reference', ['category']],
    ])
  })

  it('shows only permission-free items without permissions', () => {
    expect(visibleNav(groups, undefined).map((g) => g.key)).toEqual(['dashboard'])
  })
})

describe('findActive', () => {
  it('maps a pathname to its group and item', () => {
    expect(findActive(groups, '/app/category')?.item.key).toBe('category')
    expect(findActive(groups, '/app/roles/5')?.group.key).toBe('users')
    expect(findActive(groups, '/app')?.item.key).toBe('dashboard')
    expect(findActive(groups, '/app/nope')).toBeUndefined()
  })

  it('builds links under /app', () => {
    expect(itemHref({ path: '' })).toBe('/app')
    expect(itemHref({ path: 'train_route' })).toBe('/app/train_route')
  })
})

it('clearNavState forgets the remembered group and item', () => {
  const removed: string[] = []
  clearNavState({ removeItem: (k: string) => void removed.push(k) })
  expect(removed).toEqual([NAV_STORAGE_KEYS.group, NAV_STORAGE_KEYS.item])
})

describe('navItem', () => {
  it('derives path, label and list permission from one key', () => {
    expect(navItem('hotels', 'hotel', screen, { nested: true })).toEqual({
      key: 'hotels',
      path: 'hotels',
      labelKey: 'nav.items.hotels',
      permission: 'hotel_list',
      element: screen,
      nested: true,
    })
    expect(navItem('dashboard', null, screen, { path: '' })).toMatchObject({ path: '', permission: null })
    expect(navItem('rooms', 'room')).not.toHaveProperty('element')
  })
})
