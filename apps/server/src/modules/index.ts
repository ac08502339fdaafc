import type { FastifyPluginAsync } from 'fastify'
import reference from './reference/index.js'
import users from './users/users.routes.js'
import roles from './roles/roles.routes.js'
import permissions from './permissions/permissions.routes.js'
import auth from './auth/auth.routes.js'
import dashboard from './dashboard/dashboard.routes.js'
import locations from './locations/locations.routes.js'
import rooms from './hotels/rooms.routes.js'
import transportations from './transportations/transportations.routes.js'
import trainRoutes from './train-routes/train-routes.routes.js'
import orders from './orders/orders.routes.js'
import hotels from './hotels/hotels.routes.js'
import galleries from './galleries/galleries.routes.js'
// Issue 30: the audit trail's list and export.
import audit from './audit/audit.routes.js'
// Pilgrims (issue 28)
import pilgrims from './pilgrims/pilgrims.routes.js'
import company from './company/company.routes.js'
// Ziyarah tours (issue 27)
import ziyarahTours from './ziyarah-tours/ziyarah-tours.routes.js'
// Departures (issue 29)
import departures from './departures/departures.routes.js'

/**
 * Every API module, mounted under /api/v1. One line per module; each module
 * declares its own routes and their access (DESIGN §5).
 */
export const apiModules: FastifyPluginAsync[] = [
  reference,
  auth,
  dashboard,
  users,
  roles,
  permissions,
  locations,
  rooms,
  transportations,
  trainRoutes,
  orders,
  hotels,
  galleries,
  audit,
  // Pilgrims (issue 28)
  pilgrims,
  company,
  ziyarahTours,
  departures,
]
