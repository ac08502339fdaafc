import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { COMPANY_SETTING_KEYS, companySettingsSchema } from '@app/shared'
import { checkImages } from '../../crud/images.js'
import type { Db } from '../../db/client.js'
import { companies } from '../../db/schema/index.js'
import { notFound } from '../../lib/errors.js'
import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'
import { requireAuth } from '../../plugins/auth.js'

registerFieldLabels({
  en: {
    passport_validity_months: 'Passport validity (months)',
    mahram_min_age: 'Mahram required under age',
    logo: 'Logo',
    time_zone: 'Time zone',
  },
  id: {
    name: 'Nama',
    address: 'Alamat',
    phone: 'Telepon',
    logo: 'Logo',
    passport_validity_months: 'Masa berlaku paspor (bulan)',
    mahram_min_age: 'Wajib mahram di bawah usia',
    time_zone: 'Zona waktu',
  },
})
registerMessages({
  en: { 'company.time_zone_invalid': 'Time zone is not a known time zone (e.g. Asia/Riyadh, Asia/Jakarta)' },
  id: { 'company.time_zone_invalid': 'Zona waktu tidak dikenal (mis. Asia/Riyadh, Asia/Jakarta)' },
})

// Every setting is a column of `companies` named as in the contract: a new setting is a key there and a column.
const columns = Object.fromEntries(COMPANY_SETTING_KEYS.map((k) => [k, companies[k]]))

async function readSettings(db: Db, companyId: number) {
  const [row] = await db.select(columns).from(companies).where(eq(companies.id, companyId))
  if (!row) throw notFound()
  return row
}

/**
 * `GET /company`: the caller's company settings (every signed-in user: the
 * pilgrim rules are read against them). `PUT /company`: the owner or whoever
 * holds `company_setting`.
 */
const companyModule: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.get('/company', { schema: { tags: ['company'] }, config: { access: 'session' } }, async (req) => ({
    data: await readSettings(app.db, requireAuth(req).companyId),
  }))
  app.put(
    '/company',
    { schema: { tags: ['company'], body: companySettingsSchema }, config: { access: 'company_setting' } },
    async (req) => {
      const auth = requireAuth(req)
      await checkImages(app.db, auth.companyId, req.body, ['logo'])
      await app.db
        .update(companies)
        .set({ ...req.body, updated_at: new Date() })
        .where(eq(companies.id, auth.companyId))
      return { data: await readSettings(app.db, auth.companyId) }
    },
  )
}
export default companyModule
