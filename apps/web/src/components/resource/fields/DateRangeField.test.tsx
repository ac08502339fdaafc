/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { field } from '../define'
import { render, screen, userEvent } from '../../../test-utils/render'
import { FieldHarness, valuesOf } from '../../../test-utils/form-harness'
import { parseTypedRange } from './DateRangeField'

const range = field.dateRange('date_range')

describe('DateRangeField', () => {
  it('picks a start and an end day as YYYY-MM-DD', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={range} mode="edit" values={{ date_range: ['2026-04-01', '2026-04-02'] }} />)
    const input = screen.getByRole('button', { name: 'date_range' })
    expect(input.textContent).toBe('01-04-2026 – 02-04-2026')
    await user.click(input)
    await user.click(screen.getByRole('button', { name: '10 April 2026' }))
    await user.click(screen.getByRole('button', { name: '14 April 2026' }))
    expect(valuesOf().date_range).toEqual(['2026-04-10', '2026-04-14'])
  })

  it('takes one day as a one-day range', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={range} mode="edit" values={{ date_range: ['2026-04-01', '2026-04-02'] }} />)
    await user.click(screen.getByRole('button', { name: 'date_range' }))
    await user.click(screen.getByRole('button', { name: '20 April 2026' }))
    await user.click(screen.getByRole('button', { name: '20 April 2026' }))
    expect(valuesOf().date_range).toEqual(['2026-04-20', '2026-04-20'])
  })

  it('starts empty in a create form', () => {
    render(<FieldHarness field={range} />)
    expect(valuesOf().date_range).toEqual([null, null])
  })
})

describe('parseTypedRange', () => {
  it.each([
    ['20-02-2027 – 03-03-2027', { range: ['2027-02-20', '2027-03-03'] }],
    ['20-02-2027–03-03-2027', { range: ['2027-02-20', '2027-03-03'] }],
    ['20-02-2027 - 03-03-2027', { range: ['2027-02-20', '2027-03-03'] }],
    ['20-02-2027-03-03-2027', { range: ['2027-02-20', '2027-03-03'] }],
    ['20-02-2027 s/d 03-03-2027', { range: ['2027-02-20', '2027-03-03'] }],
    ['20-02-2027s/d03-03-2027', { range: ['2027-02-20', '2027-03-03'] }],
    ['  1/2/2027 — 5.2.2027  ', { range: ['2027-02-01', '2027-02-05'] }],
    ['10-03-2027', { range: ['2027-03-10', '2027-03-10'] }],
    ['10-03-2027 – 10-03-2027', { range: ['2027-03-10', '2027-03-10'] }],
    ['03-03-2027 – 20-02-2027', { error: 'reversed' }],
    ['31-02-2027 – 03-03-2027', { error: 'unreadable' }],
    ['20-02-2027 to', { error: 'unreadable' }],
    ['Ramadan', { error: 'unreadable' }],
    ['', { error: 'unreadable' }],
  ])('%j reads as %j', (text, expected) => {
    expect(parseTypedRange(text)).toEqual(expected)
  })

  it('keeps to the days and the length allowed', () => {
    expect(parseTypedRange('01-01-2027 – 05-01-2027', { minDate: '2027-01-02' })).toEqual({ error: 'outside' })
    expect(parseTypedRange('01-01-2027 – 05-01-2027', { maxDate: '2027-01-04' })).toEqual({ error: 'outside' })
    expect(parseTypedRange('01-01-2027 – 05-01-2027', { maxDays: 4 })).toEqual({ error: 'too_long', maxDays: 4 })
    expect(parseTypedRange('01-01-2027 – 04-01-2027', { maxDays: 4 })).toEqual({ range: ['2027-01-01', '2027-01-04'] })
  })
})

describe('DateRangeField typed', () => {
  it('takes a range typed as DD-MM-YYYY – DD-MM-YYYY, and the picker shows it', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={range} mode="edit" values={{ date_range: ['2026-04-01', '2026-04-02'] }} />)
    await user.type(screen.getByRole('textbox', { name: 'Type date_range' }), '20-02-2027 s/d 03-03-2027{Enter}')
    expect(valuesOf().date_range).toEqual(['2027-02-20', '2027-03-03'])
    expect(screen.getByRole('button', { name: 'date_range' }).textContent).toBe('20-02-2027 – 03-03-2027')
  })

  it('shows why a reversed or unreadable range is not taken, and keeps the value', async () => {
    const user = userEvent.setup()
    render(<FieldHarness field={range} mode="edit" values={{ date_range: ['2026-04-01', '2026-04-02'] }} />)
    const box = screen.getByRole('textbox', { name: 'Type date_range' })
    await user.type(box, '03-03-2027 – 20-02-2027{Enter}')
    expect(await screen.findByText('date_range ends before it starts')).toBeTruthy()
    await user.clear(box)
    await user.type(box, '20-02-27 – 03-03-2027')
    await user.tab()
    expect(await screen.findByText('Write date_range as DD-MM-YYYY – DD-MM-YYYY')).toBeTruthy()
    expect(valuesOf().date_range).toEqual(['2026-04-01', '2026-04-02'])
  })
})
