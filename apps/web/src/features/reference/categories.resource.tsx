import { referenceResource } from './reference'

/** /app/category: API `/api/v1/categories`, permissions `category_*`. */
export default referenceResource('categories', 'category')
