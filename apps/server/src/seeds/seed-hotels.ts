import { and, eq, inArray, sql } from 'drizzle-orm'
import { slugify } from '@app/shared'
import type { Db } from '../db/client.js'
// The room's order adapter: the demo orders book stays through it.
import '../modules/hotels/rooms.order.js'
import {
  attributes,
  categories,
  facilities,
  hotelEducations,
  hotelExtraPrices,
  hotelFacilities,
  hotelHealths,
  hotelPolicies,
  hotels,
  hotelServicePrices,
  hotelServices,
  hotelTransportations,
  hotelTypes,
  roomAttributes,
  rooms,
  services,
  types,
} from '../db/schema/index.js'

/**
 * Demo hotels of the demo agency (Indonesian, like the rest of its data): two
 * in Makkah and one in Madinah, each with policies, prices, fees,
 * surroundings, links and rooms, and a month of room prices from next month.
 */
type Surrounding = { name: string; description: string; distance: number; type: 'm' | 'km' }
interface SampleHotel {
  city: string
  name: string
  rating: number
  price: number
  lat: number
  long: number
  real_address: string
  content: string
  category: string
  is_featured: boolean
  policies: Array<{ title: string; description: string }>
  extra: Array<{ name: string; value: number; type: 'one_time' | 'per_day'; person_price: boolean }>
  fees: Array<{ name: string; name_en: string; value: number; type: 'fixed' | 'percent'; person_price: boolean }>
  education: Surrounding[]
  transportation: Surrounding[]
  health: Surrounding[]
  rooms: Array<{
    name: string
    code: string
    price: number
    room_stock: number
    beds: number
    room_size: number
    max_adult: number
    max_children: number
    view: string
  }>
}

const sampleHotels: SampleHotel[] = [
  {
    city: 'Makkah',
    name: 'Hotel Nur Al Haram',
    rating: 5,
    price: 1850,
    lat: 21.4197,
    long: 39.8256,
    real_address: 'Jl. Ibrahim Al Khalil, Ajyad, Makkah',
    content: '<p>Hotel bintang lima <strong>300 meter</strong> dari pelataran Masjidil Haram, dengan kamar menghadap Kakbah.</p>',
    category: 'Paket Umrah Reguler',
    is_featured: true,
    policies: [
      { title: 'Check-in', description: 'Check-in mulai pukul 16.00 dengan paspor dan visa yang berlaku.' },
      { title: 'Pembatalan', description: 'Pembatalan gratis sampai 14 hari sebelum kedatangan.' },
    ],
    extra: [{ name: 'Kasur Tambahan', value: 150, type: 'per_day', person_price: false }],
    fees: [{ name: 'Pajak Kota', name_en: 'City Tax', value: 5, type: 'percent', person_price: false }],
    education: [{ name: 'Universitas Umm Al-Qura', description: 'Kampus Al-Aziziyah', distance: 6.5, type: 'km' }],
    transportation: [{ name: 'Halte Bus Ajyad', description: 'Bus Makkah rute 7', distance: 250, type: 'm' }],
    health: [{ name: 'Rumah Sakit Ajyad', description: 'IGD 24 jam', distance: 400, type: 'm' }],
    rooms: [
      {
        name: 'Kamar Quad Pemandangan Haram',
        code: 'QHV',
        price: 2100,
        room_stock: 20,
        beds: 4,
        room_size: 38,
        max_adult: 4,
        max_children: 2,
        view: 'Pemandangan Haram',
      },
      {
        name: 'Kamar Double Deluxe',
        code: 'DDX',
        price: 1850,
        room_stock: 30,
        beds: 2,
        room_size: 28,
        max_adult: 2,
        max_children: 1,
        view: 'Pemandangan Kota',
      },
    ],
  },
  {
    city: 'Makkah',
    name: 'Hotel Misfalah Hemat',
    rating: 3,
    price: 650,
    lat: 21.4125,
    long: 39.8271,
    real_address: 'Jl. Misfalah, Makkah',
    content: '<p>Penginapan hemat di kawasan Misfalah, <em>10 menit</em> berjalan kaki ke Masjidil Haram.</p>',
    category: 'Umrah Keluarga',
    is_featured: false,
    policies: [{ title: 'Anak', description: 'Anak di bawah 6 tahun menginap gratis tanpa kasur tambahan.' }],
    extra: [],
    fees: [],
    education: [],
    transportation: [{ name: 'Terminal Kudai', description: 'Bus antar kota', distance: 1.2, type: 'km' }],
    health: [{ name: 'Klinik Misfalah', description: 'Praktik dokter umum', distance: 300, type: 'm' }],
    rooms: [
      {
        name: 'Kamar Quad Standar',
        code: 'QST',
        price: 650,
        room_stock: 40,
        beds: 4,
        room_size: 24,
        max_adult: 4,
        max_children: 1,
        view: 'Pemandangan Kota',
      },
    ],
  },
  {
    city: 'Madinah',
    name: 'Hotel Dar Al Hijrah Madinah',
    rating: 4,
    price: 1200,
    lat: 24.4686,
    long: 39.6122,
    real_address: 'Jl. King Faisal, Markaziyah Utara, Madinah',
    content: '<p>Hotel bintang empat di Markaziyah Utara, dekat gerbang 21 Masjid Nabawi.</p>',
    category: 'Paket Umrah Reguler',
    is_featured: true,
    policies: [
      { title: 'Check-out', description: 'Check-out paling lambat pukul 12.00; penitipan bagasi tersedia.' },
      { title: 'Merokok', description: 'Seluruh area hotel bebas asap rokok.' },
    ],
    extra: [{ name: 'Sarapan Tambahan', value: 45, type: 'per_day', person_price: true }],
    fees: [{ name: 'Biaya Layanan', name_en: 'Service Fee', value: 50, type: 'fixed', person_price: false }],
    education: [{ name: 'Universitas Islam Madinah', description: 'Kampus utama', distance: 9, type: 'km' }],
    transportation: [{ name: 'Stasiun Haramain Madinah', description: 'Kereta cepat ke Makkah', distance: 11, type: 'km' }],
    health: [{ name: 'Rumah Sakit King Fahd', description: 'Rumah sakit umum', distance: 3.5, type: 'km' }],
    rooms: [
      {
        name: 'Kamar Triple',
        code: 'TRP',
        price: 1350,
        room_stock: 25,
        beds: 3,
        room_size: 30,
        max_adult: 3,
        max_children: 1,
        view: 'Pemandangan Kota',
      },
      {
        name: 'Kamar Double',
        code: 'DBL',
        price: 1200,
        room_stock: 25,
        beds: 2,
        room_size: 26,
        max_adult: 2,
        max_children: 1,
        view: 'Pemandangan Kota',
      },
    ],
  },
]

