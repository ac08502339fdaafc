/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { field } from '../define'
import { render, screen, userEvent, within } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

const policies = field.repeatable('policies', {
  fields: [field.text('title', { span: 6 }), field.textarea('description')],
  max: 3,
})
const schema = z.object({ policies: z.array(z.object({ title: z.string().min(2), description: z.string().optional() })) })

describe('RepeatableField', () => {
  it('starts a new form with one blank entry and marks required sub-fields', () => {
    render(<FieldHarness field={policies} schema={schema} />)
    expect(valuesOf().policies).toEqual([{ title: '', description: '' }])
    const entry = screen.getByRole('group', { name: 'policies 1' })
    expect(within(entry).getByLabelText(/^title/)).toBeTruthy()
    expect(within(entry).getByText('*')).toBeTruthy()
  })

  it('shows one blank entry when editing a record whose list is empty', () => {
    render(<FieldHarness field={policies} mode="edit" values={{ policies: [] }} />)
    expect(valuesOf().policies).toEqual([{ title: '', description: '' }])
  })

  it('keeps entry ids and fills nulls when editing', () => {
    render(
      <FieldHarness
        field={policies}
        mode="edit"
        values={{ policies: [{ id: 4, title: 'Check-in', description: null, location_id: 9 }] }}
      />,
    )
    expect(valuesOf().policies).toEqual([{ id: 4, title: 'Check-in', description: '' }])
  })

  it('adds, types into, reorders and removes entries, and stops at max', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={policies} />)
    await user.type(screen.getAllByLabelText(/^title/)[0]!, 'First')
    await user.click(screen.getByRole('button', { name: 'Add policies' }))
    await user.type(screen.getAllByLabelText(/^title/)[1]!, 'Second')
    expect(valuesOf().policies.map((p: { title: string }) => p.title)).toEqual(['First', 'Second'])

    await user.click(screen.getByRole('button', { name: 'Move up: policies 2' }))
    expect(valuesOf().policies.map((p: { title: string }) => p.title)).toEqual(['Second', 'First'])
    expect((screen.getByRole('button', { name: 'Move up: policies 1' }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Add policies' }))
    expect(screen.queryByRole('button', { name: 'Add policies' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Remove: policies 1' }))
    expect(valuesOf().policies).toEqual([
      { title: 'First', description: '' },
      { title: '', description: '' },
    ])
    expect(screen.getByRole('button', { name: 'Add policies' })).toBeTruthy()
  })
})
