import type { TFunction } from 'i18next'
import { ACTIONS, DEFAULT_ROLES, ENTITIES, MASTER_ROLE, STANDALONE_PERMISSIONS } from '@app/shared'

/** The seeded roles and the English display name they are created with. */
const SEEDED_DISPLAY: Record<string, string> = Object.fromEntries([
  [MASTER_ROLE, 'Master'],
  ...DEFAULT_ROLES.map((r) => [r.name, r.display_name]),
])

/**
 * A role as the reader's language names it. The seeded roles are stored with
 * an English display name; while a company keeps that name it is shown
 * translated (`resources.roles.names.<name>`). A name the company chose is its
 * own and shown as written. Without a display name (the session only knows the
 * role's name) a seeded role is translated and any other name shown as is.
 */
export function roleLabel(t: TFunction, role: { name: string; display_name?: string | null } | null | undefined): string {
  if (!role) return '-'
  const seeded = SEEDED_DISPLAY[role.name]
  const untouched = seeded !== undefined && (role.display_name == null || role.display_name === seeded)
  if (untouched) return t(`resources.roles.names.${role.name}`)
  return role.display_name || role.name
}

/** `category_update` -> its entity and action in the catalogue, or null for a name outside it. */
export function splitPermission(name: string): { entity: string; action: string } | null {
  const action = ACTIONS.find((a) => name.endsWith(`_${a}`))
  if (!action) return null
  const entity = name.slice(0, -(action.length + 1))
  return (ENTITIES as readonly string[]).includes(entity) ? { entity, action } : null
}

/** A catalogue permission in the reader's language ("Categories: Update"); others by their stored display name. */
export function permissionLabel(t: TFunction, p: { name: string; display_name?: string | null }): string {
  const parts = splitPermission(p.name)
  if ((STANDALONE_PERMISSIONS as readonly string[]).includes(p.name)) return t(`resources.roles.matrix.standalone.${p.name}`)
  if (!parts) return p.display_name || p.name
  return t('resources.permissions.label', {
    entity: t(`resources.roles.matrix.entities.${parts.entity}`),
    action: t(`resources.roles.matrix.actions.${parts.action}`),
  })
}

/**
 * A reference row's name in the reader's language (issue 32, item 14): its `name_<lang>` when written,
 * else its `name` (the one name every row has). Facilities, services, types, categories, areas and
 * attribute values.
 */
export function localName(row: { name?: unknown; [key: string]: unknown } | null | undefined, lang: string): string {
  if (!row) return ''
  const own = row[`name_${lang.slice(0, 2)}`]
  return typeof own === 'string' && own.trim() ? own : String(row.name ?? '')
}
