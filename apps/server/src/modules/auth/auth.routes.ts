import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  activationSchema,
  changePasswordSchema,
  completeSignupSchema,
  emailOnlySchema,
  googleLoginSchema,
  localeChoiceSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  type CurrentUser,
  LOCALES,
  type Locale,
} from '@app/shared'
import { sessions, users } from '../../db/schema/index.js'
import type { Db } from '../../db/client.js'
import { forbidden, HttpError, unprocessable } from '../../lib/errors.js'
import { requestLocale, t } from '../../lib/i18n.js'
import { createMailer } from '../../lib/mailer.js'
import { createSession, SESSION_MS } from '../../lib/sessions.js'
import { hashToken } from '../../lib/tokens.js'
import { recordAudit } from '../../lib/audit.js'
import { readToken, requireAuth } from '../../plugins/auth.js'
import { accountMail } from './auth.mails.js'
import './auth.messages.js'
import {
  activate,
  assertCanSignIn,
  changePassword,
  checkLogin,
  currentUser,
  findUserByEmail,
  isLoginFailed,
  issueToken,
  registerCompany,
  registerGoogleCompany,
  resetPassword,
  setUserLocale,
  type UserRow,
} from './auth.service.js'
import { GOOGLE_JWKS_URL, googleVerifier } from './google.js'
import { accountLock, accountLockKey } from './account-lock.js'
import { emailKey, LIMITS, limitHook, registerRateLimits, tooManyAttempts } from './rate-limit.js'

const tags = ['auth']
const ok = (req: FastifyRequest, key: string, data: Record<string, unknown> = {}) => ({
  data,
  message: t(requestLocale(req), key),
})

/** The HttpOnly session cookie of DESIGN §4; Secure when the request came over HTTPS (TRUST_PROXY honours X-Forwarded-Proto). */
function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie('token', token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: Math.floor(SESSION_MS / 1000),
  })
}

function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie('token', { httpOnly: true, sameSite: 'strict', secure: req.protocol === 'https', path: '/' })
}

