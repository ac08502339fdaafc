import '@mantine/core/styles/Notification.css'
import '@mantine/notifications/styles.css'
import { Notifications } from '@mantine/notifications'
import { NOTIFY_MS } from '@app/shared'

/**
 * Where notifications show. Its own chunk (with its transitions and swipe handling, ~13 kB gzip), loaded
 * right after the first paint: `notify*` only writes to the store, and the host shows what is queued there.
 */
export default function NotificationsHost() {
  return <Notifications limit={5} autoClose={NOTIFY_MS} position="bottom-right" />
}
