export { AvailabilityPage, calendarPage } from './AvailabilityPage'
export { defineCalendar, type CalendarDefinition, type CalendarValue, type SummaryRow } from './define'
