import { eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { queryBoolean } from '@app/shared'
import type { ExportColumn } from '../../crud/csv.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'

/** `?is_active=true|false|1|0` ("maybe" is a 422), as a list filter. */
export const isActiveFilter = (column: PgColumn) => ({
  is_active: { schema: queryBoolean, where: (v: boolean): SQL => eq(column, v) },
})

/** CSV columns by name, read from the answer row (spec §9: id, name, slug, description, is_active, created_at). */
export const exportColumns = (...names: string[]): ExportColumn[] =>
  names.map((header) => ({ header, value: (row) => row[header] }))

registerMessages({
  en: { 'field.not_found': '{field} does not exist', 'table.attributes': 'Attribute Values' },
  id: { 'field.not_found': '{field} tidak ditemukan', 'table.attributes': 'Nilai Atribut' },
})
registerFieldLabels({
  en: { group_id: 'Group Attribute', option_type: 'Option Type', is_active: 'Is Active' },
  id: { slug: 'Slug' },
})
