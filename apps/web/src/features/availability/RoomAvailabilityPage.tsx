import { AvailabilityPage } from '../../components/availability'
import { roomCalendar } from './calendars'

export default function RoomAvailabilityPage() {
  return <AvailabilityPage def={roomCalendar} />
}
