/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest'
import { render, screen } from '../../test-utils/render'
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
      id: 2,
      kind: 'transportation',
      item_name: 'GMC Yukon (B 1234)',
      item_id: 9,
      variant: '',
      start_date: '2026-12-03',
      end_date: '2026-12-03',
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
    expect(screen.getByText('03 – 06-12-2026')).toBeTruthy()
    expect(screen.getByText('Item 2 · Vehicle')).toBeTruthy()
    // A vehicle has no rooms or guests; an empty e-mail and empty notes show a dash.
    expect(screen.getAllByText('Adults')).toHaveLength(1)
    expect(screen.getAllByText('—').length).toBeGreaterThanOrEqual(2)
  })
})
