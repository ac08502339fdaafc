import { z } from 'zod'
import { MAX_NAME, NAME_MIN } from '../constants.js'
import { emailField, PASSWORD_CONFIRMATION_KEY, PASSWORD_MAX, passwordField } from './auth.js'
import { queryBoolean } from './list-query.js'
import { requiredText } from './reference.js'

export const USER_STATUSES = ['pending', 'active', 'blocked'] as const
export type UserStatus = (typeof USER_STATUSES)[number]
/**
 * A user created by a colleague starts active: they were given a password and can sign in at once
 * (`pending` is for self-registration awaiting the mailed link). The create form starts at it too.
 */
export const USER_DEFAULT_STATUS: UserStatus = 'active'

/** Columns the users list sorts by (`role` sorts by the role's display name). */
export const USER_SORTABLE = ['name', 'username', 'email', 'phone', 'role', 'status', 'created_at'] as const

/** Longest username: short handles, not sentences (a 300-character one is a 422). */
export const USERNAME_MAX = 50
export const PHONE_MAX = 50

/** Message key of the username rule; the spec's wording is 'Error Karakter tidak Valid'. */
export const USERNAME_INVALID_KEY = 'username_invalid'

/** Trimmed and lower-cased first, then letters and digits only (spec §5). */
export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .min(NAME_MIN)
  .max(USERNAME_MAX)
  .refine((v) => /^[a-z0-9]*$/.test(v), { message: USERNAME_INVALID_KEY })

/**
 * The one rule for ids (issue 31): an id in a JSON body is a JSON integer, 1..2^31-1; text such as "7" is
 * refused (422 on the field) everywhere, as orders always did. Empty or null reads as missing ('{Field} is
 * Required'). Query strings use `queryId` (list-query.ts), and a multipart form's text parts for id fields
 * are turned into numbers by the server before validation (apps/server crud/body.ts, found through
 * `idSchemas`), since a form has no other way to send a number.
 */
export const idField = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number().int().min(1).max(2_147_483_647))

/**
 * The id fields of the shared contracts, so the server can find them in any body schema: `id` (one id),
 * `ids` (a list). Filled where each is defined.
 */
export const idSchemas = z.registry<{ kind: 'id' | 'ids' }>()
idSchemas.add(idField, { kind: 'id' })

const phoneField = z
  .string()
  .trim()
  .max(PHONE_MAX)
  .nullish()
  .transform((v) => (v ? v : null))

const userFields = {
  name: requiredText(NAME_MIN, MAX_NAME),
  username: usernameField,
  email: emailField,
  phone: phoneField,
  status: z.enum(USER_STATUSES),
  role_id: idField,
}

const confirmation = { path: ['password_confirmation'], message: PASSWORD_CONFIRMATION_KEY }

/**
 * `POST /users`: a password of at least 8 (DESIGN §4, over the spec's 6) and its confirmation; without a
 * status the user is active.
 */
export const createUserSchema = z
  .object({
    ...userFields,
    status: userFields.status.default(USER_DEFAULT_STATUS),
    password: passwordField,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.password_confirmation, confirmation)
export type CreateUserInput = z.infer<typeof createUserSchema>

/** An empty password on edit means "keep the current one". */
const optionalPassword = z
  .string()
  .max(PASSWORD_MAX)
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(passwordField.optional())

/** `PUT /users/{id}`: as create, but the password is optional. */
export const updateUserSchema = z
  .object({
    ...userFields,
    password: optionalPassword,
    password_confirmation: z.string().max(PASSWORD_MAX).nullish(),
  })
  .refine((v) => !v.password || v.password === v.password_confirmation, confirmation)
export type UpdateUserInput = z.infer<typeof updateUserSchema>

/** A row of `GET /users`. */
export interface UserRow {
  id: number
  name: string
  username: string
  email: string
  phone: string | null
  status: UserStatus
  role_id: number
  role: { id: number; name: string; display_name: string }
  company_id: number
  created_at: string
}

export const usersExportQuerySchema = z.object({
  format: z.enum(['xlsx']).default('xlsx'),
  search: z.string().max(200).optional(),
  is_company: queryBoolean.optional(),
  /** `keys`: the spec's field names as headers instead of the screen's labels (issue 32, item 12). */
  headers: z.enum(['labels', 'keys']).optional(),
  /** IANA time zone for the created column; the company's time zone when absent. */
  tz: z
    .string()
    .max(64)
    .refine((v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v })
        return true
      } catch {
        return false
      }
    })
    .optional(),
})
