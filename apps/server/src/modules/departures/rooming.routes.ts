import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { queryId, roomingExportQuerySchema, roomingInputSchema, type Rooming, type RoomingRoom } from '@app/shared'
import { requestLocale } from '../../lib/i18n.js'
import { requireAuth } from '../../plugins/auth.js'
import { proposeRooming, readRooming, roomsForExport, writeRooming } from './rooming.js'
import { sendRooming } from './rooming.export.js'

const params = z.object({ id: queryId() })
const stayParams = z.object({ id: queryId(), stayId: queryId() })
// Reading a departure's rooming list is seeing the departure; its editors may read what they edit.
const READ = ['departure_view', 'departure_update']
const WRITE = 'departure_update'

/**
 * The rooming list of a departure (issue 29): read it, replace one stay's list, ask auto-assign for a
 * proposal, export one hotel's list. Another company's departure (or a stay of another departure) is a 404.
 */
const roomingRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const tags = ['departures']

  app.get(
    '/departures/:id/rooming',
    { schema: { tags, params }, config: { access: READ } },
    async (req): Promise<{ data: Rooming }> => ({
      data: await readRooming(app.db, requireAuth(req).companyId, req.params.id),
    }),
  )

  app.put(
    '/departures/:id/rooming/:stayId',
    { schema: { tags, params: stayParams, body: roomingInputSchema }, config: { access: WRITE } },
    async (req): Promise<{ data: Rooming }> => ({
      data: await writeRooming(app.db, requireAuth(req).companyId, req.params.id, req.params.stayId, req.body),
    }),
  )

  app.post(
    '/departures/:id/rooming/:stayId/auto',
    { schema: { tags, params: stayParams }, config: { access: WRITE } },
    async (req): Promise<{ data: { rooms: RoomingRoom[]; unassigned: number[] } }> => ({
      data: await proposeRooming(app.db, requireAuth(req).companyId, req.params.id, req.params.stayId),
    }),
  )

  app.get(
    '/departures/:id/rooming/:stayId/export',
    { schema: { tags, params: stayParams, querystring: roomingExportQuerySchema }, config: { access: READ } },
    async (req, reply) => {
      const data = await roomsForExport(app.db, requireAuth(req).companyId, req.params.id, req.params.stayId)
      return sendRooming(reply, data, req.query.format, requestLocale(req))
    },
  )
}
export default roomingRoutes
