import { calendarPage } from '../../components/availability'
import { transportationCalendar } from './calendars'

export default calendarPage(transportationCalendar)
