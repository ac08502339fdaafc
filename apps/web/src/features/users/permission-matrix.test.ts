import { describe, expect, it } from 'vitest'
import { ALL_PERMISSIONS, permissionDisplayName } from '@app/shared'
import { buildMatrix, columnIds, grantable, rowIds, stateOf, toggleAll, toggleOne } from './permission-matrix'

const catalogue = [...ALL_PERMISSIONS, 'report_list'].map((name, i) => ({
  id: i + 1,
  name,
  display_name: permissionDisplayName(name),
}))
const idOf = (name: string) => catalogue.find((p) => p.name === name)!.id

describe('the permission matrix', () => {
  it('groups the catalogue by section and entity, one column per action, the rest apart', () => {
    const m = buildMatrix(catalogue)
    expect(m.sections.map((s) => s.section)).toEqual([
      'user_management',
      'reference',
      'products',
      'orders',
      'audit',
      'pilgrims',
      'departures',
    ])
    const user = m.sections[0]!.rows[0]!
    expect(user.entity).toBe('user')
    expect(Object.keys(user.cells)).toEqual(['list', 'create', 'view', 'update', 'delete', 'export', 'import', 'approval'])
    expect(user.cells.update!.name).toBe('user_update')
    // One-right permissions (STANDALONE_PERMISSIONS) sit beside the grid with any the platform added.
    expect(m.others.map((p) => p.name)).toEqual(['company_setting', 'pilgrim_documents', 'report_list'])
    // One cell per entity of the catalogue that has a list right (a new entity adds its own).
    expect(columnIds(m, 'list')).toHaveLength(ALL_PERMISSIONS.filter((p) => p.endsWith('_list')).length)
  })

  it('toggles a whole row or column on, then off, leaving what the user may not change', () => {
    const m = buildMatrix(catalogue)
    const row = rowIds(m.sections[0]!.rows[0]!)
    const on = toggleAll([idOf('category_list')], row)
    expect(stateOf(new Set(on), row)).toBe('all')
    expect(on).toContain(idOf('category_list'))
    const off = toggleAll(on, row)
    expect(off).toEqual([idOf('category_list')])
    const some = toggleOne([], idOf('user_list'), true)
    expect(stateOf(new Set(some), row)).toBe('some')
    // A locked id keeps its state.
    const locked = toggleAll(
      [idOf('user_delete')],
      row.filter((id) => id !== idOf('user_delete')),
    )
    expect(
      toggleAll(
        locked,
        row.filter((id) => id !== idOf('user_delete')),
      ),
    ).toEqual([idOf('user_delete')])
  })

  it('lets owners grant all but platform-only permissions, others only what they hold', () => {
    const owner = { role_name: 'owner', permissions: [] }
    expect(grantable(owner, 'user_delete')).toBe(true)
    expect(grantable(owner, 'permission_create')).toBe(false)
    expect(grantable({ role_name: 'master', permissions: [] }, 'permission_create')).toBe(true)
    const manager = { role_name: 'manager', permissions: ['category_list'] }
    expect(grantable(manager, 'category_list')).toBe(true)
    expect(grantable(manager, 'category_delete')).toBe(false)
    expect(grantable(undefined, 'category_list')).toBe(false)
  })
})
