import { notifications } from '@mantine/notifications'
import { AUTH_NOTIFY_MS, NOTIFY_MS } from '@app/shared'

/** Thin wrappers so every screen notifies the same way (spec §8). */
export function notifySuccess(title: string, message?: string, autoClose: number = NOTIFY_MS): string {
  return notifications.show({ color: 'green', title, message: message ?? '', autoClose, withBorder: true })
}

export function notifyError(title: string, message?: string, autoClose: number = NOTIFY_MS): string {
  return notifications.show({ color: 'red', title, message: message ?? '', autoClose, withBorder: true })
}

export function notifyWarning(title: string, message?: string, autoClose: number = NOTIFY_MS): string {
  return notifications.show({ color: 'orange', title, message: message ?? '', autoClose, withBorder: true })
}

/** Auth screens keep their messages up longer (15 s). */
export const AUTH_AUTO_CLOSE = AUTH_NOTIFY_MS

/** Closes a notification that said what happens next once it has happened (e.g. 'redirecting…'). */
export function closeNotification(id: string) {
  notifications.hide(id)
}
