import { randomBytes } from 'node:crypto'
import type { PilgrimDocumentStatus } from '@app/shared'
import type { Db } from '../../db/client.js'
import { pilgrimDocuments, pilgrims, uploads } from '../../db/schema/index.js'
import { storageKey, type Storage } from '../../lib/storage/index.js'

/**
 * A one-page PDF that says whose document it is: what the demo's received and
 * verified documents open (the bytes are a real PDF, so a viewer shows it).
 */
export function demoPdf(title: string, line: string): Buffer {
  const text = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')
  const stream = `BT /F1 20 Tf 60 760 Td (${text(title)}) Tj 0 -32 Td /F1 12 Tf (${text(line)}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** Demo pilgrims whose received and verified documents get a file (the rest show the list without files). */
const WITH_FILES = 12

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
export async function seedDemoPilgrims(t: Db, companyId: number, ownerId: number, storage?: Storage): Promise<void> {
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
  const names = [...FAMILIES.map((f) => f[0]), ...FAMILIES.flatMap((f) => [f[1], f[2]])]
  const files: Array<typeof uploads.$inferInsert> = []
  // With a storage (the server's start, the seed command), received and verified documents of the first
  // pilgrims hold a small generated PDF, stored as a private upload like any document.
  const fileFor = async (i: number, type: string, status: PilgrimDocumentStatus) => {
    if (!storage || i >= WITH_FILES || (status !== 'received' && status !== 'verified')) return null
    const body = demoPdf(`${type.replace('_', ' ').toUpperCase()} - ${names[i]}`, 'Demo document (Amanah Tour & Travel)')
    const file_name = `${randomBytes(16).toString('hex')}.pdf`
    await storage.put(storageKey(companyId, file_name), body, 'application/pdf')
    files.push({
      company_id: companyId,
      file_name,
      mime_type: 'application/pdf',
      size: body.length,
      width: 0,
      height: 0,
      original_name: `${type}.pdf`,
      private: true,
    })
    return file_name
  }
  const entries = ids.flatMap((id, i) =>
    (['passport', 'ktp', 'family_card'] as const).map((type, position) => ({ id, i, type, position })),
  )
  const documents = []
  for (const { id, i, type, position } of entries) {
    const status = STATUSES[(i + position) % STATUSES.length]!
    const file = await fileFor(i, type, status)
    documents.push({
      pilgrim_id: id,
      file,
      position,
      type,
      status,
      note: status === 'rejected' ? 'Scan tidak terbaca' : null,
      verified_by: status === 'verified' ? ownerId : null,
      verified_at: status === 'verified' ? new Date() : null,
    })
  }
  if (files.length) await t.insert(uploads).values(files)
  await t.insert(pilgrimDocuments).values(documents)
}
