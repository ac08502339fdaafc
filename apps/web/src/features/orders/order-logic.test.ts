import { describe, expect, it } from 'vitest'
import { orderInputSchema } from '@app/shared'
import {
  itemName,
  blankItem,
  blankOrder,
  formatAmount,
  formatDateSpan,
  fromDetail,
  mayMove,
  orderPayload,
  quotable,
  desksOf,
  shortfallDays,
  statusActions,
  type OrderDetail,
  type OrderFormValues,
} from './order-logic'

const filled = (): OrderFormValues => ({
  customer: {
    pilgrim_id: null,
    name: '  Rahmat Hidayat ',
    email: '',
    phone: '+62 812',
    nationality: 'Indonesia',
    passport_number: 'C123',
  },
  notes: '',
  items: [
    { ...blankItem('room'), hotel_id: 4, room_id: 7, check_in: '2026-12-01', check_out: '2026-12-04', quantity: 2, adults: 3 },
    { ...blankItem('train'), route_id: 2, date: '2026-12-04', adults: 3, children: 1 },
    { ...blankItem('transportation'), transportation_id: 9, start_date: '2026-12-01', end_date: '2026-12-01' },
  ],
})

describe('order payload', () => {
  it('is the create body the server validates: no hotel_id, blanks as null, never a price', () => {
    const body = orderPayload(filled())
    expect(orderInputSchema.safeParse(body).success).toBe(true)
    expect(body.customer).toEqual({
      pilgrim_id: null,
      name: 'Rahmat Hidayat',
      email: null,
      phone: '+62 812',
      nationality: 'Indonesia',
      passport_number: 'C123',
    })
    expect(body.notes).toBeNull()
    expect(body.items[0]).toEqual({
      kind: 'room',
      room_id: 7,
      check_in: '2026-12-01',
      check_out: '2026-12-04',
      quantity: 2,
      adults: 3,
      children: 0,
      // No extra unless chosen (issue 32).
      extras: [],
    })
    expect(JSON.stringify(body)).not.toMatch(/price|total|amount|hotel_id/)
  })

  it('sends the travelling pilgrims of any item only when some are listed', () => {
    const v = filled()
    v.customer.pilgrim_id = 12
    v.items[1]!.pilgrim_ids = [5, '6']
    const body = orderPayload(v)
    expect(orderInputSchema.safeParse(body).success).toBe(true)
    expect(body.customer.pilgrim_id).toBe(12)
    expect(body.items[1]).toMatchObject({ kind: 'train', pilgrim_ids: [5, 6] })
    expect(body.items[0]).not.toHaveProperty('pilgrim_ids')
    expect(body.items[2]).not.toHaveProperty('pilgrim_ids')
  })

  it('a blank form fails the shared schema on the fields to fill, by their form paths', () => {
    const res = orderInputSchema.safeParse(orderPayload(blankOrder('hotel')))
    expect(res.success).toBe(false)
    const paths = res.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['customer.name', 'items.0.room_id', 'items.0.check_in', 'items.0.check_out']))
  })
})

describe('quotable', () => {
  it('asks a price for the complete items only and remembers their form positions', () => {
    const v = filled()
    v.items[1] = { ...v.items[1]!, route_id: null }
    const q = quotable(v)!
    expect(q.positions).toEqual([0, 2])
    expect(q.body.items.map((i) => i.kind)).toEqual(['room', 'transportation'])
    expect(orderInputSchema.safeParse(q.body).success).toBe(true)
  })

  it('needs no customer name for a price, and nothing to ask without a complete item', () => {
    const v = filled()
    v.customer.name = ''
    expect(quotable(v)!.body.customer.name.length).toBeGreaterThanOrEqual(2)
    expect(quotable(blankOrder('train'))).toBeNull()
  })

  it('a stay whose check-out is not after check-in is not complete', () => {
    const v = filled()
    v.items = [{ ...v.items[0]!, check_out: '2026-12-01' }]
    expect(quotable(v)).toBeNull()
  })
})

describe('a refused order', () => {
  it('maps the 409 days to the items, sorted, and ignores other keys', () => {
    expect(shortfallDays({ 'items.2': ['2026-12-03', '2026-12-02'], 'items.0': ['2026-12-01'], status: ['x'] })).toEqual({
      0: ['2026-12-01'],
      2: ['2026-12-02', '2026-12-03'],
    })
  })
})