/** First day of next month, `YYYY-MM-DD`. */
function nextMonth(): { start: string; end: string } {
  const now = new Date()
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0))
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) }
}

export async function seedDemoHotels(t: Db, companyId: number, locationIds: Record<string, number>) {
  const ids = async (table: typeof services | typeof facilities | typeof types | typeof categories, names?: string[]) =>
    (
      await t
        .select({ id: table.id, name: table.name })
        .from(table)
        .where(and(eq(table.company_id, companyId), names ? inArray(table.name, names) : undefined))
    ).map((r) => ({ id: r.id, name: r.name }))
  const allServices = await ids(services)
  const allFacilities = await ids(facilities)
  const hotelType = (await ids(types, ['Hotel']))[0]!
  const cats = await ids(categories)
  const roomValues = await t
    .select({ id: attributes.id, name: attributes.name })
    .from(attributes)
    .where(eq(attributes.company_id, companyId))
  const attr = (name: string) => roomValues.find((a) => a.name === name)?.id
  const { start, end } = nextMonth()

  for (const h of sampleHotels) {
    const [hotel] = await t
      .insert(hotels)
      .values({
        company_id: companyId,
        location_id: locationIds[h.city]!,
        category_id: cats.find((c) => c.name === h.category)?.id ?? null,
        name: h.name,
        slug: slugify(h.name),
        content: h.content,
        rating: h.rating,
        check_in: '16:00',
        check_out: '12:00',
        min_reservation: 1,
        max_stay: 2,
        price: h.price,
        is_featured: h.is_featured,
        status: 'publish',
        extra_price: h.extra.length > 0,
        service_fee: h.fees.length > 0,
        real_address: h.real_address,
        lat: h.lat,
        long: h.long,
        zoom: 16,
        meta_title: h.name,
        meta_description: h.name,
      })
      .returning({ id: hotels.id })
    const hotel_id = hotel!.id
    const at = <T>(list: readonly T[]) => list.map((e, position) => ({ ...e, hotel_id, position }))
    if (h.policies.length) await t.insert(hotelPolicies).values(at(h.policies))
    if (h.extra.length) await t.insert(hotelExtraPrices).values(at(h.extra))
    if (h.fees.length) await t.insert(hotelServicePrices).values(at(h.fees))
    if (h.education.length) await t.insert(hotelEducations).values(at(h.education))
    if (h.transportation.length) await t.insert(hotelTransportations).values(at(h.transportation))
    if (h.health.length) await t.insert(hotelHealths).values(at(h.health))
    await t.insert(hotelServices).values(allServices.slice(0, 3).map((s) => ({ hotel_id, ref_id: s.id })))
    await t.insert(hotelFacilities).values(allFacilities.slice(0, 4).map((f) => ({ hotel_id, ref_id: f.id })))
    await t.insert(hotelTypes).values({ hotel_id, ref_id: hotelType.id })
    for (const r of h.rooms) {
      const { view, ...values } = r
      const [room] = await t
        .insert(rooms)
        .values({ ...values, company_id: companyId, hotel_id, min_stay: 1, is_active: true })
        .returning({ id: rooms.id })
      const picked = [attr('Pendingin Ruangan'), attr('Kulkas Mini'), attr(view)].filter((x): x is number => x !== undefined)
      if (picked.length)
        await t.insert(roomAttributes).values(picked.map((attribute_id) => ({ room_id: room!.id, attribute_id })))
      // Weekends of next month a little dearer, the rest at the room's price.
      await t.execute(sql`
        INSERT INTO room_availability (room_id, date, price, capacity, blocked)
        SELECT ${room!.id}::integer, d::date, CASE WHEN extract(isodow FROM d) IN (5, 6) THEN ${r.price * 1.2}::numeric ELSE ${r.price}::numeric END, ${r.room_stock}::integer, false
        FROM generate_series(${start}::date, ${end}::date, interval '1 day') AS d`)
    }
  }
}
