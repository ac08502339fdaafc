/**
 * The platform operator exists only when asked (issue 12, DESIGN §1): never seeded
 * with a password from the source; a database still holding the published password
 * is refused at start until it is replaced.
 */
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_LOGIN, seed } from '../../src/seeds/seed.js'
import {
  ensurePlatformAdmin,
  LEGACY_MASTER,
  PlatformAdminError,
  refuseLegacyPassword,
} from '../../src/services/platform-admin.js'
import { companies, sessions, users } from '../../src/db/schema/index.js'
import { createSession } from '../../src/lib/sessions.js'
import { ConfigError, loadConfig } from '../../src/config.js'
import type { Db } from '../../src/db/client.js'
import { createCompanyWithOwner } from '../../src/services/companies.js'
import { buildTestApp } from '../helpers/app.js'
import { processDatabase, startServer } from '../helpers/server-process.js'

const t = await buildTestApp()
afterAll(() => t.close())
const db = t.app.db

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } })
const platformCompanies = async () => (await db.select().from(companies).where(eq(companies.is_platform, true))).length

describe('platform operator', () => {
  it('is not seeded: a fresh database gets the demo company only', async () => {
    await seed(db, { demo: true })
    expect(await platformCompanies()).toBe(0)
    expect(await db.select().from(users).where(eq(users.email, LEGACY_MASTER.email))).toEqual([])
    expect((await login(DEMO_LOGIN.email, DEMO_LOGIN.password)).statusCode).toBe(200)
    expect((await login(LEGACY_MASTER.email, LEGACY_MASTER.password)).statusCode).not.toBe(200)
  })

  it('is created from PLATFORM_ADMIN_EMAIL/PASSWORD, once, and can list users of every company', async () => {
    expect(await ensurePlatformAdmin(db, {})).toBe('none')
    const input = { email: 'Ops@Platform.Example', password: 'a-long-operator-secret' }
    expect(await ensurePlatformAdmin(db, input)).toBe('created')
    expect(await ensurePlatformAdmin(db, input)).toBe('exists')
    expect(await platformCompanies()).toBe(1)
    const res = await login('ops@platform.example', input.password)
    expect(res.statusCode, res.body).toBe(200)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users?size=100',
      headers: { authorization: `Bearer ${res.json().data.token}` },
    })
    expect(list.json().data.map((u: { email: string }) => u.email)).toContain(DEMO_LOGIN.email)
    // A second operator joins the same platform company.
    expect(await ensurePlatformAdmin(db, { email: 'ops2@platform.example', password: 'another-secret-1' })).toBe('created')
    expect(await platformCompanies()).toBe(1)
  })

  it('refuses the published password as PLATFORM_ADMIN_PASSWORD, and an e-mail of a company user', async () => {
    await expect(ensurePlatformAdmin(db, { email: 'x@platform.example', password: LEGACY_MASTER.password })).rejects.toThrow(
      PlatformAdminError,
    )
    await expect(ensurePlatformAdmin(db, { email: DEMO_LOGIN.email, password: 'whatever-123' })).rejects.toThrow(
      /not the platform operator/,
    )
    expect(() => loadConfig({ PLATFORM_ADMIN_EMAIL: 'a@b.example' })).toThrow(ConfigError)
    expect(() => loadConfig({ PLATFORM_ADMIN_EMAIL: 'a@b.example', PLATFORM_ADMIN_PASSWORD: 'short' })).toThrow(
      /PLATFORM_ADMIN_PASSWORD/,
    )
  })

  it('an old database whose operator has the published password is refused until the password is replaced', async () => {
    // What earlier versions seeded.
    const legacy = await db.transaction(async (tx) =>
      createCompanyWithOwner(tx as unknown as Db, {
        company: 'Old platform',
        isPlatform: true,
        trialEndsAt: null,
        owner: { name: 'Platform Master', email: LEGACY_MASTER.email, password: LEGACY_MASTER.password, status: 'active' },
      }),
    )
    await createSession(db, legacy.owner.id)
    await expect(refuseLegacyPassword(db)).rejects.toThrow(
      /still has the password published in the source.*PLATFORM_ADMIN_PASSWORD/,
    )
    expect(await ensurePlatformAdmin(db, { email: LEGACY_MASTER.email, password: 'brand-new-secret' })).toBe(
      'replaced-legacy-password',
    )
    await expect(refuseLegacyPassword(db)).resolves.toBeUndefined()
    expect(await db.select().from(sessions).where(eq(sessions.user_id, legacy.owner.id))).toEqual([])
    expect((await login(LEGACY_MASTER.email, LEGACY_MASTER.password)).statusCode).not.toBe(200)
    expect((await login(LEGACY_MASTER.email, 'brand-new-secret')).statusCode).toBe(200)
    // Once replaced, later starts leave the operator's own password alone.
    expect(await ensurePlatformAdmin(db, { email: LEGACY_MASTER.email, password: 'yet-another-secret' })).toBe('exists')
    expect((await login(LEGACY_MASTER.email, 'brand-new-secret')).statusCode).toBe(200)
  })

  it('the real start refuses such a database with one clear line', async () => {
    const target = await processDatabase()
    try {
      // Seed the legacy operator through the process itself would need old code: write it with a one-off start instead.
      const { openDatabase } = await import('../../src/db/client.js')
      const direct = openDatabase('url' in target.target ? { url: target.target.url, poolSize: 1 } : { dataDir: target.dataDir })
      await direct.db.transaction(async (tx) =>
        createCompanyWithOwner(tx as unknown as Db, {
          company: 'Old platform',
          isPlatform: true,
          trialEndsAt: null,
          owner: { name: 'Platform Master', email: LEGACY_MASTER.email, password: LEGACY_MASTER.password, status: 'active' },
        }),
      )
      await direct.close()
      await expect(startServer({ database: target.target, dataDir: target.dataDir })).rejects.toThrow(
        /exited \(1\)[\s\S]*Refusing to start: the platform operator master@platform\.local/,
      )
      const fixed = await startServer({
        database: target.target,
        dataDir: target.dataDir,
        env: { PLATFORM_ADMIN_EMAIL: LEGACY_MASTER.email, PLATFORM_ADMIN_PASSWORD: 'brand-new-secret' },
      })
      expect(fixed.output()).toContain('the published password was replaced')
      await fixed.stop()
    } finally {
      await target.drop()
    }
  }, 180_000)
})
