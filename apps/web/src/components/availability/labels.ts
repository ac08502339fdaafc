import type { TFunction } from 'i18next'
import { dateFormat } from '../../lib/date-format'
import type { YearMonth } from './calendar-math'
import type { ScreenHeadSpec } from '../ScreenHead'
import type { CalendarDefinition } from './define'

/** Weekday names in the UI language, Monday first (index 0 = ISO weekday 1). 2024-01-01 was a Monday. */
export function weekdayNames(language: string, width: 'long' | 'short'): string[] {
  const fmt = dateFormat(language, { weekday: width })
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2024, 0, 1 + i))))
}

/** `December 2026` / `Desember 2026`. */
export function monthTitle(language: string, { year, month }: YearMonth): string {
  return dateFormat(language, { month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, 1)))
}

/** `Friday, 4 December 2026` for a day's accessible name. */
export function longDate(language: string, date: string): string {
  return dateFormat(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  )
}

/** Label of a calendar field or summary row: `availability.fields.<key>`. */
export function calendarLabel(t: TFunction, key: string): string {
  return t(`availability.fields.${key}`)
}

/** The UI language as the Hijri writer (@app/shared hijriDate) knows it. */
export const hijriLanguage = (language: string | undefined): 'en' | 'id' => (language?.startsWith('id') ? 'id' : 'en')

/** A calendar's head (components/ScreenHead.tsx): its title and the way back to its list. */
export function calendarHead(
  def: Pick<CalendarDefinition, 'name' | 'backHref'>,
  t: TFunction,
): ScreenHeadSpec & Required<Pick<ScreenHeadSpec, 'back'>> {
  return {
    kind: 'calendar',
    title: t(`availability.kinds.${def.name}.title`),
    back: { label: t('kit.page.back'), href: def.backHref },
  }
}
