import type { ReactNode } from 'react'
import { DatesProvider } from '@mantine/dates'
import '@mantine/dates/styles.css'
import 'dayjs/locale/id'
import { useTranslation } from 'react-i18next'
import { useWeekendDays } from './weekend-days'

export { companyKey, useWeekendDays } from './weekend-days'

/** Dates as the spec shows them: `DD-MM-YYYY`, weeks from Monday, month names in the UI language. */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY'

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
