/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest'
import i18n from '../../i18n'
import { act, render, screen } from '../../test-utils/render'
import type { OrderDetail } from './order-logic'
import { CustomerSummary, ItemsSummary, NotesSummary } from './OrderSummary'

const order = {
  id: 5,
  code: 'ORD-2026-000005',
  status: 'paid',
  total: 5301,
  paid: 5301,
  balance: 0,
  notes: null,
  start_date: '2026-12-03',
  end_date: '2026-12-07',
  created_at: '2026-11-24T05:00:00Z',
  customer: { name: 'Rahmat Hidayat', email: null, phone: '+62 812 0000', nationality: 'Indonesia', passport_number: 'C1234567' },
  items: [
    {
      id: 1,
      kind: 'room',
      item_name: 'Hilton Suites Makkah - Quad',
      item_id: 3,
      variant: '',
      start_date: '2026-12-03',
      end_date: '2026-12-06',
      quantity: 2,
      adults: 4,
      children: 1,
      amount: 3600,
    },
    {
      id: 3,
      kind: 'train',
      // Booked by an English-speaking clerk: the stored name carries the English class.
      item_name: 'Haramain Express (HHR-01, economy)',
      item_id: 4,
      variant: 'economy',
      start_date: '2026-12-04',
      end_date: '2026-12-04',
      date: '2026-12-04',
      train_type: 'economy',
      quantity: 3,
      adults: 2,
      children: 1,
      amount: 1401,
    },
    {
      id: 2,
      kind: 'transportation',
      item_name: 'GMC Yukon (B 1234)',
      item_id: 9,
      variant: '',
      start_date: '2026-12-03',
      end_date: '2026-12-05',
      quantity: 1,
      adults: 0,
      children: 0,
      amount: 300,
    },
  ],
} as unknown as OrderDetail

describe('the summary of an order that can no longer change', () => {
  it('reads the customer, each item and the notes as text, not as inputs', () => {
    render(
      <>
        <CustomerSummary order={order} />
        <ItemsSummary order={order} />
        <NotesSummary order={order} />
      </>,
    )
    expect(screen.queryAllByRole('textbox')).toHaveLength(0)
    expect(screen.getByText('Rahmat Hidayat')).toBeTruthy()
    expect(screen.getByText('C1234567')).toBeTruthy()
    expect(screen.getByText('Item 1 · Hotel stay')).toBeTruthy()
    expect(screen.getByText('Hilton Suites Makkah - Quad')).toBeTruthy()
    expect(screen.getByText('Item 3 · Vehicle')).toBeTruthy()
    // A vehicle has no rooms or guests; an empty e-mail and empty notes show a dash.
    expect(screen.getAllByText('Adults')).toHaveLength(2)
    expect(screen.getAllByText('—').length).toBeGreaterThanOrEqual(2)
  })

  it("names each kind's days: check-in and check-out with the nights, the train's day, the vehicle's start and end day", () => {
    render(<ItemsSummary order={order} />)
    const entry = (label: string) => screen.getByText(label).nextElementSibling?.textContent
    // Stored as the nights of 3 to 6 December: out on the morning of the 7th.
    expect(entry('Check-in')).toBe('03-12-2026')
    expect(entry('Check-out')).toBe('07-12-2026 (4 nights)')
    expect(entry('Day')).toBe('04-12-2026')
    expect(entry('Start day')).toBe('03-12-2026')
    expect(entry('End day')).toBe('05-12-2026')
    expect(screen.queryByText('Dates')).toBeNull()
  })
})

describe('the summary read in Indonesian', () => {
  afterEach(() => void i18n.changeLanguage('en'))

  it('shows the class of a train booked in English in Indonesian, and the days under Indonesian labels', async () => {
    render(<ItemsSummary order={order} />)
    expect(screen.getByText('Haramain Express (HHR-01, economy)')).toBeTruthy()
    await act(() => i18n.changeLanguage('id'))
    expect(screen.getByText('Haramain Express (HHR-01, ekonomi)')).toBeTruthy()
    expect(screen.queryByText(/economy/)).toBeNull()
    expect(screen.getByText('Item ke-2 · Kursi kereta')).toBeTruthy()
    // Hotels in Indonesia say check-in / check-out too (the id file's words for the order form's fields).
    expect(screen.getByText('Check-out').nextElementSibling?.textContent).toBe('07-12-2026 (4 malam)')
    expect(screen.getByText('Hari').nextElementSibling?.textContent).toBe('04-12-2026')
    expect(screen.getByText('Hari mulai').nextElementSibling?.textContent).toBe('03-12-2026')
    expect(screen.getByText('Hari akhir').nextElementSibling?.textContent).toBe('05-12-2026')
  })
})
