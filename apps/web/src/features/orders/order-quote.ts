import { useEffect, useMemo, useState } from 'react'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { request } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { issueText } from '../../lib/validation'
import type { PricedItem } from './PricePanel'
import {
  itemName,
  itemProblem,
  quotable,
  shortfallDays,
  type OrderDetail,
  type OrderFormValues,
  type QuoteLine,
} from './order-logic'

/** The order form's live price (`POST /orders/quote`) and the days its items lack, as the price panel shows them. */

const keys = queryKeys('orders')
/** Pause after the last keystroke before the price is asked again. */
export const QUOTE_DEBOUNCE_MS = 400

interface QuoteAnswer {
  total: number
  items: Array<{ name: string; amount: number; lines: QuoteLine[] }>
  /** Days each quoted item lacks right now (`items.N` of the quoted items), read without taking anything. */
  short?: Record<string, string[]>
}

/** A refusal's days belong to the items as they were sent (`items`: their JSON). */
export interface Refusal {
  items: string
  days: Record<number, string[]>
}

const heading = (t: TFunction, n: number) => t('orders.item.heading', { n, kind: '' }).replace(/ · $/, '')

/**
 * The complete items of `values` quoted 400 ms after the last change (an edit is quoted as an edit: what the
 * order holds counts as free for it); the short days by form position (the last save's refusal while its
 * items are unchanged, else the quote's warning); and what the price panel shows: priced items, the total and
 * the messages of items not complete or against a rule. A read-only order shows its saved prices.
 */
export function useOrderQuote(values: OrderFormValues, order: OrderDetail | undefined, editable: boolean, t: TFunction) {
  const [debounced] = useDebouncedValue(values, QUOTE_DEBOUNCE_MS)
  const ask = useMemo(() => (editable ? quotable(debounced) : null), [debounced, editable])
  const quote = useQuery({
    queryKey: [...keys.all, 'quote', order?.id ?? null, ask?.body ?? null],
    queryFn: ({ signal }) =>
      request<{ data: QuoteAnswer }>(order ? `/orders/quote?order=${order.id}` : '/orders/quote', {
        method: 'POST',
        body: ask!.body,
        signal,
      }),
    enabled: !!ask,
    placeholderData: keepPreviousData,
    // Stock moves under the clerk (another desk books, an order is cancelled): going back to items quoted a
    // minute ago asks again rather than showing that minute's warning.
    staleTime: 0,
  })

  const [refused, setRefused] = useState<Refusal | null>(null)
  const itemsKey = JSON.stringify(values.items)
  // A refusal belongs to the items as they were sent: once they change it is gone (the live quote warns from then on).
  useEffect(() => {
    if (refused && refused.items !== itemsKey) setRefused(null)
  }, [refused, itemsKey])
  const quoted = quote.data?.ok && ask && !quote.isPlaceholderData ? quote.data.data.data.short : undefined
  const warned: Record<number, string[]> = {}
  for (const [n, days] of Object.entries(quoted ? shortfallDays(quoted) : {}))
    warned[ask!.positions[Number(n)] ?? Number(n)] = days
  const short = refused?.items === itemsKey ? refused.days : warned

  let priced: PricedItem[] = []
  let total: number | string | null = null
  const messages: string[] = []
  if (editable) {
    const answer = quote.data
    const positions = ask?.positions ?? []
    if (answer?.ok && ask) {
      priced = answer.data.data.items.map((it, n) => ({
        position: (positions[n] ?? n) + 1,
        ...it,
        short: short[positions[n] ?? n],
      }))
      total = answer.data.data.total
    } else if (answer && !answer.ok && ask) {
      const errs = Object.entries(answer.error.errors)
      if (!errs.length) messages.push(answer.error.message || t('orders.preview.failed'))
      for (const [k, m] of errs) {
        const n = /^items\.(\d+)/.exec(k)
        const where = n ? `${heading(t, (positions[Number(n[1])] ?? 0) + 1)}: ` : ''
        messages.push(`${where}${m.join(' ')}`)
      }
    }
    values.items.forEach((item, i) => {
      if (positions.includes(i)) return
      // Filled in but against a rule (check-out before check-in): say which, rather than "not complete".
      const problem = itemProblem(item)
      messages.push(
        problem
          ? `${heading(t, i + 1)}: ${issueText(t, problem.issue, t(`orders.fields.${problem.field}`))}`
          : t('orders.preview.incomplete', { n: i + 1 }),
      )
    })
  } else if (order) {
    priced = order.items.map((it, i) => ({ position: i + 1, name: itemName(it, t), amount: it.amount, lines: it.lines }))
    total = order.total
  }

  return { short, setRefused, priced, total, messages, fetching: editable && quote.isFetching }
}
