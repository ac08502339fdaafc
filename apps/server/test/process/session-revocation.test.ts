/**
 * Issue 14: the session check costs one query and stays exact. With two copies
 * of the server on one PostgreSQL database, a change made through copy A — a
 * permission taken from a role, a sign-out, a deleted user — holds on copy B
 * for the very next request (no cache, no window). On PGlite (one process owns
 * the data) the same sequence runs against one copy.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/client.js'
import { categories, permissions, rolePermissions } from '../../src/db/schema/index.js'
import { createSession } from '../../src/lib/sessions.js'
import { createCompany, createUserWithPermissions, type Actor } from '../helpers/fixtures.js'
import { processDatabase, startServer, type ServerProcess } from '../helpers/server-process.js'

const db = await processDatabase()
let a: ServerProcess
let b: ServerProcess
let owner: Actor
let clerk: Actor
let second: { token: string }
let roleId: number
let keptPermission: number
let otherPermission: number
let categoryId: number

beforeAll(async () => {
  const database: Database = openDatabase('url' in db.target ? { url: db.target.url, poolSize: 2 } : { dataDir: db.dataDir })
  const app = { db: database.db } as unknown as FastifyInstance
  owner = (await createCompany(app)).owner
  clerk = await createUserWithPermissions(app, owner.companyId, ['category_list', 'category_view'])
  roleId = clerk.roleId
  second = await createSession(database.db, clerk.userId)
  const [kept] = await database.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'category_view'))
  keptPermission = kept!.id
  const [other] = await database.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'service_list'))
  otherPermission = other!.id
  const [category] = await database.db
    .insert(categories)
    .values({ company_id: owner.companyId, name: 'Revoked read', slug: 'revoked-read', description: '' })
    .returning({ id: categories.id })
  categoryId = category!.id
  const held = await database.db.select().from(rolePermissions).where(eq(rolePermissions.role_id, roleId))
  expect(held).toHaveLength(2)
  await database.close()
  a = await startServer({ database: db.target, dataDir: db.dataDir })
  b = db.kind === 'postgres' ? await startServer({ database: db.target, dataDir: db.dataDir }) : a
}, 180_000)
afterAll(async () => {
  await a?.stop()
  if (b && b !== a) await b.stop()
  await db.drop()
})

const call = (s: ServerProcess, path: string, token: string, init: RequestInit = {}) =>
  fetch(`${s.url}/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  })

describe('session revocation across server copies', () => {
  it('a removed permission, a sign-out and a deleted user hold on the other copy at once', async () => {
    expect((await call(b, '/categories', clerk.token)).status).toBe(200)
    expect((await call(b, '/categories', second.token)).status).toBe(200)

    // The owner takes category_list from the clerk's role on copy A…
    const put = await call(a, `/roles/${roleId}`, owner.token, {
      method: 'PUT',
      body: JSON.stringify({ name: `clerk${roleId}`, display_name: 'Clerk', permission_list: [keptPermission] }),
    })
    expect(put.status, await put.clone().text()).toBe(200)
    // …and copy B refuses the list on the next request, while what remains still works.
    expect((await call(b, '/categories', clerk.token)).status).toBe(403)
    expect((await call(b, '/auth/me', clerk.token)).status).toBe(200)

    // The one-row read, whose row comes in the session's own statement, holds the same way: it reads with
    // category_view kept, and refuses on the next request once A takes that too.
    expect((await call(b, `/categories/${categoryId}`, clerk.token)).status).toBe(200)
    const take = await call(a, `/roles/${roleId}`, owner.token, {
      method: 'PUT',
      body: JSON.stringify({ name: `clerk${roleId}`, display_name: 'Clerk', permission_list: [otherPermission] }),
    })
    expect(take.status, await take.clone().text()).toBe(200)
    expect((await call(b, `/categories/${categoryId}`, clerk.token)).status).toBe(403)
    expect((await call(b, `/categories/${categoryId}`, owner.token)).status).toBe(200)

    // A sign-out on A ends that token on B, and only that one.
    expect((await call(a, '/auth/logout', clerk.token, { method: 'POST' })).status).toBe(200)
    expect((await call(b, '/auth/me', clerk.token)).status).toBe(401)
    expect((await call(b, '/auth/me', second.token)).status).toBe(200)
    expect((await call(b, `/categories/${categoryId}`, clerk.token)).status).toBe(401)

    // A deleted user's remaining session ends everywhere.
    expect((await call(a, `/users/${clerk.userId}`, owner.token, { method: 'DELETE' })).status).toBe(200)
    expect((await call(b, '/auth/me', second.token)).status).toBe(401)
    expect((await call(b, `/categories/${categoryId}`, second.token)).status).toBe(401)
    expect((await call(b, '/auth/me', owner.token)).status).toBe(200)
  }, 60_000)
})
