import { and, eq, inArray } from 'drizzle-orm'
import { slugify, trainDurationHours, type TrainType } from '@app/shared'
import type { Db } from '../db/client.js'
// The routes' and vehicles' order adapters: the demo orders and departures book through them.
import '../modules/train-routes/train-routes.order.js'
import '../modules/transportations/transportations.order.js'
import {
  attributes,
  groupAttributes,
  locations,
  trainRouteAttributes,
  trainRoutes,
  transportationAttributes,
  transportationFaqs,
  transportationPricesExtra,
  trainSchedules,
  transportations,
  transportationSchedules,
  transportationServicePrices,
} from '../db/schema/index.js'

/**
 * The demo company's vehicles and train routes (issue 10), written as an
 * Indonesian pilgrimage agency writes them: an airport transfer by GMC from
 * Jeddah, a ziarah bus in Makkah, and the Haramain high-speed railway between
 * Makkah and Madinah. Called by seeds/seed.ts in its transaction, after the
 * locations and attribute groups.
 */

const carGroups = [
  { name: 'Jenis Mobil', option_type: 'radio', values: ['GMC Yukon', 'Toyota Hiace', 'Bus Besar'] },
  {
    name: 'Rute Transportasi',
    option_type: 'checkbox',
    values: ['Bandara Jeddah - Hotel Makkah', 'Makkah - Madinah', 'Ziarah Kota Makkah'],
  },
] as const

/** The first `n` days from the first of this month, `YYYY-MM-DD`, with their ISO weekday (1 = Monday). */
function comingDays(n: number): Array<{ date: string; weekday: number }> {
  const now = new Date()
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(first + i * 86_400_000)
    return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() || 7 }
  })
}

