import type { TFunction } from 'i18next'
import type { ResourceDefinition, ResourceRow } from './define'

/** `is_active` -> `Is Active`: the last resort when no translation exists. */
export function humanize(key: string): string {
  return key
    .split(/[_.]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ')
}

/**
 * i18n by convention (STYLE.md): a resource's texts live under
 * `resources.<name>.*`, shared field labels under `fields.*`.
 */
export function resourceLabels<R extends ResourceRow>(resource: ResourceDefinition<R>, t: TFunction) {
  const base = `resources.${resource.name}`
  return {
    title: () => t(resource.titleKey ?? `${base}.title`, { defaultValue: humanize(resource.name) }),
    model: () => t(resource.modelKey ?? `${base}.model`, { defaultValue: humanize(resource.name) }),
    field: (key: string, labelKey?: string): string => {
      const keys = [`${base}.fields.${key}`, `fields.${key}`]
      if (labelKey) keys.unshift(labelKey)
      return t(keys, { defaultValue: humanize(key.split('.').pop() ?? key) })
    },
  }
}

/** What confirmations call a row. */
export function defaultRowTitle(row: ResourceRow): string {
  for (const k of ['name', 'display_name', 'title', 'email']) {
    const v = row[k]
    if (typeof v === 'string' && v) return v
  }
  return `#${row.id}`
}
