import { referenceResource } from './reference'

/** /app/services: API `/api/v1/services`, permissions `service_*`. */
export default referenceResource('services', 'service')
