import { ACTIONS, MASTER_ROLE, OWNER_ROLE, PERMISSION_SECTIONS, PLATFORM_ONLY_PERMISSIONS, type Action } from '@app/shared'

/** A permission of the catalogue as `GET /permissions` answers it. */
export interface CataloguePermission {
  id: number
  name: string
  display_name: string
}

export interface MatrixRow {
  entity: string
  /** action -> the catalogue permission `${entity}_${action}`, when it exists. */
  cells: Partial<Record<Action, CataloguePermission>>
}

export interface Matrix {
  sections: Array<{ section: string; rows: MatrixRow[] }>
  /** Catalogue permissions outside the entity x action grid (added by the platform). */
  others: CataloguePermission[]
  byId: Map<number, CataloguePermission>
}

/** Rows grouped by section (user management, data master, ...) x the eight actions (spec §2). */
export function buildMatrix(catalogue: readonly CataloguePermission[]): Matrix {
  const byName = new Map(catalogue.map((p) => [p.name, p]))
  const placed = new Set<string>()
  const sections = PERMISSION_SECTIONS.map(({ section, entities }) => ({
    section,
    rows: entities.map((entity) => {
      const cells: MatrixRow['cells'] = {}
      for (const action of ACTIONS) {
        const p = byName.get(`${entity}_${action}`)
        if (p) {
          cells[action] = p
          placed.add(p.name)
        }
      }
      return { entity, cells }
    }),
  }))
  const others = catalogue.filter((p) => !placed.has(p.name)).sort((a, b) => a.name.localeCompare(b.name))
  return { sections, others, byId: new Map(catalogue.map((p) => [p.id, p])) }
}

/**
 * Whether the signed-in user may grant a permission (the server's rule, shown
 * in the matrix): platform-only ones only by the platform master; anyone but an
 * owner only what they hold themselves.
 */
export function grantable(me: { role_name: string; permissions: readonly string[] } | undefined, name: string): boolean {
  if (!me) return false
  const master = me.role_name === MASTER_ROLE
  if (PLATFORM_ONLY_PERMISSIONS.includes(name) && !master) return false
  return master || me.role_name === OWNER_ROLE || me.permissions.includes(name)
}

export type ToggleState = 'all' | 'some' | 'none'

/** How many of `ids` are selected. */
export function stateOf(selected: ReadonlySet<number>, ids: readonly number[]): ToggleState {
  const n = ids.filter((id) => selected.has(id)).length
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some'
}

/**
 * A whole-row or whole-column toggle: when every changeable id is selected,
 * they are all cleared, otherwise all are selected. Ids the user may not change
 * keep their state.
 */
export function toggleAll(selected: readonly number[], changeable: readonly number[]): number[] {
  const set = new Set(selected)
  const allOn = changeable.length > 0 && changeable.every((id) => set.has(id))
  for (const id of changeable) {
    if (allOn) set.delete(id)
    else set.add(id)
  }
  return [...set].sort((a, b) => a - b)
}

export function toggleOne(selected: readonly number[], id: number, on: boolean): number[] {
  const set = new Set(selected)
  if (on) set.add(id)
  else set.delete(id)
  return [...set].sort((a, b) => a - b)
}

/** The ids of one row, or of one action across every row. */
export const rowIds = (row: MatrixRow) => Object.values(row.cells).map((p) => p!.id)
export const columnIds = (matrix: Matrix, action: Action) =>
  matrix.sections.flatMap((s) => s.rows.flatMap((r) => (r.cells[action] ? [r.cells[action]!.id] : [])))
