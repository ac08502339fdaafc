/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { fireEvent, render, screen } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'

describe('TimeField', () => {
  it('is a time input holding HH:mm, showing a stored HH:mm:ss by its minutes', async () => {
    let set: ((v: string) => void) | undefined
    render(<FieldHarness field={field.time('check_in')} onForm={(f) => (set = (v) => f.setFieldValue('check_in', v))} />)
    const input = (await screen.findByLabelText('check_in')) as HTMLInputElement
    expect(input.type).toBe('time')
    fireEvent.change(input, { target: { value: '14:30' } })
    expect(valuesOf().check_in).toBe('14:30')
    set?.('12:00:00')
    expect(((await screen.findByLabelText('check_in')) as HTMLInputElement).value).toBe('12:00')
  })
})
