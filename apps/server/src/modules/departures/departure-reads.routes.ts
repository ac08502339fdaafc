import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MANIFEST_FORMATS } from '@app/shared'
import { exportHeadersField, sendExport } from '../../crud/export.js'
import { idParams } from '../../crud/resource.js'
import { requireAuth } from '../../plugins/auth.js'
import { departureFacts } from './departure-facts.js'
import { MANIFEST_COLUMNS, manifestName, manifestRows } from './manifest.js'

const tags = ['departures']
const manifestQuery = z.object({ format: z.enum(MANIFEST_FORMATS).default('xlsx'), headers: exportHeadersField })

/**
 * What a departure's page reads beside its record (issue 29), for whoever may view it; another company's
 * departure is 404:
 * - `GET /departures/{id}/facts`: seats per room type, pilgrims whose papers are not ready, balance due;
 * - `GET /departures/{id}/manifest?format=xlsx|csv`: the manifest, streamed.
 */
const departureReads: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.get('/departures/:id/facts', { schema: { tags, params: idParams }, config: { access: 'departure_view' } }, async (req) => ({
    data: await departureFacts(app.db, requireAuth(req).companyId, req.params.id),
  }))
  app.get(
    '/departures/:id/manifest',
    { schema: { tags, params: idParams, querystring: manifestQuery }, config: { access: 'departure_view' } },
    async (req, reply) => {
      const { head, rows } = await manifestRows(app.db, requireAuth(req).companyId, req.params.id)
      return sendExport(req, reply, app.db, {
        name: manifestName(head.code),
        labels: 'departures',
        format: req.query.format,
        columns: MANIFEST_COLUMNS,
        rows,
      })
    },
  )
}
export default departureReads
