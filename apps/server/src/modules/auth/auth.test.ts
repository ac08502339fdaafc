import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ROLES } from '@app/shared'
import { buildTestApp, type TestApp } from '../../../test/helpers/app.js'
import { linkIn, startMailServer, type MailServer } from '../../../test/helpers/mail-server.js'

const APP_URL = 'http://app.test:8080'
let t: TestApp
let mail: MailServer

beforeAll(async () => {
  mail = await startMailServer()
  t = await buildTestApp({ SMTP_URL: mail.url, APP_URL })
})
afterAll(async () => {
  await t.close()
  await mail.close()
})

// Each call comes from its own address, so the per-IP limits (tested in auth-rate-limit.test.ts) stay out of the way.
let ipCounter = 0
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

interface CallOpts {
  headers?: Record<string, string>
  locale?: 'en' | 'id'
  token?: string
  cookie?: string
}
function call(method: 'GET' | 'POST', url: string, body?: unknown, opts: CallOpts = {}) {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.locale) headers['x-localization'] = opts.locale
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.cookie) headers.cookie = `token=${opts.cookie}`
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    remoteAddress: nextIp(),
    ...(body === undefined
      ? {}
      : typeof body === 'string'
        ? { payload: body, headers: { ...headers, 'content-type': 'application/json' } }
        : { payload: body as object }),
  })
}
const post = (url: string, body?: unknown, opts?: CallOpts) => call('POST', url, body, opts)
const get = (url: string, opts?: CallOpts) => call('GET', url, undefined, opts)

async function count(table: string): Promise<number> {
  const r = (await t.app.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
    rows: Array<{ n: number }>
  }
  return Number(r.rows[0]!.n)
}

let seq = 0
const uniqueEmail = (prefix = 'owner') => `${prefix}.${Date.now().toString(36)}${++seq}@example.test`

async function register(email = uniqueEmail(), extra: Record<string, unknown> = {}, opts: CallOpts = {}) {
  const body = {
    companies: 'Nusantara Tours',
    name: 'Siti Rahma',
    email,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    ...extra,
  }
  const res = await post('/auth/register', body, opts)
  return { res, email: email.trim().toLowerCase(), password: body.password as string }
}

async function activeAccount(opts: CallOpts = {}) {
  const r = await register(undefined, {}, opts)
  expect(r.res.statusCode).toBe(200)
  const m = await mail.waitFor(r.email, (x) => x.text.includes('/activation?'))
  const link = linkIn(m)
  const act = await post('/auth/activation', { token: link.searchParams.get('token'), email: link.searchParams.get('email') })
  expect(act.statusCode).toBe(200)
  return r
}

async function login(email: string, password: string, opts: CallOpts = {}) {
  return post('/auth/login', { email, password }, opts)
}
const sessionToken = async (email: string, password: string) => {
  const res = await login(email, password)
  expect(res.statusCode).toBe(200)
  return res.json().data.token as string
}

