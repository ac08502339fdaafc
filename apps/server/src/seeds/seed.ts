import type { Db } from '../db/client.js'
import {
  attributes,
  categories,
  facilities,
  groupAttributes,
  locationGeneralInfo,
  locations,
  locationTripIdeas,
  services,
  types,
  areas,
} from '../db/schema/index.js'
import { createCompanyWithOwner, isEmpty, syncPermissions } from '../services/companies.js'
import { slugify } from '@app/shared'
import { seedDemoHotels } from './seed-hotels.js'
import { seedTransport } from './seed-transport.js'
import { seedDemoOrders } from '../modules/orders/orders.seed.js'
import { seedDemoPilgrims } from '../modules/pilgrims/pilgrims.seed.js'
import type { Storage } from '../lib/storage/index.js'
import { seedZiyarahTours } from '../modules/ziyarah-tours/ziyarah-tours.seed.js'
import { seedDemoDeparture } from '../modules/departures/departures.seed.js'

export const DEMO_LOGIN = { email: 'owner@demo.travel', password: 'demo-owner-2026' }

/**
 * The demo company is an Indonesian Umrah and Hajj agency, so its own data is
 * written as such an agency writes it: in Indonesian, with a real description
 * (DESIGN §9 "realistic sample data"); the interface around it is translated.
 */
const sample: Record<'categories' | 'facilities' | 'services' | 'types' | 'areas', Array<[string, string]>> = {
  categories: [
    ['Paket Umrah Reguler', 'Umrah 9 hari dengan hotel bintang 4 dan penerbangan langsung'],
    ['Paket Umrah Plus Turki', 'Umrah 12 hari ditambah wisata sejarah di Istanbul dan Bursa'],
    ['Haji Khusus', 'Haji dengan kuota khusus, pendampingan penuh selama di Tanah Suci'],
    ['Umrah Keluarga', 'Kamar keluarga dan jadwal yang ramah untuk anak dan lansia'],
    ['Perjalanan Dinas', 'Hotel dan transportasi untuk tamu korporat dan instansi'],
  ],
  facilities: [
    ['Wi-Fi Gratis', 'Internet di kamar dan lobi tanpa biaya tambahan'],
    ['Sarapan', 'Sarapan prasmanan menu Indonesia dan internasional'],
    ['Antar-Jemput Bandara', 'Penjemputan di bandara Jeddah dan Madinah'],
    ['Musala', 'Ruang salat di dalam hotel'],
    ['Binatu', 'Layanan cuci dan setrika pakaian harian'],
    ['Akses Kursi Roda', 'Pintu masuk, lift dan kamar yang dapat dilalui kursi roda'],
  ],
  services: [
    ['Pengurusan Visa', 'Pengurusan visa umrah dan haji sampai terbit'],
    ['Ziarah', 'Kunjungan ke tempat bersejarah di Makkah dan Madinah'],
    ['Muthawwif', 'Pembimbing ibadah berbahasa Indonesia selama perjalanan'],
    ['Penanganan Bagasi', 'Bagasi diantar dari bandara sampai kamar hotel'],
  ],
  types: [
    ['Hotel', 'Hotel berbintang dengan layanan lengkap'],
    ['Apartemen', 'Unit dengan dapur untuk menginap lebih lama'],
    ['Wisma', 'Penginapan sederhana dengan harga hemat'],
  ],
  areas: [
    ['Makkah Pusat', 'Kawasan sekitar Masjidil Haram'],
    ['Madinah Markaziyah', 'Kawasan pusat di sekitar Masjid Nabawi'],
    ['Jeddah Corniche', 'Kawasan pesisir Laut Merah di Jeddah'],
    ['Misfalah', 'Kawasan selatan Masjidil Haram, dapat ditempuh berjalan kaki'],
    ['Aziziyah', 'Kawasan di antara Makkah dan Mina'],
  ],
}

/** Attribute groups and their values (slugs are unique per company, so names differ across groups). */
const sampleAttributes = [
  {
    name: 'Fasilitas Kamar',
    type: 'room',
    option_type: 'checkbox',
    values: ['Pendingin Ruangan', 'Kulkas Mini', 'Ketel Listrik', 'Brankas', 'Sajadah'],
  },
  {
    name: 'Pemandangan Kamar',
    type: 'room',
    option_type: 'radio',
    values: ['Pemandangan Haram', 'Pemandangan Kakbah', 'Pemandangan Kota'],
  },
  {
    name: 'Fasilitas Bus',
    type: 'transportation',
    option_type: 'checkbox',
    values: ['Kursi Rebah', 'Wi-Fi di Bus', 'Pengisi Daya USB'],
  },
  { name: 'Kelas Kereta', type: 'train', option_type: 'radio', values: ['Kelas Ekonomi', 'Kelas Bisnis'] },
] as const

/**
 * Demo locations with real coordinates (checklist I-22), in the demo company's language: Arab Saudi and the
 * cities a pilgrimage agency books, under it. No images: the start needs no network.
 */
