import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { referenceInputSchema } from '@app/shared'
import type { FieldDef } from './define'
import { initialValues, isRequired } from './form-values'
import { splitFieldErrors } from './use-resource'

const fields: FieldDef[] = [
  { name: 'name', kind: 'text' },
  { name: 'description', kind: 'textarea' },
  { name: 'is_active', kind: 'yesNo' },
  { name: 'group_id', kind: 'select', options: [] },
  { name: 'password', kind: 'password' },
  { name: 'sort', kind: 'number', initial: 0 },
]

describe('initialValues', () => {
  it('starts a create form empty, with choices unchosen', () => {
    expect(initialValues(fields, 'create')).toEqual({
      name: '',
      description: '',
      is_active: null,
      group_id: null,
      password: '',
      sort: 0,
    })
  })

  it('fills an edit form from the row, never the password', () => {
    const row = { id: 3, name: 'Pool', description: null, is_active: false, group_id: 7, password: 'hash', extra: 'x' }
    expect(initialValues(fields, 'edit', row)).toEqual({
      name: 'Pool',
      description: '',
      is_active: false,
      group_id: 7,
      password: '',
      sort: 0,
    })
  })

  it('uses transformRow when given', () => {
    const row = { id: 3, name: 'Pool', group: { id: 9 } }
    expect(initialValues(fields, 'edit', row, (r) => ({ name: r.name, group_id: r.group.id }))).toMatchObject({
      name: 'Pool',
      group_id: 9,
      is_active: null,
    })
  })
})

describe('isRequired', () => {
  it('follows the schema', () => {
    expect(isRequired(referenceInputSchema, 'name')).toBe(true)
    expect(isRequired(referenceInputSchema, 'is_active')).toBe(true)
    const schema = z.object({ slug: z.string().optional(), name: z.string() }).refine(() => true)
    expect(isRequired(schema, 'slug')).toBe(false)
    expect(isRequired(schema, 'name')).toBe(true)
    expect(isRequired(undefined, 'name')).toBe(false)
  })
})

describe('splitFieldErrors', () => {
  it('puts known fields on the form and the rest aside', () => {
    expect(
      splitFieldErrors({ name: ['Name in Used'], 'prices.0.price': ['Too small'], body: ['Bad'] }, ['name', 'prices']),
    ).toEqual({
      fieldErrors: { name: 'Name in Used', prices: 'Too small' },
      rest: ['Bad'],
    })
  })
})