describe('register', () => {
  it('creates the company with a one-month trial, its default roles and a pending owner, and mails an activation link', async () => {
    const { res, email } = await register(uniqueEmail('Mixed.Case'), {}, { locale: 'en' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ data: { email }, message: expect.stringMatching(/check your email/i) })

    const r = (await t.app.db.execute(sql`
      SELECT u.status, u.locale, u.name, u.password_hash, c.name AS company, c.trial_ends_at, c.created_at, r.name AS role,
             (SELECT count(*)::int FROM roles WHERE company_id = c.id) AS roles
        FROM users u JOIN companies c ON c.id = u.company_id JOIN roles r ON r.id = u.role_id
       WHERE u.email = ${email}`)) as unknown as { rows: Array<Record<string, unknown>> }
    const row = r.rows[0]!
    expect(row).toMatchObject({ status: 'pending', locale: 'en', name: 'Siti Rahma', company: 'Nusantara Tours', role: 'owner' })
    expect(Number(row.roles)).toBe(DEFAULT_ROLES.length)
    expect(String(row.password_hash)).toMatch(/^\$argon2id\$/)
    const trial = new Date(row.trial_ends_at as string)
    const created = new Date(row.created_at as string)
    const days = (trial.getTime() - created.getTime()) / 86_400_000
    expect(days).toBeGreaterThanOrEqual(28)
    expect(days).toBeLessThanOrEqual(31.1)

    const m = await mail.waitFor(email)
    expect(m.subject).toBe('Activate your Travel Back Office account')
    expect(m.text).toContain('Hello Siti Rahma,')
    expect(m.html).toContain('<a href="')
    const link = linkIn(m)
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/activation`)
    expect(link.searchParams.get('email')).toBe(email)
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/)
    // Only the token's hash is kept.
    const tokens = (await t.app.db.execute(sql`SELECT token_hash FROM user_tokens`)) as unknown as {
      rows: Array<{ token_hash: string }>
    }
    expect(tokens.rows.map((x) => x.token_hash)).not.toContain(link.searchParams.get('token'))
  })

  it('writes the mail in Indonesian when the user registers in Indonesian', async () => {
    const { res, email } = await register(undefined, { name: 'Budi' }, { locale: 'id' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toMatch(/Pendaftaran Berhasil/)
    const m = await mail.waitFor(email)
    expect(m.subject).toBe('Aktifkan akun Travel Back Office Anda')
    expect(m.text).toContain('Halo Budi,')
    expect(m.html).toContain('lang="id"')
    const r = (await t.app.db.execute(sql`SELECT locale FROM users WHERE email = ${email}`)) as unknown as {
      rows: Array<{ locale: string }>
    }
    expect(r.rows[0]!.locale).toBe('id')
  })

  it('answers a second registration of an email (in any case) with 409 and creates nothing', async () => {
    const { email } = await register()
    const before = {
      companies: await count('companies'),
      roles: await count('roles'),
      users: await count('users'),
      tokens: await count('user_tokens'),
    }
    const again = await register(`  ${email.toUpperCase()} `, { companies: 'Another Co' })
    expect(again.res.statusCode).toBe(409)
    expect(again.res.json()).toEqual({
      message: 'This email is already registered.',
      errors: { email: ['This email is already registered.'] },
    })
    expect({
      companies: await count('companies'),
      roles: await count('roles'),
      users: await count('users'),
      tokens: await count('user_tokens'),
    }).toEqual(before)
  })

  it('leaves no company, role or user behind when the owner cannot be inserted (a concurrent registration wins)', async () => {
    // Simulates losing the race on the unique email index after the company and its roles were written.
    await t.app.db.execute(
      sql.raw(`
      CREATE FUNCTION test_race() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Race Loser' THEN RAISE unique_violation USING CONSTRAINT = 'users_email_uq'; END IF; RETURN NEW; END $$`),
    )
    await t.app.db.execute(sql.raw(`CREATE TRIGGER test_race BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION test_race();`))
    try {
      const before = {
        companies: await count('companies'),
        roles: await count('roles'),
        users: await count('users'),
        perms: await count('role_permissions'),
      }
      const r = await register(undefined, { name: 'Race Loser' })
      expect(r.res.statusCode).toBe(409)
      expect(r.res.json().errors.email).toEqual(['This email is already registered.'])
      expect({
        companies: await count('companies'),
        roles: await count('roles'),
        users: await count('users'),
        perms: await count('role_permissions'),
      }).toEqual(before)
    } finally {
      await t.app.db.execute(sql.raw('DROP TRIGGER test_race ON users'))
      await t.app.db.execute(sql.raw('DROP FUNCTION test_race()'))
    }
  })

  it('lets exactly one of two simultaneous registrations of one email through', async () => {
    const email = uniqueEmail('twin')
    const before = await count('companies')
    const [a, b] = await Promise.all([register(email, { companies: 'Twin A' }), register(email, { companies: 'Twin B' })])
    expect([a.res.statusCode, b.res.statusCode].sort()).toEqual([200, 409])
    expect(await count('companies')).toBe(before + 1)
  })

  it('stores HTML and SQL in names as plain text', async () => {
    const name = `<img src=x onerror=alert(1)> Robert'); DROP TABLE users;--`
    const companies = `<script>alert("x")</script> & Co '; DELETE FROM companies; --`
    const r = await register(undefined, { name, companies })
    expect(r.res.statusCode).toBe(200)
    const m = await mail.waitFor(r.email)
    expect(m.html).not.toContain('<img src=x')
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    const link = linkIn(m)
    await post('/auth/activation', { token: link.searchParams.get('token'), email: r.email })
    const token = await sessionToken(r.email, r.password)
    const me = await get('/auth/me', { token })
    expect(me.json().data).toMatchObject({ name, company: { name: companies } })
    expect(await count('users')).toBeGreaterThan(0)
  })
})

