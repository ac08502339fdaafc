import { referenceResource } from './reference'

/** /app/facility: API `/api/v1/facilities`, permissions `facility_*`. */
export default referenceResource('facilities', 'facility')