describe('formats', () => {
  it('date span: one day, same month, same year, across years', () => {
    expect(formatDateSpan('2026-12-01', '2026-12-01')).toBe('01-12-2026')
    expect(formatDateSpan('2026-12-01', '2026-12-05')).toBe('01 – 05-12-2026')
    expect(formatDateSpan('2026-11-28', '2026-12-02')).toBe('28-11 – 02-12-2026')
    expect(formatDateSpan('2026-12-30', '2027-01-02')).toBe('30-12-2026 – 02-01-2027')
    expect(formatDateSpan(null, null)).toBe('-')
  })

  it('amounts: as every list writes them, cents only when there are some, refunds negative', () => {
    expect(formatAmount(1234567)).toBe('SAR 1,234,567')
    expect(formatAmount('1234.5')).toBe('SAR 1,234.50')
    expect(formatAmount(-250)).toBe('SAR -250')
    expect(formatAmount(0.05)).toBe('SAR 0.05')
    expect(formatAmount(-0)).toBe('SAR 0')
    expect(formatAmount(null)).toBe('-')
  })
})

describe('workflow', () => {
  it('offers the server moves except paid, which the balance reaches', () => {
    expect(statusActions('pending')).toEqual(['confirmed', 'cancelled'])
    expect(statusActions('confirmed')).toEqual(['cancelled'])
    expect(statusActions('paid')).toEqual(['completed', 'cancelled'])
    expect(statusActions('cancelled')).toEqual([])
  })

  it('confirming and cancelling need approval on every desk of a package, the rest update (issue 32)', () => {
    const perms = ['order_hotel_approval', 'order_hotel_update', 'order_train_update']
    expect(mayMove(perms, ['hotel'], 'confirmed')).toBe(true)
    expect(mayMove(perms, ['hotel', 'train'], 'confirmed')).toBe(false)
    expect(mayMove(perms, ['hotel'], 'cancelled')).toBe(true)
    expect(mayMove(perms, ['hotel', 'train'], 'cancelled')).toBe(false)
    expect(mayMove(perms, ['hotel', 'train'], 'completed')).toBe(true)
  })

  it('a package belongs to every desk it touches, once each, in menu order', () => {
    expect(desksOf(['transportation', 'room', 'room'])).toEqual(['hotel', 'transportation'])
  })
})

describe('an order back into the form', () => {
  it('names items as the create body does (check-out the morning after the last night)', () => {
    const detail = {
      customer: { name: 'A B', email: null, phone: null, nationality: null, passport_number: null },
      notes: null,
      items: [
        {
          kind: 'room',
          item_id: 7,
          variant: '',
          start_date: '2026-12-01',
          end_date: '2026-12-03',
          quantity: 2,
          adults: 3,
          children: 0,
        },
        {
          kind: 'train',
          item_id: 2,
          variant: 'business',
          start_date: '2026-12-04',
          end_date: '2026-12-04',
          quantity: 1,
          adults: 1,
          children: 0,
        },
        {
          kind: 'transportation',
          item_id: 9,
          variant: '',
          start_date: '2026-12-01',
          end_date: '2026-12-02',
          quantity: 1,
          adults: 0,
          children: 0,
        },
      ],
    } as unknown as OrderDetail
    const v = fromDetail(detail)
    expect(v.items[0]).toMatchObject({ room_id: 7, check_in: '2026-12-01', check_out: '2026-12-04', hotel_id: null })
    expect(v.items[1]).toMatchObject({ route_id: 2, train_type: 'business', date: '2026-12-04' })
    expect(v.items[2]).toMatchObject({ transportation_id: 9, start_date: '2026-12-01', end_date: '2026-12-02' })
    expect(orderInputSchema.safeParse(orderPayload(v)).success).toBe(true)
  })
})

describe('itemName', () => {
  const t = (key: string) => ({ 'orders.train_types.economy': 'Ekonomi', 'orders.train_types.business': 'Bisnis' })[key] ?? key
  it("puts the reader's word for a train's class in place of the clerk's", () => {
    expect(itemName({ kind: 'train', item_name: 'Haramain (Jeddah) (HHR-01, economy)', variant: 'economy' }, t)).toBe(
      'Haramain (Jeddah) (HHR-01, ekonomi)',
    )
    expect(itemName({ kind: 'train', item_name: 'Haramain (HHR-01, ekonomi)', variant: 'business' }, t)).toBe(
      'Haramain (HHR-01, bisnis)',
    )
  })
  it('leaves other names as stored', () => {
    expect(itemName({ kind: 'train', item_name: 'Old name', variant: 'economy' }, t)).toBe('Old name')
    expect(itemName({ kind: 'room', item_name: 'Hilton (Quad, economy)', variant: '' }, t)).toBe('Hilton (Quad, economy)')
  })
})
