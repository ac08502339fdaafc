import type { TFunction } from 'i18next'
import { DESK_ENTITY } from '@app/shared'
import { humanize } from '../resource/labels'

/** An audit action's name in the reader's language; an action of a route named by its URL shows as stored. */
export const actionLabel = (t: TFunction, action: string) => t(`audit.actions.${action}`, { defaultValue: action })

/** An entity's name: the audit's own (sign-ins), else the role matrix's, else as stored. */
export const entityLabel = (t: TFunction, entity: string) =>
  t(`audit.entities.${entity}`, { defaultValue: t(`resources.roles.matrix.entities.${entity}`, { defaultValue: entity }) })

/**
 * The resource declaration whose texts name an entity's fields (`resources.<name>.fields.*`): a permission
 * entity is the singular of its resource's name (`hotel` -> `hotels`, `category` -> `categories`), but for
 * the names listed here. Kept equal to the forms' labels by `app/audit-labels.test.ts`, which reads every declaration.
 */
const RESOURCE_OF: Record<string, string> = { train_route: 'trains_route' }
const resourceOf = (entity: string) =>
  RESOURCE_OF[entity] ?? (/[^aeiou]y$/.test(entity) ? `${entity.slice(0, -1)}ies` : /s$/.test(entity) ? entity : `${entity}s`)

const DESK_ENTITIES = new Set<string>(Object.values(DESK_ENTITY))

/**
 * A changed field's name as the screen that changed it labels it, in the reader's language: the audit's own
 * words (sign-in rows), a calendar's (a range write), an order's (a desk's rows), the resource's form label,
 * the shared one, and only then the key made readable.
 */
export function auditFieldLabel(t: TFunction, entity: string, field: string, action?: string): string {
  const keys = [`audit.fields.${field}`]
  if (action === 'range') keys.push(`availability.fields.${field}`)
  if (DESK_ENTITIES.has(entity)) keys.push(`orders.fields.${field}`)
  keys.push(`resources.${resourceOf(entity)}.fields.${field}`, `fields.${field}`)
  return t(keys, { defaultValue: humanize(field) })
}