describe('activation', () => {
  it('refuses sign-in while pending, activates once with the mailed token, then signs in', async () => {
    const r = await register()
    const pending = await login(r.email, r.password)
    expect(pending.statusCode).toBe(403)
    expect(pending.json().message).toMatch(/not activated/)

    const link = linkIn(await mail.waitFor(r.email))
    const token = link.searchParams.get('token')!
    const wrongEmail = await post('/auth/activation', { token, email: 'someone.else@example.test' })
    expect(wrongEmail.statusCode).toBe(422)
    expect(wrongEmail.json()).toEqual({ message: 'Wrong Token', errors: { token: ['Wrong Token'] } })

    const ok = await post('/auth/activation', { token, email: r.email.toUpperCase() })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().message).toMatch(/please login/i)
    const reused = await post('/auth/activation', { token, email: r.email })
    expect(reused.statusCode).toBe(422)
    expect(reused.json().message).toBe('Wrong Token')

    expect((await login(r.email, r.password)).statusCode).toBe(200)
  })

  it('answers a forged, an expired and a reset-kind token with Wrong Token (Indonesian too)', async () => {
    const r = await register()
    const link = linkIn(await mail.waitFor(r.email))
    const forged = await post('/auth/activation', { token: 'A'.repeat(43), email: r.email }, { locale: 'id' })
    expect(forged.statusCode).toBe(422)
    expect(forged.json()).toEqual({ message: 'Token Salah', errors: { token: ['Token Salah'] } })

    await t.app.db.execute(sql`UPDATE user_tokens SET expires_at = now() - interval '1 minute'
      WHERE user_id = (SELECT id FROM users WHERE email = ${r.email})`)
    const expired = await post('/auth/activation', { token: link.searchParams.get('token'), email: r.email })
    expect(expired.statusCode).toBe(422)
    expect(expired.json().message).toBe('Wrong Token')
  })

  it('resends a link to a pending account only, with the same answer for every email', async () => {
    const r = await register()
    await mail.waitFor(r.email)
    const pendingRes = await post('/auth/resend_activation', { email: r.email.toUpperCase() })
    const unknownRes = await post('/auth/resend_activation', { email: uniqueEmail('nobody') })
    expect(pendingRes.statusCode).toBe(200)
    expect(unknownRes.statusCode).toBe(200)
    expect(unknownRes.json()).toEqual(pendingRes.json())
    await expect.poll(() => mail.mails.filter((m) => m.envelopeTo.includes(r.email)).length).toBe(2)
    // The newest link works (and spends the older one with it).
    const links = mail.mails.filter((m) => m.envelopeTo.includes(r.email)).map(linkIn)
    expect((await post('/auth/activation', { token: links[1]!.searchParams.get('token'), email: r.email })).statusCode).toBe(200)
    expect((await post('/auth/activation', { token: links[0]!.searchParams.get('token'), email: r.email })).statusCode).toBe(422)

    const before = mail.mails.length
    expect((await post('/auth/resend_activation', { email: r.email })).statusCode).toBe(200)
    await new Promise((res) => setTimeout(res, 200))
    expect(mail.mails.length).toBe(before)
  })
})