export async function seedTransport(t: Db, companyId: number): Promise<void> {
  const places = await t
    .select({ id: locations.id, slug: locations.slug, lat: locations.lat, long: locations.long })
    .from(locations)
    .where(and(eq(locations.company_id, companyId), inArray(locations.slug, ['makkah', 'madinah', 'jeddah'])))
  const place = (slug: string) => places.find((p) => p.slug === slug)!

  const valueIds: Record<string, number> = {}
  for (const g of carGroups) {
    const [group] = await t
      .insert(groupAttributes)
      .values({ company_id: companyId, name: g.name, type: 'transportation', option_type: g.option_type })
      .returning({ id: groupAttributes.id })
    const rows = await t
      .insert(attributes)
      .values(
        g.values.map((name) => ({
          company_id: companyId,
          group_id: group!.id,
          name,
          slug: slugify(name),
          description: `${g.name}: ${name}`,
          is_active: true,
        })),
      )
      .returning({ id: attributes.id, name: attributes.name })
    for (const r of rows) valueIds[r.name] = r.id
  }

  const vehicles = [
    {
      name: 'GMC Yukon Antar-Jemput Bandara Jeddah',
      at: 'jeddah',
      content:
        '<p>Penjemputan di <strong>Bandara King Abdulaziz</strong> Jeddah langsung ke hotel Anda di Makkah. Sopir berbahasa Indonesia dan Arab.</p>',
      vehicle_number: 'JED 4521',
      min_reservation: 1,
      max_day: 3,
      price: 850,
      sale_price: 800,
      real_address: 'Bandara Internasional King Abdulaziz, Terminal Haji, Jeddah',
      faqs: [
        { title: 'Berapa koper yang boleh dibawa?', content: 'Dua koper besar dan satu tas kabin per penumpang.' },
        { title: 'Berapa lama sopir menunggu?', content: 'Sopir menunggu hingga 90 menit setelah pesawat mendarat.' },
      ],
      extra: [{ name: 'Kursi anak', value: 25, type: 'per_day' as const, person_price: false }],
      fees: [
        {
          name: 'Biaya layanan',
          name_en: 'Service fee',
          description: 'Termasuk tol dan parkir bandara',
          description_en: 'Includes tolls and airport parking',
          value: 5,
          type: 'percent' as const,
          person_price: false,
        },
      ],
      values: ['GMC Yukon', 'Bandara Jeddah - Hotel Makkah'],
    },
    {
      name: 'Bus Ziarah Kota Makkah',
      at: 'makkah',
      content: '<p>Bus 45 kursi untuk ziarah Jabal Tsur, Jabal Rahmah, Arafah, Muzdalifah dan Mina bersama muthawwif.</p>',
      vehicle_number: 'MKH 7788',
      min_reservation: 2,
      max_day: 1,
      price: 2400,
      sale_price: null,
      real_address: 'Misfalah, Makkah',
      faqs: [{ title: 'Berapa lama ziarah?', content: 'Sekitar 4 jam, berangkat setelah salat Subuh.' }],
      extra: [],
      fees: [],
      values: ['Bus Besar', 'Ziarah Kota Makkah'],
    },
  ]
  for (const v of vehicles) {
    const at = place(v.at)
    const [row] = await t
      .insert(transportations)
      .values({
        company_id: companyId,
        location_id: at.id,
        name: v.name,
        slug: slugify(v.name),
        content: v.content,
        status: 'publish',
        is_featured: true,
        vehicle_number: v.vehicle_number,
        min_reservation: v.min_reservation,
        max_day: v.max_day,
        price: v.price,
        sale_price: v.sale_price,
        extra_price: v.extra.length > 0,
        service_fee: v.fees.length > 0,
        real_address: v.real_address,
        lat: at.lat,
        long: at.long,
        zoom: 13,
        meta_title: v.name,
        meta_description: v.name,
      })
      .returning({ id: transportations.id })
    const id = row!.id
    await t.insert(transportationFaqs).values(v.faqs.map((f, position) => ({ ...f, transportation_id: id, position })))
    if (v.extra.length)
      await t.insert(transportationPricesExtra).values(v.extra.map((e, position) => ({ ...e, transportation_id: id, position })))
    if (v.fees.length)
      await t.insert(transportationServicePrices).values(v.fees.map((f, position) => ({ ...f, transportation_id: id, position })))
    await t
      .insert(transportationAttributes)
      .values(v.values.map((name) => ({ transportation_id: id, attribute_id: valueIds[name]! })))
    // Weekends (Thursday to Saturday in the Gulf) cost more for the next two months; one Friday is blocked.
    const weekend = comingDays(60).filter((d) => d.weekday >= 4 && d.weekday <= 6)
    await t.insert(transportationSchedules).values(
      weekend.map((d, i) => ({
        transportation_id: id,
        date: d.date,
        price: Math.round(v.price * 1.2),
        sale_price: Math.round((v.sale_price ?? v.price) * 1.15),
        blocked: i === 4,
      })),
    )
  }

  const classes = await t
    .select({ id: attributes.id, name: attributes.name })
    .from(attributes)
    .where(and(eq(attributes.company_id, companyId), inArray(attributes.name, ['Kelas Ekonomi', 'Kelas Bisnis'])))
  const classOf = { economy: 'Kelas Ekonomi', business: 'Kelas Bisnis' }
  const routes = [
    {
      name: 'Haramain Makkah - Madinah',
      code: 'HHR-MKK-MED',
      from: 'makkah',
      to: 'madinah',
      departure_time: '08:00',
      arrival_time: '10:25',
      price_adult: 250,
      price_children: 125,
      train_type: 'economy' as const,
    },
    {
      name: 'Haramain Madinah - Makkah',
      code: 'HHR-MED-MKK',
      from: 'madinah',
      to: 'makkah',
      departure_time: '22:30',
      arrival_time: '00:55',
      price_adult: 400,
      price_children: 200,
      train_type: 'business' as const,
    },
  ]
  for (const r of routes) {
    const [row] = await t
      .insert(trainRoutes)
      .values({
        company_id: companyId,
        name: r.name,
        code: r.code,
        from_id: place(r.from).id,
        to_id: place(r.to).id,
        departure_time: r.departure_time,
        arrival_time: r.arrival_time,
        duration: trainDurationHours(r.departure_time, r.arrival_time)!,
        price_adult: r.price_adult,
        price_children: r.price_children,
        max_passengers: 417,
        bagage_checkin: 23,
        bagage_cabin: 7,
        train_type: r.train_type,
        is_active: true,
      })
      .returning({ id: trainRoutes.id })
    // The next month of both classes: the route's own type at its prices, the other a class above or below.
    const other: TrainType = r.train_type === 'economy' ? 'business' : 'economy'
    const factor = r.train_type === 'economy' ? 1.6 : 0.6
    await t.insert(trainSchedules).values(
      comingDays(30).flatMap((d) => [
        {
          route_id: row!.id,
          train_type: r.train_type,
          date: d.date,
          price_adult: r.price_adult,
          price_children: r.price_children,
          max_passengers: 417,
          blocked: false,
        },
        {
          route_id: row!.id,
          train_type: other,
          date: d.date,
          price_adult: Math.round(r.price_adult * factor),
          price_children: Math.round(r.price_children * factor),
          max_passengers: other === 'business' ? 80 : 337,
          blocked: false,
        },
      ]),
    )
    const trainClass = classes.find((c) => c.name === classOf[r.train_type])
    if (trainClass) await t.insert(trainRouteAttributes).values({ route_id: row!.id, attribute_id: trainClass.id })
  }
}
