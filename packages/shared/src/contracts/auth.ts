import { z } from 'zod'
import { LOCALES, MAX_NAME, PASSWORD_MIN } from '../constants.js'

/** Longest password accepted: argon2 takes any length, but a 10 kB one is an attack, not a password. */
export const PASSWORD_MAX = 128

/**
 * An email as the product keeps it: trimmed, NFC, lower-cased, and an
 * internationalized domain turned into its ASCII (punycode) form, so that
 * `Ana@Bücher.DE` and `ana@xn--bcher-kva.de` are one account. A non-ASCII local
 * part is refused ('Email is Wrong Format'): not every mail server takes it.
 */
export function normalizeEmail(raw: string): string {
  const v = raw.trim().normalize('NFC').toLowerCase()
  const at = v.lastIndexOf('@')
  if (at < 1) return v
  const domain = v.slice(at + 1)
  if (/^[\x20-\x7e]*$/.test(domain)) return v
  try {
    const host = new URL(`http://${domain}`).hostname
    return `${v.slice(0, at)}@${host}`
  } catch {
    return v
  }
}

export const emailField = z.string().trim().min(1).max(MAX_NAME).transform(normalizeEmail).pipe(z.email().max(MAX_NAME))

export const passwordField = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)
/** Required, otherwise free text (spec §5: company and name have no further rule). */
export const plainRequired = z.string().trim().min(1).max(MAX_NAME)

/** Message key of the confirmation rule ('Password confirmation does not match the password'). */
export const PASSWORD_CONFIRMATION_KEY = 'password_confirmation'

function confirmed<T extends { password: string; password_confirmation: string }>(v: T) {
  return v.password === v.password_confirmation
}
const confirmation = { path: ['password_confirmation'], message: PASSWORD_CONFIRMATION_KEY }

export const loginSchema = z.object({ email: emailField, password: passwordField })
export type LoginInput = z.infer<typeof loginSchema>

export const registerSchema = z
  .object({
    companies: plainRequired,
    name: plainRequired,
    email: emailField,
    password: passwordField,
    password_confirmation: z.string().min(1).max(PASSWORD_MAX),
  })
  .refine(confirmed, confirmation)
export type RegisterInput = z.infer<typeof registerSchema>

/** Activation and reset tokens are 43 base64url characters; anything else is refused early. */
export const tokenField = z.string().trim().min(1).max(200)

export const activationSchema = z.object({ token: tokenField, email: emailField })
export const emailOnlySchema = z.object({ email: emailField })

export const resetSchema = z
  .object({
    token: tokenField,
    email: emailField,
    password: passwordField,
    password_confirmation: z.string().min(1).max(PASSWORD_MAX),
  })
  .refine(confirmed, confirmation)
export type ResetInput = z.infer<typeof resetSchema>

export const changePasswordSchema = z
  .object({
    password_now: passwordField,
    password: passwordField,
    password_confirmation: z.string().min(1).max(PASSWORD_MAX),
  })
  .refine(confirmed, confirmation)
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

/** Google sign-in: the ID token from Google Identity Services. */
export const googleLoginSchema = z.object({ credential: z.string().trim().min(1).max(8192) })
export const completeSignupSchema = googleLoginSchema.extend({ companies: plainRequired })

/** `GET /auth/me` */
export interface CurrentUser {
  id: number
  name: string
  email: string
  username: string
  locale: string
  permissions: string[]
  role_name: string
  company: { id: number; name: string; trial_ends_at: string | null }
}

/** `POST /auth/login` (and Google sign-in once the account exists). */
export interface LoginResult {
  token: string
  expires_at: string
}

/** `POST /auth/google_login` for an email without an account: ask for a company name. */
export interface GoogleSignupRequired {
  signup_required: true
  email: string
  name: string
}

/**
 * `GET /dashboard/orders`: the business of the desks the caller may read
 * (issue 11). Bookings and revenue (SAR, orders not cancelled, by the month
 * they were made) for the same 12 months as `DashboardData`; room occupancy of
 * the next 30 days (only with a hotel desk); items of open orders starting in
 * the next 7 days.
 */
export interface DashboardOrders {
  months: string[]
  bookings: number[]
  /** Null without `approval` on any desk read: money is for whoever signs its moves. */
  revenue: number[] | null
  occupancy: { days: Array<{ day: string; booked: number; capacity: number }>; booked: number; capacity: number } | null
  arrivals: {
    total: number
    items: Array<{
      order_id: number
      code: string
      customer_name: string
      status: string
      kind: 'room' | 'train' | 'transportation'
      item_name: string
      start_date: string
      end_date: string
      quantity: number
    }>
  }
  /** Orders leaving this week (their end: a stay's check-out, today … today + 6), open ones, at most 50 (issue 32). */
  departures: {
    total: number
    items: Array<{ order_id: number; code: string; customer_name: string; status: string; end_date: string }>
  }
  /** Money received this month (payments less refunds, UTC month); null without `approval` on a desk read. */
  received: { month: string; amount: number; payments: number } | null
  /**
   * Balances still to collect on pending and confirmed orders; overdue = those whose first day has come.
   * Null without `approval` on a desk read.
   */
  balances: { due: { orders: number; amount: number }; overdue: { orders: number; amount: number } } | null
}

/** `GET /dashboard`: monthly counts of new rows, oldest month first. */
export interface DashboardData {
  /** `YYYY-MM`, the last 12 months including the current one. */
  months: string[]
  /** One entry per counted table: its key (`users`, `categories`, …) and a count per month. */
  series: Array<{ key: string; counts: number[]; total: number }>
}

/** `PUT /auth/me/locale`: the language the user picked, kept on the user (issue 32, item 14). */
export const localeChoiceSchema = z.object({ locale: z.enum(LOCALES) })