describe('login and sessions', () => {
  it('sets an HttpOnly SameSite=Strict cookie for 7 days and returns the token', async () => {
    const r = await activeAccount()
    const res = await login(r.email.toUpperCase(), r.password)
    expect(res.statusCode).toBe(200)
    const token = res.json().data.token as string
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(res.json().data.expires_at).toEqual(expect.any(String))
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toContain(`token=${token}`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    expect(cookie).toMatch(/Max-Age=604800/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Secure/i)
    const stored = (await t.app.db.execute(sql`SELECT token_hash FROM sessions`)) as unknown as {
      rows: Array<{ token_hash: string }>
    }
    expect(stored.rows.map((s) => s.token_hash)).not.toContain(token)
  })

  it('answers a wrong password and an unknown email identically', async () => {
    const r = await activeAccount()
    const wrong = await login(r.email, 'not-the-password')
    const unknown = await login(uniqueEmail('ghost'), 'not-the-password')
    expect(wrong.statusCode).toBe(422)
    expect(unknown.statusCode).toBe(422)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json().message).toMatch(/^Login Failed/)
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('returns me with permissions, role and company from a bearer token or the cookie', async () => {
    const r = await activeAccount()
    const token = await sessionToken(r.email, r.password)
    const viaBearer = await get('/auth/me', { token })
    const viaCookie = await get('/auth/me', { cookie: token })
    expect(viaBearer.statusCode).toBe(200)
    expect(viaCookie.json()).toEqual(viaBearer.json())
    const me = viaBearer.json().data
    expect(me).toMatchObject({
      id: expect.any(Number),
      name: 'Siti Rahma',
      email: r.email,
      username: expect.stringMatching(/^[a-z0-9]+$/),
      role_name: 'owner',
      company: { id: expect.any(Number), name: 'Nusantara Tours', trial_ends_at: expect.any(String) },
    })
    expect(me.permissions).toContain('user_list')
    expect(me.permissions).toContain('role_create')
    expect(me.permissions).not.toContain('permission_create')
  })

  it('answers 401 without a session and with a made-up token', async () => {
    expect((await get('/auth/me')).statusCode).toBe(401)
    expect((await get('/auth/me', { token: 'x'.repeat(43) })).statusCode).toBe(401)
  })

  it('answers /auth/session with the same user as /auth/me, and 200 with null when signed out', async () => {
    const r = await activeAccount()
    const token = await sessionToken(r.email, r.password)
    const session = await get('/auth/session', { cookie: token })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toEqual((await get('/auth/me', { token })).json())
    for (const signedOut of [await get('/auth/session'), await get('/auth/session', { token: 'x'.repeat(43) })]) {
      expect(signedOut.statusCode).toBe(200)
      expect(signedOut.json()).toEqual({ data: null })
    }
  })

  it('logs out: the session is gone, the cookie is cleared', async () => {
    const r = await activeAccount()
    const token = await sessionToken(r.email, r.password)
    const csrf = await post('/auth/logout', undefined, { cookie: token })
    expect(csrf.statusCode).toBe(403)
    const out = await post('/auth/logout', undefined, { cookie: token, headers: { 'x-requested-with': 'XMLHttpRequest' } })
    expect(out.statusCode).toBe(200)
    expect(String(out.headers['set-cookie'])).toMatch(/token=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i)
    expect((await get('/auth/me', { token })).statusCode).toBe(401)
    // Logging out again (no session) still answers 200.
    expect((await post('/auth/logout')).statusCode).toBe(200)
  })

  it('stops a blocked or deleted user at once, and tells a blocked user so at login', async () => {
    const r = await activeAccount()
    const token = await sessionToken(r.email, r.password)
    expect((await get('/auth/me', { token })).statusCode).toBe(200)
    await t.app.db.execute(sql`UPDATE users SET status = 'blocked' WHERE email = ${r.email}`)
    expect((await get('/auth/me', { token })).statusCode).toBe(401)
    const blocked = await login(r.email, r.password, { locale: 'id' })
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json().message).toMatch(/diblokir/)
    // A wrong password for a blocked account still says nothing about the account.
    expect((await login(r.email, 'wrong-password')).json().message).toMatch(/^Login Failed/)

    const other = await activeAccount()
    const t2 = await sessionToken(other.email, other.password)
    await t.app.db.execute(sql`DELETE FROM users WHERE email = ${other.email}`)
    expect((await get('/auth/me', { token: t2 })).statusCode).toBe(401)
  })

  it('refuses a cookie-authenticated write without X-Requested-With', async () => {
    const r = await activeAccount()
    const token = await sessionToken(r.email, r.password)
    const body = { password_now: r.password, password: 'another-pass-2', password_confirmation: 'another-pass-2' }
    const res = await post('/auth/change_password', body, { cookie: token })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toMatch(/X-Requested-With/)
  })
})

describe('change password', () => {
  it('checks the current password and the confirmation, then ends the other sessions only', async () => {
    const r = await activeAccount()
    const mine = await sessionToken(r.email, r.password)
    const other = await sessionToken(r.email, r.password)

    const wrongNow = await post(
      '/auth/change_password',
      { password_now: 'wrong-password', password: 'another-pass-2', password_confirmation: 'another-pass-2' },
      { token: mine },
    )
    expect(wrongNow.statusCode).toBe(422)
    expect(wrongNow.json().errors).toEqual({ password_now: ['The current password is wrong.'] })

    const mismatch = await post(
      '/auth/change_password',
      { password_now: r.password, password: 'another-pass-2', password_confirmation: 'another-pass-3' },
      { token: mine },
    )
    expect(mismatch.statusCode).toBe(422)
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Password confirmation does not match the password'] })

    const short = await post(
      '/auth/change_password',
      { password_now: r.password, password: 'short', password_confirmation: 'short' },
      { token: mine, locale: 'id' },
    )
    expect(short.statusCode).toBe(422)
    expect(short.json().errors.password).toEqual(['Kata Sandi minimal 8 karakter'])

    const ok = await post(
      '/auth/change_password',
      { id: 12345, password_now: r.password, password: 'another-pass-2', password_confirmation: 'another-pass-2' },
      { cookie: mine, headers: { 'x-requested-with': 'XMLHttpRequest' } },
    )
    expect(ok.statusCode).toBe(200)
    expect(ok.json().message).toBe('Password Updated')
    expect((await get('/auth/me', { token: mine })).statusCode).toBe(200)
    expect((await get('/auth/me', { token: other })).statusCode).toBe(401)
    expect((await login(r.email, r.password)).statusCode).toBe(422)
    expect((await login(r.email, 'another-pass-2')).statusCode).toBe(200)
  })

  it('needs a session', async () => {
    const res = await post('/auth/change_password', {
      password_now: 'abcdefgh',
      password: 'abcdefgh',
      password_confirmation: 'abcdefgh',
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('forgot and reset', () => {
  it('answers 200 for any well-formed email and mails a link only to an existing user', async () => {
    const r = await activeAccount()
    const known = await post('/auth/forgot', { email: r.email.toUpperCase() }, { locale: 'id' })
    const unknown = await post('/auth/forgot', { email: uniqueEmail('nobody') }, { locale: 'id' })
    expect(known.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    const m = await mail.waitFor(r.email, (x) => x.text.includes('/reset?'))
    expect(m.subject).toBe('Atur ulang kata sandi Travel Back Office Anda')
    expect(m.text).toMatch(/60 menit/)
    const link = linkIn(m)
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/reset`)
    expect(link.searchParams.get('email')).toBe(r.email)
    expect((await post('/auth/forgot', { email: 'not-an-email' })).statusCode).toBe(422)
  })

  it('resets once with the mailed token, bound to its email, and ends every session', async () => {
    const r = await activeAccount()
    const victim = await activeAccount()
    const session = await sessionToken(r.email, r.password)
    await post('/auth/forgot', { email: r.email })
    const token = linkIn(await mail.waitFor(r.email, (x) => x.text.includes('/reset?'))).searchParams.get('token')!
    const body = { token, email: r.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }

    const otherEmail = await post('/auth/reset', { ...body, email: victim.email })
    expect(otherEmail.statusCode).toBe(422)
    expect(otherEmail.json().errors).toEqual({ token: ['Wrong Token'] })
    expect((await login(victim.email, 'brand-new-pass')).statusCode).toBe(422)

    const mismatch = await post('/auth/reset', { ...body, password_confirmation: 'brand-new-pasz' })
    expect(mismatch.statusCode).toBe(422)
    expect(mismatch.json().errors.password_confirmation).toEqual(['Password confirmation does not match the password'])

    // An activation token is no reset token.
    const activationToken = linkIn(await mail.waitFor(r.email, (x) => x.text.includes('/activation?'))).searchParams.get('token')
    expect((await post('/auth/reset', { ...body, token: activationToken })).statusCode).toBe(422)

    const ok = await post('/auth/reset', body)
    expect(ok.statusCode).toBe(200)
    expect((await get('/auth/me', { token: session })).statusCode).toBe(401)
    expect((await login(r.email, r.password)).statusCode).toBe(422)
    expect((await login(r.email, 'brand-new-pass')).statusCode).toBe(200)

    const reused = await post('/auth/reset', { ...body, password: 'third-password', password_confirmation: 'third-password' })
    expect(reused.statusCode).toBe(422)
    expect(reused.json().message).toBe('Wrong Token')
  })

  it('refuses an expired reset token and a forged one', async () => {
    const r = await activeAccount()
    await post('/auth/forgot', { email: r.email })
    const token = linkIn(await mail.waitFor(r.email, (x) => x.text.includes('/reset?'))).searchParams.get('token')!
    await t.app.db.execute(sql`UPDATE user_tokens SET expires_at = now() - interval '1 second'
      WHERE kind = 'reset' AND user_id = (SELECT id FROM users WHERE email = ${r.email})`)
    const body = { email: r.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }
    expect((await post('/auth/reset', { ...body, token })).json()).toEqual({
      message: 'Wrong Token',
      errors: { token: ['Wrong Token'] },
    })
    expect((await post('/auth/reset', { ...body, token: `${token.slice(0, -1)}A` })).statusCode).toBe(422)
  })

  it('issues reset tokens that live 60 minutes and activation tokens that live 48 hours', async () => {
    const r = await register()
    await post('/auth/forgot', { email: r.email })
    await mail.waitFor(r.email, (x) => x.text.includes('/reset?'))
    const rows = (await t.app.db.execute(sql`
      SELECT kind, extract(epoch FROM expires_at - created_at)::int AS ttl FROM user_tokens
       WHERE user_id = (SELECT id FROM users WHERE email = ${r.email}) ORDER BY kind`)) as unknown as {
      rows: Array<{ kind: string; ttl: number }>
    }
    const ttl = Object.fromEntries(rows.rows.map((x) => [x.kind, Number(x.ttl)]))
    expect(ttl.activation).toBeGreaterThan(48 * 3600 - 5)
    expect(ttl.activation).toBeLessThan(48 * 3600 + 5)
    expect(ttl.reset).toBeGreaterThan(3600 - 5)
    expect(ttl.reset).toBeLessThan(3600 + 5)
  })

  it('activates a pending account whose owner resets the password (the mail proved the address)', async () => {
    const r = await register()
    await post('/auth/forgot', { email: r.email })
    const token = linkIn(await mail.waitFor(r.email, (x) => x.text.includes('/reset?'))).searchParams.get('token')
    expect(
      (await post('/auth/reset', { token, email: r.email, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }))
        .statusCode,
    ).toBe(200)
    expect((await login(r.email, 'brand-new-pass')).statusCode).toBe(200)
  })
})

describe('bad input', () => {
  it('names every missing field of a registration, in both languages', async () => {
    const en = await post('/auth/register', {})
    expect(en.statusCode).toBe(422)
    expect(en.json().errors).toEqual({
      companies: ['Company Name is Required'],
      name: ['Name is Required'],
      email: ['Email is Required'],
      password: ['Password is Required'],
      password_confirmation: ['Password Confirmation is Required'],
    })
    const id = await post(
      '/auth/register',
      { companies: '   ', name: '', email: '', password: '', password_confirmation: '' },
      { locale: 'id' },
    )
    expect(id.statusCode).toBe(422)
    expect(id.json().errors).toMatchObject({
      companies: ['Nama Perusahaan Wajib Diisi'],
      name: ['Nama Wajib Diisi'],
      email: ['Email Wajib Diisi'],
    })
  })

  it('refuses wrong types with a message per field', async () => {
    const res = await post('/auth/register', {
      companies: 12,
      name: ['x'],
      email: 42,
      password: true,
      password_confirmation: null,
    })
    expect(res.statusCode).toBe(422)
    expect(Object.keys(res.json().errors).sort()).toEqual(['companies', 'email', 'name', 'password', 'password_confirmation'])
    expect(res.json().errors.companies).toEqual(['Company Name must be a string'])
    const login = await post('/auth/login', { email: { $ne: null }, password: 12345678 })
    expect(login.statusCode).toBe(422)
    expect(Object.keys(login.json().errors).sort()).toEqual(['email', 'password'])
    expect((await post('/auth/login', '[1,2,3]')).statusCode).toBe(422)
  })

  it('refuses 10 kB strings in every field as too long, not a 500', async () => {
    const big = 'x'.repeat(10_240)
    const reg = await post('/auth/register', {
      companies: big,
      name: big,
      email: `${big}@example.test`,
      password: big,
      password_confirmation: big,
    })
    expect(reg.statusCode).toBe(422)
    expect(reg.json().errors).toMatchObject({
      companies: ['Company Name must be at most 191 characters'],
      name: ['Name must be at most 191 characters'],
      email: ['Email must be at most 191 characters'],
      password: ['Password must be at most 128 characters'],
    })
    for (const [url, body] of [
      ['/auth/login', { email: 'a@example.test', password: big }],
      ['/auth/activation', { email: 'a@example.test', token: big }],
      ['/auth/reset', { email: 'a@example.test', token: big, password: 'abcdefgh', password_confirmation: 'abcdefgh' }],
      ['/auth/forgot', { email: big }],
      ['/auth/resend_activation', { email: big }],
    ] as const) {
      const res = await post(url, body)
      expect(res.statusCode, url).toBe(422)
      expect(Object.keys(res.json().errors).length, url).toBe(1)
    }
  })

  it('refuses malformed JSON with 400', async () => {
    const res = await post('/auth/login', '{"email": ')
    expect(res.statusCode).toBe(400)
  })

  it('treats emails case-insensitively, punycodes an international domain and refuses a non-ASCII local part', async () => {
    const upper = await register(`  ${uniqueEmail('UPPER').toUpperCase()}  `)
    expect(upper.res.statusCode).toBe(200)
    expect(upper.res.json().data.email).toBe(upper.email)

    const idn = await register(`ana.${Date.now()}@Bücher.Example`)
    expect(idn.res.statusCode).toBe(200)
    expect(idn.res.json().data.email).toMatch(/@xn--bcher-kva\.example$/)
    const m = await mail.waitFor(idn.res.json().data.email)
    expect(linkIn(m).searchParams.get('email')).toBe(idn.res.json().data.email)

    const local = await register(`Ünïcødé.${Date.now()}@example.test`, {}, { locale: 'id' })
    expect(local.res.statusCode).toBe(422)
    expect(local.res.json().errors).toEqual({ email: ['Format Email Salah'] })
    const notEmail = await post('/auth/login', { email: 'not an email', password: 'abcdefgh' })
    expect(notEmail.json().errors).toEqual({ email: ['Email is Wrong Format'] })
  })
})

describe('configuration', () => {
  it('serves no Google routes without GOOGLE_CLIENT_ID', async () => {
    expect((await post('/auth/google_login', { credential: 'x' })).statusCode).toBe(404)
    expect((await post('/auth/complete_signup', { credential: 'x', companies: 'X' })).statusCode).toBe(404)
  })

  it('declares the access of every auth route', () => {
    const mine = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/v1/auth') || r.url === '/api/v1/dashboard')
    expect(mine.length).toBeGreaterThanOrEqual(10)
    for (const r of mine) expect(r.access, `${r.method} ${r.url}`).toBeDefined()
    const access = Object.fromEntries(mine.map((r) => [`${r.method} ${r.url}`, r.access]))
    expect(access).toMatchObject({
      'POST /api/v1/auth/login': 'public',
      'GET /api/v1/auth/me': 'session',
      'POST /api/v1/auth/change_password': 'session',
      'GET /api/v1/dashboard': 'session',
    })
  })
})
