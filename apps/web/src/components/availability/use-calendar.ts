import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import type { DayRow, YearMonth } from './calendar-math'
import { monthRange } from './calendar-math'
import type { CalendarDefinition } from './define'

/** What the read answers (crud/availability.ts): the stored days, the item's defaults, and what orders hold. */
export interface MonthAnswer {
  data: DayRow[]
  defaults: Record<string, unknown>
  stock?: Array<{ date: string; capacity: number; booked: number; remaining: number }>
  /** The calendar's version (issue 30): a range write sends it; a day of its range written since is a 409. */
  version?: number
}

const resourceName = (path: string) => path.replace(/^\//, '')

/** The item's one-row answer (`GET /transportations/{id}`), shared with its list's cache. */
export function useCalendarItem(def: CalendarDefinition, id: string | undefined) {
  return useQuery({
    queryKey: queryKeys(resourceName(def.itemEndpoint)).detail(id ?? ''),
    queryFn: ({ signal }) =>
      unwrap(api.get<{ data: Record<string, unknown> }>(`${def.itemEndpoint}/${id}`, undefined, signal)).then((r) => r.data),
    enabled: !!id,
    retry: false,
  })
}

/** The month's stored days (`start_date`/`end_date` = first and last day of the month); a month change reloads. */
export function useCalendarMonth(def: CalendarDefinition, id: string | undefined, month: YearMonth, variant?: string) {
  const query = {
    [def.item]: id,
    ...(def.variant ? { [def.variant.key]: variant } : {}),
    ...monthRange(month),
  }
  return useQuery({
    queryKey: queryKeys(resourceName(def.endpoint)).list(query),
    queryFn: ({ signal }) => unwrap(api.get<MonthAnswer>(def.endpoint, query, signal)),
    enabled: !!id && (!def.variant || !!variant),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

/** The range write; every cached month of the calendar is refetched after it. */
export function useCalendarWrite(def: CalendarDefinition) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<{ data: DayRow[]; version?: number; written?: number }>(def.endpoint, body),
    onSuccess: (res) => {
      if (res.ok) void client.invalidateQueries({ queryKey: queryKeys(resourceName(def.endpoint)).all })
    },
  })
}

/** Refetches every cached month of the calendar (after a conflict's Reload). */
export function useReloadCalendar(def: CalendarDefinition) {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: queryKeys(resourceName(def.endpoint)).all })
}
