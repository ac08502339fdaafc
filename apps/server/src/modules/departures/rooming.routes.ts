import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  queryId,
  roomingExportQuerySchema,
  roomingInputSchema,
  roomingAutoQuerySchema,
  type Rooming,
  type RoomingRoom,
} from '@app/shared'
import { requestLocale } from '../../lib/i18n.js'
import { requireAuth } from '../../plugins/auth.js'
import { proposeRooming, readRooming, roomsForExport, writeRooming } from './rooming.js'
import { sendRooming } from './rooming.export.js'

const params = z.object({ id: queryId() })
// Reading a departure's rooming list is seeing the departure; its editors may read what they edit.
const READ = ['departure_view', 'departure_update']
const WRITE = 'departure_update'

/**
 * The rooming list of a departure (issue 29): read it, replace one stay's list, ask auto-assign for a
 * proposal, export one hotel's list. The stay is named in the body or the query (`stay_id`), so every
 * route has the departure as its one path parameter. Another company's departure, or a stay of another
 * departure, is a 404.
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
    '/departures/:id/rooming',
    { schema: { tags, params, body: roomingInputSchema }, config: { access: WRITE } },
    async (req): Promise<{ data: Rooming }> => ({
      data: await writeRooming(app.db, requireAuth(req).companyId, req.params.id, req.body.stay_id, req.body),
    }),
  )

  app.post(
    '/departures/:id/rooming/auto',
    { schema: { tags, params, querystring: roomingAutoQuerySchema }, config: { access: WRITE } },
    async (req): Promise<{ data: { rooms: RoomingRoom[]; unassigned: number[] } }> => ({
      data: await proposeRooming(app.db, requireAuth(req).companyId, req.params.id, req.query.stay_id),
    }),
  )

  app.get(
    '/departures/:id/rooming/export',
    { schema: { tags, params, querystring: roomingExportQuerySchema }, config: { access: READ } },
    async (req, reply) => {
      const data = await roomsForExport(app.db, requireAuth(req).companyId, req.params.id, req.query.stay_id)
      return sendRooming(reply, data, req.query.format, requestLocale(req))
    },
  )
}
export default roomingRoutes
