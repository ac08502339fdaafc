import { PILGRIM_SORTABLE } from '@app/shared'
import { crudSuite, pad, type CrudCase, type Row } from './helpers/crud-suite.js'

/**
 * Pilgrims (issue 28) in the shared table-driven suite (test/helpers/crud-suite.ts).
 * Their own rules (the 409 naming the holder, mahram, documents, filters, the
 * rules shown, the xlsx export) are in modules/pilgrims/pilgrims.test.ts.
 */

const dmy = (v: unknown) => (typeof v === 'string' ? `${v.slice(8)}-${v.slice(5, 7)}-${v.slice(0, 4)}` : '')

export const pilgrimBody = (i: number, label: string) => ({
  full_name: `${label} ${pad(i)}`,
  gender: i % 2 ? 'male' : 'female',
  birth_date: `19${pad(50 + (i % 40))}-0${(i % 9) + 1}-1${i % 10}`,
  birth_place: 'Bandung',
  nationality: 'ID',
  nik: `32010101019${String(10000 + i)}`,
  passport_number: `C${String(1000000 + i)}`,
  passport_issued: '2024-01-15',
  passport_expiry: `2029-${pad((i % 12) + 1)}-15`,
  passport_office: 'Kanim Bandung',
  phone: `+6281200000${pad(i)}`,
  email: `pilgrim${pad(i)}@example.test`,
  city: `City ${pad(i)}`,
  mahram_id: null,
  mahram_relation: null,
  notes: null,
})

const pilgrims: CrudCase = {
  name: 'pilgrims',
  entity: 'pilgrim',
  sortable: PILGRIM_SORTABLE,
  nameField: 'full_name',
  // A pilgrim of each company to name as a mahram.
  setup: async (who, ctx) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/v1/pilgrims',
      headers: who.headers,
      payload: { full_name: `Mahram of ${who.companyId}`, gender: 'male' },
    })
    return { mahramId: res.json().data.id as number }
  },
  body: (i, label) => pilgrimBody(i, label),
  edit: { city: 'Makkah', gender: 'female' },
  unique: [
    { field: 'nik', clash: () => `32010101019${String(10005)}`, perCompany: true },
    // Another case of the same letters is the same passport.
    { field: 'passport_number', clash: () => `c${String(1000005)}`, perCompany: true },
  ],
  invalid: [
    ['a NIK of 15 digits', { nik: '320101010191000' }, 'nik'],
    ['a NIK of 17 digits', { nik: '32010101019100001' }, 'nik'],
    ['a NIK with letters', { nik: '3201010101910000A' }, 'nik'],
    ['a passport expiry before its issue', { passport_issued: '2025-01-01', passport_expiry: '2024-12-31' }, 'passport_expiry'],
    ['a birth date in the future', { birth_date: '2999-01-01' }, 'birth_date'],
    ['a birth date before 1900', { birth_date: '1899-12-31' }, 'birth_date'],
    ['a birth date that is no date', { birth_date: '2001-02-30' }, 'birth_date'],
    ['a phone abc', { phone: 'abc' }, 'phone'],
    ['a passport number with a dash', { passport_number: 'C-123456' }, 'passport_number'],
    ['an unknown gender', { gender: 'other' }, 'gender'],
    ['a nationality of three letters', { nationality: 'IDN' }, 'nationality'],
    [
      'a mahram of another company',
      (ctx) => ({ mahram_id: ctx.fixtures.other.mahramId, mahram_relation: 'father' }),
      'mahram_id',
    ],
    ['a mahram without a relation', (ctx) => ({ mahram_id: ctx.fixtures.owner.mahramId }), 'mahram_relation'],
    [
      'an unknown mahram relation',
      (ctx) => ({ mahram_id: ctx.fixtures.owner.mahramId, mahram_relation: 'friend' }),
      'mahram_relation',
    ],
    ['a document of an unknown type', { documents: [{ type: 'diploma', status: 'received' }] }, 'documents.0.type'],
    ['a document file of no upload', { documents: [{ type: 'ktp', file: 'nothere.pdf' }] }, 'documents.0.file'],
  ],
  localized: { change: { full_name: '' }, field: 'full_name', message: 'Nama lengkap Wajib Diisi' },
  export: {
    format: 'csv',
    header: 'id,full_name,gender,birth_date,nationality,nik,passport_number,passport_expiry,phone,city,mahram,mahram_relation',
    value: (r: Row, h) =>
      h === 'birth_date' || h === 'passport_expiry'
        ? dmy(r[h])
        : h === 'phone'
          ? `'${String(r.phone)}` // kept as text, not run as a formula (crud/csv.ts)
          : h === 'mahram'
            ? ''
            : r[h],
  },
}

crudSuite([pilgrims])
