import type { ReactNode } from 'react'
import { DatesProvider } from '@mantine/dates'
import '@mantine/dates/styles.css'
import 'dayjs/locale/id'
import { useTranslation } from 'react-i18next'

/** Dates as the spec shows them: `DD-MM-YYYY`, weeks from Monday, month names in the UI language. */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY'

export function LocalDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  return <DatesProvider settings={{ locale: i18n.language?.slice(0, 2) || 'en', firstDayOfWeek: 1 }}>{children}</DatesProvider>
}
