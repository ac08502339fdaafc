import { referenceInputSchema, type Entity } from '@app/shared'
import { col, defineResource, field } from '../../components/resource'

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
      col.text('name'),
      col.text('slug', { secondary: true }),
      col.text('description', { sort: false, hiddenBelow: 'sm' }),
      col.yesNo('is_active'),
      col.date('created_at'),
    ],
    fields: [field.text('name', { span: 6 }), field.slug('slug', { span: 6 }), field.textarea('description'), field.active()],
    schema: referenceInputSchema,
    modalSize: 'md',
    defaultSort: 'created_at',
    exportFormat: 'csv',
  })
}
