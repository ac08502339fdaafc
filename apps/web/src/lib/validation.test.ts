import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { referenceInputSchema } from '@app/shared'
import { zodFormErrors, type Translate } from './validation'

const texts: Record<string, string> = {
  'validation.required': '{{field}} is Required',
  'validation.too_short': '{{field}} must be at least {{min}} characters',
  'validation.email': 'Email is Wrong Format',
  'validation.invalid': '{{field}} is Invalid',
  'validation.too_many': '{{field}} must have at most {{max}} items',
  'validation.enum': '{{field}} must be one of: {{options}}',
  'validation.password_confirmation': 'Password confirmation does not match the password',
}
const t: Translate = (key, params = {}) =>
  (texts[key] ?? String(params.defaultValue ?? key)).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]))
const label = (f: string) => f[0]!.toUpperCase() + f.slice(1)

describe('zodFormErrors', () => {
  it('says Required for empty, blank and unchosen values', () => {
    // An empty slug is not an error: the server makes it from the name.
    const errors = zodFormErrors(referenceInputSchema, { name: '   ', slug: '', description: '', is_active: null }, t, label)
    expect(errors).toEqual({
      name: 'Name is Required',
      description: 'Description is Required',
      is_active: 'Is_active is Required',
    })
  })

  it('names the minimum for a too-short value', () => {
    const errors = zodFormErrors(
      referenceInputSchema,
      { name: 'A', slug: 'ok-slug', description: 'Fine', is_active: true },
      t,
      label,
    )
    expect(errors).toEqual({ name: 'Name must be at least 2 characters' })
  })

  it('passes valid values', () => {
    expect(
      zodFormErrors(
        referenceInputSchema,
        { name: 'Pool', slug: 'Pool Side', description: 'Outdoor', is_active: false },
        t,
        label,
      ),
    ).toEqual({})
  })

  it('uses the email text and refinement keys', () => {
    const schema = z
      .object({ email: z.email(), password: z.string(), password_confirmation: z.string() })
      .refine((v) => v.password === v.password_confirmation, {
        message: 'password_confirmation',
        path: ['password_confirmation'],
      })
    const errors = zodFormErrors(schema, { email: 'nope', password: 'a', password_confirmation: 'b' }, t, label)
    expect(errors.email).toBe('Email is Wrong Format')
    // zod skips refinements while a property is invalid, so check them separately.
    const ok = zodFormErrors(schema, { email: 'a@b.co', password: 'a', password_confirmation: 'b' }, t, label)
    expect(ok).toEqual({ password_confirmation: 'Password confirmation does not match the password' })
  })

  it('says what the server says for a wrong choice and for too many entries (one shared mapping)', () => {
    const schema = z.object({ status: z.enum(['publish', 'draft']), items: z.array(z.string()).max(2) })
    const errors = zodFormErrors(schema, { status: 'live', items: ['a', 'b', 'c'] }, t, label)
    expect(errors).toEqual({ status: 'Status must be one of: publish, draft', items: 'Items must have at most 2 items' })
    // An unchosen select is missing, not a wrong option.
    expect(zodFormErrors(schema, { status: '', items: [] }, t, label)).toEqual({ status: 'Status is Required' })
  })

  it('says Required for an empty formatted value and Invalid for a malformed one', () => {
    const schema = z.object({ departure_time: z.string().regex(/^\d\d:\d\d$/) })
    expect(zodFormErrors(schema, { departure_time: '' }, t, label)).toEqual({ departure_time: 'Departure_time is Required' })
    expect(zodFormErrors(schema, { departure_time: '7pm' }, t, label)).toEqual({ departure_time: 'Departure_time is Invalid' })
  })
})
