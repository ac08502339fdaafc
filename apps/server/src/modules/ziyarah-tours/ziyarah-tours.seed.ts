import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { locations, ziyarahTours } from '../../db/schema/index.js'
// The demo orders of tours (the orders seed books what each kind declares) need the kind registered.
import './ziyarah-tours.order.js'

/**
 * The demo company's two ziyarah tours (issue 27), as an Indonesian agency
 * writes them, with a month of schedule from the first of this month: Fridays
 * cost more and seat a second coach, and one day is blocked. Called by
 * seeds/seed.ts in its transaction, after the locations.
 */
const tours = [
  {
    place: 'makkah',
    name: 'Ziarah Kota Makkah',
    slug: 'ziarah-kota-makkah',
    description:
      '<p>Jabal Tsur, Jabal Rahmah di Arafah, Muzdalifah, Mina dan Jabal Nur (Gua Hira), kembali ke hotel sebelum Zuhur.</p>',
    pickup_time: '07:00',
    duration_hours: 4.5,
    max_passengers: 45,
    price: 120,
    child_price: 80,
    is_featured: true,
  },
  {
    place: 'madinah',
    name: 'Ziarah Madinah',
    slug: 'ziarah-madinah',
    description: '<p>Masjid Quba, Jabal Uhud dan makam syuhada, Masjid Qiblatain dan kebun kurma.</p>',
    pickup_time: '08:00',
    duration_hours: 3.5,
    max_passengers: 40,
    price: 100,
    child_price: 70,
    is_featured: false,
  },
]

export async function seedZiyarahTours(t: Db, companyId: number): Promise<void> {
  const places = await t
    .select({ id: locations.id, slug: locations.slug })
    .from(locations)
    .where(and(eq(locations.company_id, companyId), inArray(locations.slug, ['makkah', 'madinah'])))
  const ids = await t
    .insert(ziyarahTours)
    .values(
      tours.map(({ place, ...tour }) => ({
        ...tour,
        company_id: companyId,
        location_id: places.find((p) => p.slug === place)!.id,
        status: 'publish' as const,
      })),
    )
    .returning({ id: ziyarahTours.id })
  // The month in one statement, as the calendar's range write does it.
  await t.execute(sql`
    INSERT INTO ziyarah_schedules (tour_id, date, price, child_price, max_passengers, blocked)
    SELECT z.id, d::date,
           CASE WHEN extract(isodow FROM d) = 5 THEN round(z.price * 1.25) ELSE z.price END,
           z.child_price,
           CASE WHEN extract(isodow FROM d) = 5 THEN z.max_passengers * 2 ELSE z.max_passengers END,
           extract(day FROM d) = 20
    FROM ziyarah_tours z,
         generate_series(date_trunc('month', current_date), date_trunc('month', current_date) + interval '29 days', interval '1 day') AS d
    WHERE z.id IN (${sql.join(
      ids.map((r) => sql`${r.id}`),
      sql`, `,
    )})`)
}
