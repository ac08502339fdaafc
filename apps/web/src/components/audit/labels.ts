import type { TFunction } from 'i18next'

/** An audit action's name in the reader's language; an action of a route named by its URL shows as stored. */
export const actionLabel = (t: TFunction, action: string) => t(`audit.actions.${action}`, { defaultValue: action })

/** An entity's name: the audit's own (sign-ins), else the role matrix's, else as stored. */
export const entityLabel = (t: TFunction, entity: string) =>
  t(`audit.entities.${entity}`, { defaultValue: t(`resources.roles.matrix.entities.${entity}`, { defaultValue: entity }) })
