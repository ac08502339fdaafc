import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { referenceInputSchema } from '@app/shared'
import type { FieldDef } from './define'
import { dropBlankEntries, initialValues, isRequired, remapListErrors } from './form-values'
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

describe('repeatable lists', () => {
  const entry = z.object({ title: z.string().min(2), note: z.string().optional() })
  const schema = z.object({
    name: z.string(),
    items: z.preprocess((v) => (Array.isArray(v) ? v.filter((e) => e.title || e.note) : v), z.array(entry)).optional(),
  })
  const listFields: FieldDef[] = [
    { name: 'name', kind: 'text' },
    {
      name: 'items',
      kind: 'repeatable',
      fields: [
        { name: 'title', kind: 'text' },
        { name: 'note', kind: 'textarea' },
      ],
    },
  ]

  it('finds whether an entry field is required through the list', () => {
    expect(isRequired(schema, 'items.title')).toBe(true)
    expect(isRequired(schema, 'items.note')).toBe(false)
    expect(isRequired(schema, 'items')).toBe(false)
  })

  it('puts an error of a filled entry back on the entry the form shows, past blank ones', () => {
    const values = {
      name: 'x',
      items: [
        { title: '', note: '' },
        { title: 'A', note: '' },
      ],
    }
    expect(remapListErrors({ 'items.0.title': 'Too short', name: 'Bad' }, values, listFields)).toEqual({
      'items.1.title': 'Too short',
      name: 'Bad',
    })
  })

  it('keeps server errors of list entries on the entry field', () => {
    expect(splitFieldErrors({ 'items.0.title': ['Title is Required'] }, ['name', 'items'], ['items'])).toEqual({
      fieldErrors: { 'items.0.title': 'Title is Required' },
      rest: [],
    })
  })

  it('starts create forms with one blank entry and fills edit forms from the row', () => {
    expect(initialValues(listFields, 'create')).toEqual({ name: '', items: [{ title: '', note: '' }] })
    expect(initialValues(listFields, 'edit', { id: 1, name: 'n', items: [{ id: 5, title: 'T', note: null }] })).toEqual({
      name: 'n',
      items: [{ id: 5, title: 'T', note: '' }],
    })
  })
})

describe('blank entries with defaults', () => {
  const prices: FieldDef[] = [
    {
      name: 'prices_extra',
      kind: 'repeatable',
      fields: [
        { name: 'name', kind: 'text' },
        { name: 'type', kind: 'select', options: [], initial: 'one_time' },
        { name: 'person_price', kind: 'checkbox', switch: true },
      ],
    },
  ]

  it('starts a switch off', () => {
    expect(initialValues(prices, 'create')).toEqual({ prices_extra: [{ name: '', type: 'one_time', person_price: false }] })
  })

  it('drops an entry left as it started, keeps one with a changed default', () => {
    const values = {
      prices_extra: [
        { name: '', type: 'one_time', person_price: false },
        { name: '', type: 'per_day', person_price: false },
        { name: '', type: 'one_time', person_price: true },
        { name: 'Breakfast', type: 'one_time', person_price: false },
      ],
    }
    expect(dropBlankEntries(values, prices).prices_extra).toEqual(values.prices_extra.slice(1))
    expect(remapListErrors({ 'prices_extra.2.value': 'Required' }, values, prices)).toEqual({
      'prices_extra.3.value': 'Required',
    })
  })
})

describe('one behaviour per kind of field (issue 13)', () => {
  it('starts every active flag at yes, and every slug optional with the same hint', async () => {
    const { field } = await import('./define')
    const declared = [field.text('name'), field.slug(), field.active(), field.active('is_active', { span: 6 })]
    const values = initialValues(declared.slice(0, 3), 'create')
    expect(values.is_active).toBe(true)
    expect(initialValues([declared[3]!], 'create').is_active).toBe(true)
    expect(declared[1]).toMatchObject({ name: 'slug', kind: 'text', required: false, descriptionKey: 'kit.slug_hint' })
    expect(isRequired(referenceInputSchema, 'slug')).toBe(false)
  })
})
