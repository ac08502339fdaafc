import { AvailabilityPage } from '../../components/availability'
import { transportationCalendar } from './calendars'

export default function TransportationAvailabilityPage() {
  return <AvailabilityPage def={transportationCalendar} />
}
