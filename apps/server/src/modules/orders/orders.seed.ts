import { ALL_PERMISSIONS } from '@app/shared'
import type { Db } from '../../db/client.js'
import type { SessionUser } from '../../lib/sessions.js'
import { orderKinds } from './kinds.js'
import { addPayment, changeStatus, createOrder, todayUtc } from './orders.service.js'

/**
 * Demo orders of the demo company, booked through the order service itself
 * (stock taken, prices computed): the orders each kind declares for the demo
 * (`demoOrders`, in the kinds' declaration order), one customer after another,
 * pending, or confirmed with a deposit, or paid in full, as the kind says.
 */
export async function seedDemoOrders(t: Db, companyId: number, ownerId: number): Promise<void> {
  const auth: SessionUser = {
    sessionId: 0,
    userId: ownerId,
    companyId,
    roleId: 0,
    roleName: 'owner',
    status: 'active',
    isPlatform: false,
    permissions: new Set(ALL_PERMISSIONS),
    lastUsedAt: new Date(),
  }
  const customers = [
    {
      name: 'Ahmad Fauzi',
      email: 'ahmad.fauzi@example.com',
      phone: '+62 812 3456 7890',
      nationality: 'Indonesia',
      passport_number: 'C4821937',
    },
    {
      name: 'Nur Aisyah',
      email: 'nur.aisyah@example.com',
      phone: '+62 813 2211 4455',
      nationality: 'Indonesia',
      passport_number: 'C5930281',
    },
    {
      name: 'Budi Santoso',
      email: 'budi.santoso@example.com',
      phone: '+62 857 1100 2299',
      nationality: 'Indonesia',
      passport_number: 'C6120457',
    },
  ]
  let next = 0
  for (const kind of orderKinds())
    for (const order of (await kind.demoOrders?.(t, companyId, todayUtc())) ?? []) {
      const customer = customers[next++ % customers.length]!
      const id = await createOrder(t, auth, { customer, notes: order.notes ?? null, items: order.items })
      if (!order.payment) continue
      await changeStatus(t, auth, id, 'confirmed')
      await addPayment(t, auth, id, { amount: 500, method: 'transfer', reference: `DP-${id}` })
      if (order.payment !== 'full') continue
      const [{ total, paid }] = (
        (await t.execute(`SELECT total::float8 AS total, paid::float8 AS paid FROM orders WHERE id = ${id}`)) as unknown as {
          rows: Array<{ total: number; paid: number }>
        }
      ).rows as [{ total: number; paid: number }]
      await addPayment(t, auth, id, { amount: Math.round((total - paid) * 100) / 100, method: 'card', reference: `LUNAS-${id}` })
    }
}
