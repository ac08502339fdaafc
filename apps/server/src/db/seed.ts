import type { Db } from '../db/client.js'
import { attributes, categories, facilities, groupAttributes, services, types, areas } from './schema/index.js'
import { createCompanyWithOwner, isEmpty, syncPermissions } from '../services/companies.js'
import { slugify } from '@app/shared'

export const DEMO_LOGIN = { email: 'owner@demo.travel', password: 'demo-owner-2026' }
export const MASTER_LOGIN = { email: 'master@platform.local', password: 'master-platform-2026' }

const sample = {
  categories: ['Umrah Package', 'Hajj Package', 'Family Stay', 'Business Trip', 'Budget'],
  facilities: ['Free Wi-Fi', 'Breakfast', 'Airport Shuttle', 'Prayer Room', 'Laundry', 'Wheelchair Access'],
  services: ['Visa Handling', 'Ziyarah Tour', 'Mutawwif Guide', 'Luggage Handling'],
  types: ['Hotel', 'Apartment', 'Guest House'],
  areas: ['Makkah Central', 'Madinah Markaziyah', 'Jeddah Corniche', 'Misfalah', 'Aziziyah'],
}

/** Attribute groups and their values (slugs are unique per company, so names differ across groups). */
const sampleAttributes = [
  {
    name: 'Room Facilities',
    type: 'room',
    option_type: 'checkbox',
    values: ['Air Conditioning', 'Mini Fridge', 'Electric Kettle', 'Safe Box', 'Prayer Mat'],
  },
  { name: 'Room View', type: 'room', option_type: 'radio', values: ['Haram View', 'Kaaba View', 'City View'] },
  {
    name: 'Bus Amenities',
    type: 'transportation',
    option_type: 'checkbox',
    values: ['Reclining Seats', 'Onboard Wi-Fi', 'USB Charging'],
  },
  { name: 'Train Class', type: 'train', option_type: 'radio', values: ['Economy Class', 'Business Class'] },
] as const

/**
 * Runs on every start: the permission catalogue is kept complete; on an empty
 * database (and SEED_DEMO) the platform operator and a demo company are created.
 * Returns the demo sign-in when it was just created.
 */
export async function seed(db: Db, opts: { demo: boolean }): Promise<{ created: boolean }> {
  await syncPermissions(db)
  if (!opts.demo || !(await isEmpty(db))) return { created: false }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await createCompanyWithOwner(t, {
      company: 'Platform',
      isPlatform: true,
      trialEndsAt: null,
      owner: { name: 'Platform Master', email: MASTER_LOGIN.email, password: MASTER_LOGIN.password, status: 'active' },
    })
    const { company } = await createCompanyWithOwner(t, {
      company: 'Demo Travel Umrah',
      owner: {
        name: 'Demo Owner',
        email: DEMO_LOGIN.email,
        username: 'demoowner',
        password: DEMO_LOGIN.password,
        status: 'active',
      },
    })
    const tables = { categories, facilities, services, types, areas }
    for (const [key, table] of Object.entries(tables)) {
      const names = sample[key as keyof typeof sample]
      await t.insert(table).values(
        names.map((name) => ({
          company_id: company.id,
          name,
          slug: slugify(name),
          description: `${name} (sample)`,
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
          description: `${name} (sample)`,
          is_active: true,
        })),
      )
    }
  })
  return { created: true }
}
