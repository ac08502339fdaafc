import { referenceResource } from './reference'

/** /app/area: API `/api/v1/areas`, permissions `area_*`. */
export default referenceResource('areas', 'area')
