import type { ReactNode } from 'react'
import { DatesProvider } from '@mantine/dates'
import '@mantine/dates/styles.css'
import { useQuery } from '@tanstack/react-query'
import 'dayjs/locale/id'
import { useTranslation } from 'react-i18next'
import { DEFAULT_WEEKEND_DAYS } from '@app/shared'
import { api, unwrap } from '../../../lib/api-client'

/** Dates as the spec shows them: `DD-MM-YYYY`, weeks from Monday, month names in the UI language. */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY'

/** The company's settings (`GET /company`), read once per session by whatever needs them. */
export const companyKey = ['company', 'settings'] as const

/**
 * The company's weekend as ISO weekdays (1 Monday … 7 Sunday): a company setting, Friday and Saturday by
 * default (issue 32, item 10). Until the settings load, the default.
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

export function LocalDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const weekend = useWeekendDays()
  return (
    <DatesProvider
      settings={{
        locale: i18n.language?.slice(0, 2) || 'en',
        firstDayOfWeek: 1,
        // Mantine counts from Sunday (0); the setting is ISO (7 = Sunday).
        weekendDays: weekend.map((d) => (d % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6),
      }}
    >
      {children}
    </DatesProvider>
  )
}
