import { col, defineResource } from '../../components/resource'

/**
 * /app/transportation: the vehicle list (issue 10). API `/api/v1/transportations`,
 * permissions `transportation_*`. Create and edit are the full-page vehicle form
 * (not built yet): the list offers search, sort, export and delete.
 */
export default defineResource({
  name: 'transportations',
  permission: 'transportation',
  columns: [
    col.text('name'),
    col.text('slug', { hiddenBelow: 'md' }),
    col.text('vehicle_number'),
    col.money('price'),
    col.money('sale_price'),
    col.text('min_reservation', { hiddenBelow: 'sm' }),
    col.text('max_day', { hiddenBelow: 'sm' }),
    col.relation('location', 'location.name'),
    col.badge('status', { colors: { publish: 'green', draft: 'red' }, fallbackColor: 'red' }),
    col.date('created_at'),
  ],
  defaultSort: 'created_at',
  exportFormat: 'csv',
})
