import type { PilgrimDocumentStatus } from '@app/shared'
import type { Db } from '../../db/client.js'
import { pilgrimDocuments, pilgrims } from '../../db/schema/index.js'

const FAMILIES: Array<[father: string, mother: string, child: string, childGender: 'male' | 'female', city: string]> = [
  ['Ahmad Fauzi', 'Siti Aminah', 'Nur Aisyah', 'female', 'Bandung'],
  ['Budi Santoso', 'Dewi Lestari', 'Rizky Pratama', 'male', 'Jakarta'],
  ['Hasan Basri', 'Fatimah Zahra', 'Zainab Hasan', 'female', 'Surabaya'],
  ['Muhammad Iqbal', 'Rina Marlina', 'Hafiz Iqbal', 'male', 'Medan'],
  ['Abdul Rahman', 'Nurul Huda', 'Aulia Rahman', 'female', 'Makassar'],
  ['Yusuf Hidayat', 'Sri Wahyuni', 'Salsabila Putri', 'female', 'Yogyakarta'],
  ['Agus Salim', 'Ratna Sari', 'Fajar Salim', 'male', 'Semarang'],
  ['Irfan Hakim', 'Lina Marlina', 'Khadijah Irfan', 'female', 'Padang'],
  ['Ridwan Kamil', 'Atalia Putri', 'Emmeril Kahn', 'male', 'Bogor'],
  ['Samsul Arifin', 'Umi Kalsum', 'Maryam Arifin', 'female', 'Palembang'],
]
const STATUSES: PilgrimDocumentStatus[] = ['verified', 'received', 'missing', 'rejected']

/** `YYYY-MM-DD`, `months` from today (negative: before). */
function monthsAway(months: number): string {
  const d = new Date()
  d.setUTCMonth(d.getUTCMonth() + months)
  return d.toISOString().slice(0, 10)
}

/**
 * The demo agency's register (issue 28): 30 pilgrims in ten families (the
 * wife's and the child's mahram is the father), documents in every state, and
 * a few passports with less than the company's six months left.
 */
export async function seedDemoPilgrims(t: Db, companyId: number, ownerId: number): Promise<void> {
  const person = (f: number, role: number, name: string, gender: 'male' | 'female', city: string) => {
    const n = f * 3 + role
    const year = role === 2 ? 2005 + f : 1965 + f * 2 + role
    return {
      company_id: companyId,
      full_name: name,
      gender,
      birth_date: `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
      birth_place: city,
      nationality: 'ID',
      nik: `3273${String(100_000_000_000 + n * 7_919).slice(-12)}`,
      passport_number: `C${String(4_800_000 + n * 131)}`,
      passport_issued: monthsAway(-40 + f),
      // Every fourth pilgrim's passport runs out within the six months the agency asks.
      passport_expiry: n % 4 === 1 ? monthsAway(2 + (n % 3)) : monthsAway(20 + n),
      passport_office: `Kanim ${city}`,
      phone: `+62812${String(30_000_000 + n * 1_237).padStart(8, '0')}`,
      city,
      address: `Jl. Masjid Raya No. ${n + 1}, ${city}`,
    }
  }
  const heads = await t
    .insert(pilgrims)
    .values(FAMILIES.map(([father, , , , city], f) => person(f, 0, father, 'male', city)))
    .returning({ id: pilgrims.id })
  const members = FAMILIES.flatMap(([, mother, child, childGender, city], f) => [
    { ...person(f, 1, mother, 'female', city), mahram_id: heads[f]!.id, mahram_relation: 'husband' as const },
    {
      ...person(f, 2, child, childGender, city),
      mahram_id: heads[f]!.id,
      mahram_relation: 'father' as const,
    },
  ])
  const rest = await t.insert(pilgrims).values(members).returning({ id: pilgrims.id })
  const ids = [...heads.map((h) => h.id), ...rest.map((r) => r.id)]
  const documents = ids.flatMap((id, i) =>
    (['passport', 'ktp', 'family_card'] as const).map((type, position) => {
      const status = STATUSES[(i + position) % STATUSES.length]!
      return {
        pilgrim_id: id,
        position,
        type,
        status,
        note: status === 'rejected' ? 'Scan tidak terbaca' : null,
        verified_by: status === 'verified' ? ownerId : null,
        verified_at: status === 'verified' ? new Date() : null,
      }
    }),
  )
  await t.insert(pilgrimDocuments).values(documents)
}
