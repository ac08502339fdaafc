/**
 * Crash safety (issue 12): the server is killed with SIGKILL in the middle of
 * a write loop (after at least 8 acknowledged writes of the round, at a random
 * moment), 10 rounds (on PGlite, or on PostgreSQL when the suite runs
 * there), and restarted on the same data each time. Every write the server
 * acknowledged (200) must be there afterwards, and no multi-table write may be
 * half there: a role is written with its permission rows in one transaction,
 * so every role of the test holds all of them or does not exist.
 */
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/client.js'
import { categories, permissions, rolePermissions, roles } from '../../src/db/schema/index.js'
import { createSession } from '../../src/lib/sessions.js'
import { createCompany } from '../helpers/fixtures.js'
import { processDatabase, startServer, type ProcessDatabase } from '../helpers/server-process.js'

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10)
const WRITERS = 4
const GRANTS = ['category_list', 'category_view', 'category_create', 'facility_list', 'facility_view']
const run = randomBytes(3).toString('hex')

let db: ProcessDatabase
let companyId: number
let ownerId: number
let grantIds: number[]

const open = (): Database => openDatabase('url' in db.target ? { url: db.target.url, poolSize: 2 } : { dataDir: db.dataDir })

beforeAll(async () => {
  db = await processDatabase()
  const database = open()
  const { owner } = await createCompany({ db: database.db } as unknown as FastifyInstance)
  companyId = owner.companyId
  ownerId = owner.userId
  const rows = await database.db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, GRANTS))
  grantIds = rows.map((r) => r.id).sort((x, y) => x - y)
  await database.close()
}, 120_000)
afterAll(async () => {
  await db?.drop()
})

describe('SIGKILL during writes', () => {
  it(`loses no acknowledged write and leaves no half-written role over ${ROUNDS} rounds`, { timeout: 900_000 }, async () => {
    expect(grantIds).toHaveLength(GRANTS.length)
    const ackedCategories = new Set<string>()
    const ackedRoles = new Set<string>()
    let attempts = 0
    let refused = 0
    for (let round = 0; round < ROUNDS; round++) {
      // A session made while no server holds the data (a PGlite folder has one owner at a time).
      const database = open()
      const { token } = await createSession(database.db, ownerId)
      await database.close()
      const server = await startServer({ database: db.target, dataDir: db.dataDir })
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      let killed = false
      const writer = async (w: number) => {
        for (let i = 0; !killed; i++) {
          const tag = `c${run}r${round}w${w}n${i}`
          const multi = i % 2 === 1
          attempts++
          try {
            const res = multi
              ? await fetch(`${server.url}/api/v1/roles`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({ name: tag, display_name: tag, is_default: false, permission_list: grantIds }),
                })
              : await fetch(`${server.url}/api/v1/categories`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({ name: tag, slug: tag, description: 'crash test', is_active: true }),
                })
            if (res.status === 200) (multi ? ackedRoles : ackedCategories).add(tag)
            else refused++
            await res.arrayBuffer()
          } catch {
            // The connection died with the server: not acknowledged.
          }
        }
      }
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w))
      // Kill in the middle of the loop: once this round has some acknowledged writes, after a random delay.
      const ackedBefore = ackedCategories.size + ackedRoles.size
      const since = Date.now()
      while (ackedCategories.size + ackedRoles.size - ackedBefore < 8 && Date.now() - since < 15_000)
        await new Promise((r) => setTimeout(r, 20))
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 400)))
      await server.kill()
      killed = true
      await Promise.all(writers)
    }

    // Restarted once more, the server serves what was acknowledged.
    const database = open()
    const { token } = await createSession(database.db, ownerId)
    await database.close()
    const server = await startServer({ database: db.target, dataDir: db.dataDir })
    const health = await fetch(`${server.url}/healthz`)
    expect(health.status).toBe(200)
    const list = await fetch(`${server.url}/api/v1/categories?size=1`, { headers: { authorization: `Bearer ${token}` } })
    expect(list.status).toBe(200)
    await server.stop()

    const check = open()
    try {
      const cats = await check.db
        .select({ name: categories.name })
        .from(categories)
        .where(and(eq(categories.company_id, companyId), like(categories.name, `c${run}%`)))
      const catNames = new Set(cats.map((c) => c.name))
      const lostCategories = [...ackedCategories].filter((n) => !catNames.has(n))
      expect(lostCategories).toEqual([])

      const roleRows = await check.db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(eq(roles.company_id, companyId), like(roles.name, `c${run}%`)))
      const roleNames = new Set(roleRows.map((r) => r.name))
      expect([...ackedRoles].filter((n) => !roleNames.has(n))).toEqual([])
      const held = roleRows.length
        ? await check.db
            .select({ role_id: rolePermissions.role_id, permission_id: rolePermissions.permission_id })
            .from(rolePermissions)
            .where(
              inArray(
                rolePermissions.role_id,
                roleRows.map((r) => r.id),
              ),
            )
        : []
      const half = roleRows.filter((r) => {
        const got = held
          .filter((h) => h.role_id === r.id)
          .map((h) => h.permission_id)
          .sort((x, y) => x - y)
        return JSON.stringify(got) !== JSON.stringify(grantIds)
      })
      expect(half.map((r) => r.name)).toEqual([])
      console.log(
        `crash (${db.kind}): ${ROUNDS} SIGKILLs, ${attempts} writes tried, ${ackedCategories.size} categories and ` +
          `${ackedRoles.size} roles acknowledged, all present; ${roleRows.length} roles in the database, none half-written; ${refused} refused`,
      )
      expect(ackedCategories.size + ackedRoles.size).toBeGreaterThan(ROUNDS)
    } finally {
      await check.close()
    }
  })
})
