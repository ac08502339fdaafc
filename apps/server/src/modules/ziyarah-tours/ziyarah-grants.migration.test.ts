import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_ROLES } from '@app/shared'
import { migrationDatabase } from '../../../test/helpers/migrations.js'

/**
 * Migration 0029 (issue 27): companies that exist before the ziyarah desk get its permissions on their
 * default roles as a new company's roles get them (DEFAULT_ROLES), and the session's permission names follow
 * (role triggers, migration 0007). A role of another name gets nothing. On PGlite and PostgreSQL.
 */
const m = migrationDatabase()
afterAll(async () => {
  await m.close()
})

describe('migration 0029: the ziyarah desk granted to existing roles', () => {
  it('grants order_ziyarah_* to the default roles as DEFAULT_ROLES does, and nothing to other roles', async () => {
    await m.migrateBefore('0029_ziyarah_orders')
    await m.db.execute(sql`INSERT INTO companies (name) VALUES ('Grant Travel')`)
    const [company] = await m.rows(sql`SELECT id FROM companies WHERE name = 'Grant Travel'`)
    const roleNames = ['owner', 'admin', 'finance', 'marketing', 'operator', 'produksi', 'tour desk']
    for (const name of roleNames)
      await m.db.execute(sql`INSERT INTO roles (company_id, name, display_name) VALUES (${company!.id}, ${name}, ${name})`)

    await m.migrateAll()

    const rows = await m.rows(sql`SELECT r.name AS role, p.name AS permission FROM role_permissions rp
      JOIN roles r ON r.id = rp.role_id JOIN permissions p ON p.id = rp.permission_id
      WHERE r.company_id = ${company!.id} AND p.name LIKE 'order_ziyarah_%' ORDER BY 1, 2`)
    for (const role of roleNames) {
      const expected = (DEFAULT_ROLES.find((r) => r.name === role)?.permissions ?? [])
        .filter((p) => p.startsWith('order_ziyarah_'))
        .sort()
      expect(
        rows.filter((r) => r.role === role).map((r) => r.permission),
        role,
      ).toEqual(expected)
    }
    expect(rows.filter((r) => r.role === 'owner')).toHaveLength(8)
    // The role's permission names (what a session reads) include the new ones.
    const [owner] = await m.rows(sql`SELECT permission_names FROM roles WHERE company_id = ${company!.id} AND name = 'owner'`)
    expect(String(owner!.permission_names)).toContain('order_ziyarah_approval')
  }, 180_000) // a fresh PGlite's initdb and every migration from 0000, on a shared 2-core machine
})
