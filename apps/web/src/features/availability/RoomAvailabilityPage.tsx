import { calendarPage } from '../../components/availability'
import { roomCalendar } from './calendars'

export default calendarPage(roomCalendar)
