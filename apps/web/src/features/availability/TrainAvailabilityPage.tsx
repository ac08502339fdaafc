import { AvailabilityPage } from '../../components/availability'
import { trainCalendar } from './calendars'

export default function TrainAvailabilityPage() {
  return <AvailabilityPage def={trainCalendar} />
}
