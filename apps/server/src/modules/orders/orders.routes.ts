import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  DESK_ENTITY,
  DESK_OF_KIND,
  ORDER_DESKS,
  orderInputSchema,
  orderStatusInputSchema,
  paymentInputSchema,
  type Action,
} from '@app/shared'
import { sendExport } from '../../crud/export.js'
import { iterateRows, listRows, primed } from '../../crud/list-query.js'
import { idParams } from '../../crud/resource.js'
import { expectedVersion, lastChange, StaleVersion, staleVersion, takeVersion } from '../../crud/versions.js'
import { badRequest, forbidden } from '../../lib/errors.js'
import { requestLocale } from '../../lib/i18n.js'
import type { SessionUser } from '../../lib/sessions.js'
import { requireAuth } from '../../plugins/auth.js'
import { bookableChoices, choiceParams, choicePermission } from './orders.choices.js'
import { orderKinds } from './kinds.js'
import { counterOf, orderCounters } from './order-counters.js'
import { exportColumns, exportQuery, listQuery, ordersSource, quoteQuery, scope } from './order-list.js'
import './orders.messages.js'
import {
  addPayment,
  changeStatus,
  createOrderDetail,
  findOrder,
  listPayments,
  orderDetail,
  quoteOrder,
  updateOrder,
} from './orders.service.js'

export { ordersSource } from './order-list.js'

const anyDesk = (action: Action) => ORDER_DESKS.map((d) => `${DESK_ENTITY[d]}_${action}`)

/** `Idempotency-Key`: printable ASCII, 1..200 characters (400 otherwise). */
function idempotencyKey(header: unknown): string | undefined {
  if (header === undefined) return undefined
  const v = Array.isArray(header) ? header[0] : header
  if (typeof v !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(v)) throw badRequest('orders.idempotency_key_invalid')
  return v
}

/**
 * Orders (issue 11): GET/POST /orders, quote, one order, its edit while
 * pending, its status and payments, and the CSV/xlsx export. Every route's
 * declared access is "any desk's permission"; the service then asks for the
 * permission of every desk an order touches.
 */
const ordersModule: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const tags = ['orders']

  app.get('/orders', { schema: { tags, querystring: listQuery }, config: { access: anyDesk('list') } }, async (req) => {
    const auth = requireAuth(req)
    const q = req.query
    const list = await listRows(app.db, ordersSource, q, scope(auth, q, 'list'), counterOf(auth, q))
    // Item names in the reader's language (the summary was written in the clerk's), as each kind words them.
    const locale = requestLocale(req)
    const wording = orderKinds().filter((k) => k.summaryIn)
    const data = (list.data as Array<Record<string, unknown> & { items_summary?: string | null; desks: string[] }>).map((r) => {
      let summary = r.items_summary
      for (const k of wording) if (summary && r.desks.includes(DESK_OF_KIND[k.kind])) summary = k.summaryIn!(summary, locale)
      return summary === r.items_summary ? r : { ...r, items_summary: summary }
    })
    return { ...list, data }
  })

  app.get(
    '/orders/choices/:source',
    { schema: { tags, params: choiceParams() }, config: { access: anyDesk('list') } },
    async (req) => {
      const auth = requireAuth(req)
      if (!auth.permissions.has(choicePermission(req.params.source))) throw forbidden()
      return { data: await bookableChoices(app.db, auth.companyId, req.params.source) }
    },
  )

  app.get('/orders/counters', { schema: { tags }, config: { access: anyDesk('list') } }, async (req) => ({
    data: await orderCounters(app.db, requireAuth(req)),
  }))

  app.get(
    '/orders/export',
    { schema: { tags, querystring: exportQuery }, config: { access: anyDesk('export') } },
    async (req, reply) => {
      const auth = requireAuth(req)
      const q = req.query
      const rows = await primed(iterateRows(app.db, ordersSource, scope(auth, q, 'export'), q.search))
      return sendExport(req, reply, app.db, { name: 'orders', format: q.format, columns: exportColumns, rows })
    },
  )

  app.post(
    '/orders/quote',
    { schema: { tags, body: orderInputSchema, querystring: quoteQuery }, config: { access: anyDesk('create') } },
    async (req) => ({
      data: await quoteOrder(app.db, requireAuth(req), req.body, requestLocale(req), req.query.order),
    }),
  )

  app.post('/orders', { schema: { tags, body: orderInputSchema }, config: { access: anyDesk('create') } }, async (req) => {
    const auth = requireAuth(req)
    const key = idempotencyKey(req.headers['idempotency-key'])
    return {
      data: await createOrderDetail(app.db, auth, req.body, {
        idempotencyKey: key,
        rawBody: req.body,
        locale: requestLocale(req),
      }),
    }
  })

  app.get(
    '/orders/:id',
    { schema: { tags, params: idParams }, config: { access: [...anyDesk('view'), ...anyDesk('update')] } },
    async (req) => ({
      data: await orderDetail(app.db, requireAuth(req), req.params.id),
    }),
  )

  /** A stale version (issue 30): 409 with the order as it now is and its last change (audit rows of any desk). */
  const orStale = async (auth: SessionUser, id: number, err: unknown): Promise<never> => {
    if (!(err instanceof StaleVersion)) throw err
    const entities = ORDER_DESKS.map((d) => DESK_ENTITY[d])
    throw staleVersion(await orderDetail(app.db, auth, id), await lastChange(app.db, auth.companyId, entities, id))
  }

  app.put(
    '/orders/:id',
    {
      schema: { tags, params: idParams, body: orderInputSchema },
      config: { access: anyDesk('update') },
      preValidation: takeVersion,
    },
    async (req) => {
      const auth = requireAuth(req)
      await updateOrder(app.db, auth, req.params.id, req.body, requestLocale(req), expectedVersion(req)).catch((err) =>
        orStale(auth, req.params.id, err),
      )
      return { data: await orderDetail(app.db, auth, req.params.id) }
    },
  )

  app.post(
    '/orders/:id/status',
    {
      schema: { tags, params: idParams, body: orderStatusInputSchema },
      config: { access: [...anyDesk('update'), ...anyDesk('approval')] },
      preValidation: takeVersion,
    },
    async (req) => {
      const auth = requireAuth(req)
      await changeStatus(app.db, auth, req.params.id, req.body.status, expectedVersion(req), {
        reason: req.body.reason,
        fee: req.body.fee,
      }).catch((err) => orStale(auth, req.params.id, err))
      return { data: await orderDetail(app.db, auth, req.params.id) }
    },
  )

  app.get(
    '/orders/:id/payments',
    { schema: { tags, params: idParams }, config: { access: [...anyDesk('view'), ...anyDesk('update')] } },
    async (req) => {
      const auth = requireAuth(req)
      const order = await findOrder(app.db, auth, req.params.id)
      const data = await listPayments(app.db, order.id)
      return { data, paid: order.paid, total: order.total, balance: Math.round((order.total - order.paid) * 100) / 100 }
    },
  )

  app.post(
    '/orders/:id/payments',
    { schema: { tags, params: idParams, body: paymentInputSchema }, config: { access: anyDesk('update') } },
    async (req) => {
      const auth = requireAuth(req)
      await addPayment(app.db, auth, req.params.id, req.body)
      return { data: await orderDetail(app.db, auth, req.params.id) }
    },
  )
}

export default ordersModule
