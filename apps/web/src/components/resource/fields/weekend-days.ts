import { useQuery } from '@tanstack/react-query'
import { DEFAULT_WEEKEND_DAYS } from '@app/shared'
import { api, unwrap } from '../../../lib/api-client'

/** The company's settings (`GET /company`), read once per session by whatever needs them. */
export const companyKey = ['company', 'settings'] as const

/**
 * The company's weekend as ISO weekdays (1 Monday … 7 Sunday): a company setting, Friday and Saturday by
 * default (issue 32, item 10). Until the settings load, the default. Its own module, without the date pickers:
 * the calendars shade weekends without loading @mantine/dates (issue 33, "Phone").
 */
export function useWeekendDays(): number[] {
  const settings = useQuery({
    queryKey: companyKey,
    queryFn: ({ signal }) =>
      unwrap(api.get<{ data: { weekend_days?: number[] } }>('/company', undefined, signal)).then((r) => r.data),
    staleTime: 10 * 60_000,
    retry: false,
  })
  return settings.data?.weekend_days ?? [...DEFAULT_WEEKEND_DAYS]
}
