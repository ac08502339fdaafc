import { calendarPage } from '../../components/availability'
import { trainCalendar } from './calendars'

export default calendarPage(trainCalendar)