const sampleLocations = {
  country: { name: 'Arab Saudi', lat: 23.8859, long: 45.0792, zoom: 5, description: '<p>Kerajaan Arab Saudi.</p>' },
  cities: [
    {
      name: 'Makkah',
      lat: 21.4225,
      long: 39.8262,
      zoom: 13,
      description: '<p>Kota suci Makkah al-Mukarramah, tempat <strong>Masjidil Haram</strong>.</p>',
      general_info: [
        {
          title: 'Waktu terbaik berkunjung',
          description: 'November sampai Februari',
          content: '<p>Cuaca lebih sejuk di luar musim haji.</p>',
        },
        {
          title: 'Cara ke sana',
          description: 'Melalui Jeddah (KAIA)',
          content: '<p>Sekitar 80 km dari Bandara Internasional King Abdulaziz.</p>',
        },
      ],
      trip_ideas: [{ title: 'Jabal al-Nour', description: 'Mendaki ke Gua Hira saat subuh.', link: null }],
    },
    {
      name: 'Madinah',
      lat: 24.4672,
      long: 39.6111,
      zoom: 13,
      description: '<p>Al-Madinah al-Munawwarah, kota <strong>Masjid Nabawi</strong>.</p>',
      general_info: [
        { title: 'Ziyarah', description: 'Tempat bersejarah', content: '<p>Masjid Quba, Jabal Uhud dan Masjid Qiblatain.</p>' },
      ],
      trip_ideas: [{ title: 'Masjid Quba', description: 'Masjid pertama yang dibangun dalam Islam.', link: null }],
    },
    {
      name: 'Jeddah',
      lat: 21.5433,
      long: 39.1728,
      zoom: 12,
      description: '<p>Gerbang Laut Merah menuju kota-kota suci.</p>',
      general_info: [],
      trip_ideas: [
        { title: 'Al-Balad', description: 'Kota tua bersejarah (UNESCO).', link: 'https://whc.unesco.org/en/list/1361/' },
      ],
    },
    {
      name: 'Thaif',
      lat: 21.2703,
      long: 40.4158,
      zoom: 12,
      description: '<p>Kota pegunungan penghasil mawar di atas Makkah.</p>',
      general_info: [],
      trip_ideas: [],
    },
  ],
}

/**
 * Runs on every start: the permission catalogue is kept complete; on an empty
 * database (and SEED_DEMO) a demo company is created. The platform operator is
 * never seeded: it is created only when asked (services/platform-admin.ts).
 * Returns whether the demo company was just created.
 */
/** `storage`: where the demo's document files go (without one the demo documents have no files). */
export async function seed(db: Db, opts: { demo: boolean; storage?: Storage }): Promise<{ created: boolean }> {
  await syncPermissions(db)
  if (!opts.demo || !(await isEmpty(db))) return { created: false }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const { company, owner } = await createCompanyWithOwner(t, {
      company: 'Amanah Tour & Travel',
      owner: {
        name: 'Siti Rahmawati',
        email: DEMO_LOGIN.email,
        username: 'demoowner',
        password: DEMO_LOGIN.password,
        status: 'active',
      },
    })
    const tables = { categories, facilities, services, types, areas }
    for (const [key, table] of Object.entries(tables)) {
      const rows = sample[key as keyof typeof sample]
      await t.insert(table).values(
        rows.map(([name, description]) => ({
          company_id: company.id,
          name,
          slug: slugify(name),
          description,
          is_active: true,
        })),
      )
    }
    for (const g of sampleAttributes) {
      const [group] = await t
        .insert(groupAttributes)
        .values({ company_id: company.id, name: g.name, type: g.type, option_type: g.option_type })
        .returning({ id: groupAttributes.id })
      await t.insert(attributes).values(
        g.values.map((name) => ({
          company_id: company.id,
          group_id: group!.id,
          name,
          slug: slugify(name),
          description: `${g.name}: ${name}`,
          is_active: true,
        })),
      )
    }
    const place = (p: { name: string; lat: number; long: number; zoom: number; description: string }, parentId: number | null) =>
      t
        .insert(locations)
        .values({ company_id: company.id, parent_id: parentId, status: 'publish', slug: slugify(p.name), ...p })
        .returning({ id: locations.id })
    const [country] = await place(sampleLocations.country, null)
    const cityIds: Record<string, number> = {}
    for (const { general_info, trip_ideas, ...city } of sampleLocations.cities) {
      const [row] = await place(city, country!.id)
      cityIds[city.name] = row!.id
      if (general_info.length)
        await t.insert(locationGeneralInfo).values(general_info.map((g, position) => ({ ...g, location_id: row!.id, position })))
      if (trip_ideas.length)
        await t.insert(locationTripIdeas).values(trip_ideas.map((g, position) => ({ ...g, location_id: row!.id, position })))
    }
    await seedDemoHotels(t, company.id, cityIds)
    await seedTransport(t, company.id)
    await seedZiyarahTours(t, company.id)
    await seedDemoPilgrims(t, company.id, owner.id, opts.storage)
    await seedDemoDeparture(t, company.id)
    // Orders last: each kind's demo orders book what is seeded above (the departure's seats its pilgrims).
    await seedDemoOrders(t, company.id, owner.id)
  })
  return { created: true }
}
