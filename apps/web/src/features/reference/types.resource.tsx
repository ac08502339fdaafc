import { referenceResource } from './reference'

/** /app/type: API `/api/v1/types`, permissions `type_*`. */
export default referenceResource('types', 'type')
