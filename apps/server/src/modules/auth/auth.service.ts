import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Locale, RegisterInput } from '@app/shared'
import type { Db } from '../../db/client.js'
import { companies, roles, users, userTokens } from '../../db/schema/index.js'
import { conflict, forbidden, HttpError, unprocessable } from '../../lib/errors.js'
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js'
import { endUserSessions } from '../../lib/sessions.js'
import { hashToken, newToken } from '../../lib/tokens.js'
import { isUniqueViolation } from '../../lib/db-errors.js'
import { createCompanyWithOwner } from '../../services/companies.js'

export const ACTIVATION_TTL_MS = 48 * 60 * 60 * 1000
export const RESET_TTL_MS = 60 * 60 * 1000
type TokenKind = 'activation' | 'reset'

export type UserRow = typeof users.$inferSelect

/** Emails are stored normalized (lower-cased), so one lookup serves every spelling. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

export const wrongToken = () => unprocessable({ token: ['wrong_token'] }, 'wrong_token')
export const emailTaken = () => conflict('email_taken', { email: ['email_taken'] })
export const isLoginFailed = (err: unknown) => err instanceof HttpError && err.key === 'login_failed'
const loginFailed = () => unprocessable({ email: ['login_failed'] }, 'login_failed')

/** A new single-use token for the user; only its hash is stored. */
export async function issueToken(db: Db, userId: number, kind: TokenKind): Promise<string> {
  const token = newToken()
  await db.insert(userTokens).values({
    user_id: userId,
    kind,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + (kind === 'activation' ? ACTIVATION_TTL_MS : RESET_TTL_MS)),
  })
  return token
}

/**
 * Spends a token in one statement, so two requests cannot both use it: it must
 * be of this kind, unused, unexpired and belong to the user with this email.
 * Every other open token of that kind for the user is spent with it.
 */
export async function consumeToken(tx: Db, kind: TokenKind, token: string, email: string): Promise<number> {
  const [row] = await tx
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(userTokens.token_hash, hashToken(token)),
        eq(userTokens.kind, kind),
        isNull(userTokens.used_at),
        sql`${userTokens.expires_at} > now()`,
        sql`${userTokens.user_id} = (SELECT id FROM users WHERE lower(email) = ${email.toLowerCase()})`,
      ),
    )
    .returning({ userId: userTokens.user_id })
  if (!row) throw wrongToken()
  await tx
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(and(eq(userTokens.user_id, row.userId), eq(userTokens.kind, kind), isNull(userTokens.used_at)))
  return row.userId
}

/**
 * Company, default roles, pending owner and activation token in one
 * transaction: a failure anywhere leaves none of it behind.
 */
export async function registerCompany(db: Db, input: RegisterInput, locale: Locale) {
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db
      if (await findUserByEmail(tx, input.email)) throw emailTaken()
      const { company, owner } = await createCompanyWithOwner(tx, {
        company: input.companies,
        owner: { name: input.name, email: input.email, password: input.password, status: 'pending', locale },
      })
      const token = await issueToken(tx, owner.id, 'activation')
      return { company, owner, token }
    })
  } catch (err) {
    // Two registrations of one email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}

export async function activate(db: Db, token: string, email: string) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const userId = await consumeToken(tx, 'activation', token, email)
    // A blocked user stays blocked: activation only moves pending to active.
    await tx
      .update(users)
      .set({ status: 'active', updated_at: new Date() })
      .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    return userId
  })
}

/**
 * Checks a sign-in. Unknown email and wrong password answer the same, after
 * the same argon2 work; only a correct password learns about pending/blocked.
 */
/** `found` is the account already looked up for this e-mail (the login route reads it for the account lock). */
export async function checkLogin(
  db: Db,
  email: string,
  password: string,
  found?: { user: UserRow | undefined },
): Promise<UserRow> {
  const user = found ? found.user : await findUserByEmail(db, email)
  if (!user || !user.password_hash) {
    await burnPasswordCheck(password)
    throw loginFailed()
  }
  if (!(await verifyPassword(user.password_hash, password))) throw loginFailed()
  assertCanSignIn(user)
  return user
}

export function assertCanSignIn(user: Pick<UserRow, 'status'>) {
  if (user.status === 'pending') throw forbidden('account_pending')
  if (user.status === 'blocked') throw forbidden('account_blocked')
  if (user.status !== 'active') throw forbidden()
}

/** Sets a new password from a reset token; the mail proved the address, so a pending account becomes active. */
export async function resetPassword(db: Db, token: string, email: string, password: string) {
  const hashed = await hashPassword(password)
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    const userId = await consumeToken(tx, 'reset', token, email)
    await tx.update(users).set({ password_hash: hashed, updated_at: new Date() }).where(eq(users.id, userId))
    await tx
      .update(users)
      .set({ status: 'active' })
      .where(and(eq(users.id, userId), eq(users.status, 'pending')))
    await endUserSessions(tx, userId)
  })
}

export async function changePassword(db: Db, userId: number, sessionId: number, passwordNow: string, password: string) {
  const [user] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId))
  if (!(await verifyPassword(user?.hash, passwordNow)))
    throw unprocessable({ password_now: ['password_now_wrong'] }, 'password_now_wrong')
  const hashed = await hashPassword(password)
  await db.transaction(async (t) => {
    const tx = t as unknown as Db
    await tx.update(users).set({ password_hash: hashed, updated_at: new Date() }).where(eq(users.id, userId))
    await endUserSessions(tx, userId, sessionId)
  })
}

export async function currentUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      locale: users.locale,
      role_name: roles.name,
      company_id: companies.id,
      company_name: companies.name,
      trial_ends_at: companies.trial_ends_at,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .innerJoin(companies, eq(companies.id, users.company_id))
    .where(eq(users.id, userId))
  if (!row) throw new HttpError(401, 'unauthorized')
  return row
}

export async function setUserLocale(db: Db, userId: number, locale: Locale) {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), sql`${users.locale} <> ${locale}`))
}

/** A new company for a Google account (complete_signup): active at once, no password. */
export async function registerGoogleCompany(
  db: Db,
  input: { company: string; name: string; email: string; sub: string },
  locale: Locale,
) {
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db
      if (await findUserByEmail(tx, input.email)) throw emailTaken()
      const { owner } = await createCompanyWithOwner(tx, {
        company: input.company,
        owner: { name: input.name, email: input.email, password: null, status: 'active', locale },
      })
      await tx.update(users).set({ google_sub: input.sub }).where(eq(users.id, owner.id))
      return owner
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
}
