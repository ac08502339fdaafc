import { referenceInputSchema, type Entity } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'
import { currentLocale } from '../../i18n'
import { localName } from '../../lib/display-names'

/** The name column of a reference list: the row's name in the reader's language (issue 32, item 14). */
export const localNameColumn = (opts: { identity?: boolean } = {}) =>
  col.custom('name', (row) => localName(row, currentLocale()), opts)
/** Its optional names per language, under the name in the form. */
export const localNameFields = () => [field.text('name_en', { span: 6 }), field.text('name_id', { span: 6 })]

/**
 * Facilities, categories, services, types and areas share one shape
 * (spec §2): name, slug, description, is_active. One declaration each, built here.
 * Description is not sortable: the API offers only indexed sorts (docs/decisions/reference-data.md).
 */
export function referenceResource(name: string, permission: Entity) {
  return defineResource({
    name,
    permission,
    columns: [
      localNameColumn(),
      col.text('slug', { secondary: true }),
      col.text('description', { sort: false, hiddenBelow: 'sm' }),
      col.yesNo('is_active'),
      col.date('created_at'),
    ],
    fields: [
      field.text('name', { span: 6 }),
      field.slug('slug', { span: 6 }),
      ...localNameFields(),
      field.textarea('description'),
      field.active(),
    ],
    schema: referenceInputSchema,
    modalSize: 'md',
    defaultSort: 'created_at',
    exportFormat: 'csv',
  })
}
