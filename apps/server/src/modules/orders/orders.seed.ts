import { asc, eq } from 'drizzle-orm'
import { ALL_PERMISSIONS } from '@app/shared'
import type { Db } from '../../db/client.js'
import { rooms } from '../../db/schema/index.js'
import type { SessionUser } from '../../lib/sessions.js'
import './kinds/index.js'
import { orderKinds } from './kinds.js'
import { addPayment, changeStatus, createOrder, todayUtc } from './orders.service.js'

/** `YYYY-MM-DD` of day `d` of next month. */
function nextMonthDay(d: number): string {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, d)).toISOString().slice(0, 10)
}

/**
 * Demo orders of the demo company, booked through the order service itself
 * (stock taken, prices computed): a pending stay, a confirmed one with a
 * deposit, and one paid in full.
 */
export async function seedDemoOrders(t: Db, companyId: number, ownerId: number): Promise<void> {
  const demoRooms = await t
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.company_id, companyId))
    .orderBy(asc(rooms.id))
    .limit(3)
  if (!demoRooms.length) return
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
  for (const [i, customer] of customers.entries()) {
    const room = demoRooms[i % demoRooms.length]!
    const id = await createOrder(t, auth, {
      customer,
      notes: i === 0 ? 'Kamar berdekatan untuk satu keluarga' : null,
      items: [
        {
          kind: 'room',
          room_id: room.id,
          check_in: nextMonthDay(5 + i * 3),
          check_out: nextMonthDay(8 + i * 3),
          quantity: 2,
          adults: 4,
          children: 0,
          extras: [],
        },
      ],
    })
    if (i === 0) continue
    await changeStatus(t, auth, id, 'confirmed')
    await addPayment(t, auth, id, { amount: 500, method: 'transfer', reference: `DP-${id}` })
    if (i === 2) {
      const [{ total, paid }] = (
        (await t.execute(`SELECT total::float8 AS total, paid::float8 AS paid FROM orders WHERE id = ${id}`)) as unknown as {
          rows: Array<{ total: number; paid: number }>
        }
      ).rows as [{ total: number; paid: number }]
      await addPayment(t, auth, id, { amount: Math.round((total - paid) * 100) / 100, method: 'card', reference: `LUNAS-${id}` })
    }
  }
  // The orders each kind declares for the demo (tour seats, …), pending, one customer after another.
  let next = 0
  for (const kind of orderKinds())
    for (const items of (await kind.demoOrders?.(t, companyId, todayUtc())) ?? [])
      await createOrder(t, auth, { customer: customers[next++ % customers.length]!, notes: null, items })
}
