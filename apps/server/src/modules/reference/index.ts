import type { FastifyPluginAsync } from 'fastify'
import { attributesResource } from './attributes.routes.js'
import { groupAttributesResource } from './group-attributes.routes.js'
import { referenceResources } from './reference.routes.js'

export { attributesResource, groupAttributesResource, referenceResources }

/** Reference data: the five lists, attribute groups and attribute values. */
const reference: FastifyPluginAsync = async (app) => {
  for (const r of [...referenceResources, groupAttributesResource, attributesResource]) await app.register(r.plugin)
}
export default reference