export default async function authRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const mailer = createMailer(app.config, app.log)
  app.addHook('onClose', () => mailer.close())
  const redis = await registerRateLimits(app)
  const lock = accountLock(redis, app.config.REDIS_PREFIX, app.log)

  const link = (route: string, params: Record<string, string>) =>
    `${app.config.appUrl}${route}?${new URLSearchParams(params).toString()}`

  type SigningIn = Pick<UserRow, 'id' | 'company_id' | 'role_id'>
  /** The session, the user's language and the audit row of the sign-in: one transaction. */
  async function signIn(req: FastifyRequest, reply: FastifyReply, user: SigningIn, locale: Locale) {
    const session = await app.db.transaction(async (t) => {
      const tx = t as unknown as Db
      // The user's language (issue 32, item 14): a language picked on the sign-in page (its switch sets the
      // `locale` cookie) is the person's latest choice and is kept on the user; a page only showing the
      // default language (no cookie, the X-Localization header alone) changes nothing. The web then opens in
      // the language kept on the user.
      const picked = (req.cookies as Record<string, string | undefined> | undefined)?.locale
      if (picked && (LOCALES as readonly string[]).includes(picked)) await setUserLocale(tx, user.id, picked as Locale)
      const created = await createSession(tx, user.id, { userAgent: req.headers['user-agent'], ip: req.ip })
      await recordAudit(tx, req, { entity: 'session', action: 'sign_in', recordId: user.id }, actorOf(user))
      return created
    })
    setSessionCookie(req, reply, session.token)
    return { data: { token: session.token, expires_at: session.expiresAt.toISOString() }, message: t(locale, 'login_success') }
  }

  const actorOf = (user: SigningIn) => ({ companyId: user.company_id, userId: user.id, roleId: user.role_id })

  // Each route counts its own calls (the name); see rate-limit.ts for what each list holds.
  const limited = (name: string, limits: (typeof LIMITS)[keyof typeof LIMITS]) => ({
    config: {
      access: 'public' as const,
      ...(name.includes('login') || name === 'complete_signup' ? { audit: 'explicit' as const } : {}),
    },
    preValidation: limitHook(app, name, limits),
  })

  app.post('/auth/register', { schema: { tags, body: registerSchema }, ...limited('register', LIMITS.mail) }, async (req) => {
    const locale = requestLocale(req)
    const { owner, token } = await registerCompany(app.db, req.body, locale)
    mailer.queue(accountMail('activation', locale, owner, link('/activation', { token, email: owner.email })))
    return ok(req, 'register_success', { email: owner.email })
  })

  app.post(
    '/auth/activation',
    { schema: { tags, body: activationSchema }, ...limited('activation', LIMITS.account) },
    async (req) => {
      await activate(app.db, req.body.token, req.body.email)
      return ok(req, 'activation_success', { email: req.body.email })
    },
  )

  app.post(
    '/auth/resend_activation',
    { schema: { tags, body: emailOnlySchema }, ...limited('resend', LIMITS.mail) },
    async (req) => {
      const locale = requestLocale(req)
      const user = await findUserByEmail(app.db, req.body.email)
      // Same answer whether or not a pending account exists: this call reveals nothing.
      if (user?.status === 'pending') {
        const token = await issueToken(app.db, user.id, 'activation')
        mailer.queue(accountMail('activation', locale, user, link('/activation', { token, email: user.email })))
      }
      return ok(req, 'resend_sent')
    },
  )

  app.post(
    '/auth/login',
    {
      schema: { tags, body: loginSchema },
      ...limited('login', LIMITS.login),
    },
    async (req, reply) => {
      // The limit per account across all addresses (account-lock.ts): a locked account is not even checked.
      const found = { user: await findUserByEmail(app.db, req.body.email) }
      const key = accountLockKey(emailKey(req)!, found.user?.password_hash)
      const wait = await lock.lockedFor(key)
      if (wait > 0) throw tooManyAttempts(reply, wait)
      let user: UserRow
      try {
        user = await checkLogin(app.db, req.body.email, req.body.password, found)
      } catch (err) {
        if (isLoginFailed(err)) await lock.failed(key)
        // A failed sign-in is audited with the account it tried, when there is one; never the password.
        const tried = found.user
        const reason = err instanceof HttpError ? err.key : 'error'
        await recordAudit(
          app.db,
          req,
          { entity: 'session', action: 'sign_in_failed', recordId: tried?.id ?? null, change: { email: req.body.email, reason } },
          tried ? actorOf(tried) : { companyId: null, userId: null, roleId: null },
        )
        throw err
      }
      await lock.succeeded(key)
      return signIn(req, reply, user, requestLocale(req))
    },
  )

  async function describeUser(userId: number, permissions: Iterable<string>): Promise<CurrentUser> {
    const row = await currentUser(app.db, userId)
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      username: row.username,
      locale: row.locale,
      permissions: [...permissions].sort(),
      role_name: row.role_name,
      company: { id: row.company_id, name: row.company_name, trial_ends_at: row.trial_ends_at?.toISOString() ?? null },
    }
  }

  app.get('/auth/me', { schema: { tags }, config: { access: 'session' } }, async (req): Promise<{ data: CurrentUser }> => {
    const auth = requireAuth(req)
    return { data: await describeUser(auth.userId, auth.permissions) }
  })

  // What the web app asks on every start: signed out is an answer (null), not an error for the console.
  app.get(
    '/auth/session',
    { schema: { tags }, config: { access: 'public' } },
    async (req): Promise<{ data: CurrentUser | null }> => ({
      data: req.auth ? await describeUser(req.auth.userId, req.auth.permissions) : null,
    }),
  )

  // Public so that a stale or expired session can still clear its cookie.
  app.post('/auth/logout', { schema: { tags }, config: { access: 'public', audit: 'explicit' } }, async (req, reply) => {
    const found = readToken(req)
    if (found?.via === 'cookie' && req.headers['x-requested-with'] !== 'XMLHttpRequest') throw forbidden('csrf')
    await app.db.transaction(async (t) => {
      const tx = t as unknown as Db
      if (found) await tx.delete(sessions).where(eq(sessions.token_hash, hashToken(found.token)))
      await recordAudit(tx, req, { entity: 'session', action: 'sign_out', recordId: req.auth?.userId ?? null })
    })
    clearSessionCookie(req, reply)
    return ok(req, 'logout_success')
  })

  app.post('/auth/forgot', { schema: { tags, body: emailOnlySchema }, ...limited('forgot', LIMITS.mail) }, async (req) => {
    const locale = requestLocale(req)
    const user = await findUserByEmail(app.db, req.body.email)
    if (user && user.status !== 'blocked') {
      const token = await issueToken(app.db, user.id, 'reset')
      mailer.queue(accountMail('reset', locale, user, link('/reset', { email: user.email, token })))
    }
    return ok(req, 'forgot_sent')
  })

  app.post('/auth/reset', { schema: { tags, body: resetSchema }, ...limited('reset', LIMITS.account) }, async (req) => {
    await resetPassword(app.db, req.body.token, req.body.email, req.body.password)
    return ok(req, 'reset_success')
  })

  // The language picked while signed in is kept on the user (issue 32, item 14): the web applies it at sign-in.
  app.put(
    '/auth/me/locale',
    { schema: { tags, body: localeChoiceSchema }, config: { access: 'session' } },
    async (req): Promise<{ data: CurrentUser }> => {
      const auth = requireAuth(req)
      await setUserLocale(app.db, auth.userId, req.body.locale)
      return { data: await describeUser(auth.userId, auth.permissions) }
    },
  )

  app.post(
    '/auth/change_password',
    { schema: { tags, body: changePasswordSchema }, config: { access: 'session' } },
    async (req) => {
      const auth = requireAuth(req)
      await changePassword(app.db, auth.userId, auth.sessionId, req.body.password_now, req.body.password)
      return ok(req, 'password_updated')
    },
  )

  // Google sign-in exists only when configured: without GOOGLE_CLIENT_ID these routes are not registered (404).
  const clientId = app.config.GOOGLE_CLIENT_ID
  if (clientId) {
    const verify = googleVerifier(clientId, app.config.GOOGLE_JWKS_URL ?? GOOGLE_JWKS_URL)

    app.post(
      '/auth/google_login',
      { schema: { tags, body: googleLoginSchema }, ...limited('google_login', LIMITS.account) },
      async (req, reply) => {
        const locale = requestLocale(req)
        const identity = await verify(req.body.credential)
        const user = await findUserByEmail(app.db, identity.email)
        if (!user) {
          return {
            data: { signup_required: true, email: identity.email, name: identity.name },
            message: t(locale, 'google_signup_required'),
          }
        }
        // Google has verified the address: a pending account is activated, a blocked one stays out.
        if (user.status === 'pending') await app.db.update(users).set({ status: 'active' }).where(eq(users.id, user.id))
        else assertCanSignIn(user)
        // The email is bound to one Google account; a different account claiming it (a recycled address) is refused.
        if (user.google_sub && user.google_sub !== identity.sub) {
          throw unprocessable({ credential: ['google_token_invalid'] }, 'google_token_invalid')
        }
        if (!user.google_sub) await app.db.update(users).set({ google_sub: identity.sub }).where(eq(users.id, user.id))
        return signIn(req, reply, user, locale)
      },
    )

    app.post(
      '/auth/complete_signup',
      { schema: { tags, body: completeSignupSchema }, ...limited('complete_signup', LIMITS.account) },
      async (req, reply) => {
        const locale = requestLocale(req)
        const identity = await verify(req.body.credential)
        const owner = await registerGoogleCompany(
          app.db,
          { company: req.body.companies, name: identity.name, email: identity.email, sub: identity.sub },
          locale,
        )
        return signIn(req, reply, owner, locale)
      },
    )
  }
}
