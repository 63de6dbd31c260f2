import { notifications } from '@mantine/notifications';

/** Toasts in one place so every screen's success and failure look the same. */
export function notifyError(message: string, id?: string) {
  notifications.show({ id, color: 'red', title: undefined, message, autoClose: 6000, withBorder: true });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 4000, withBorder: true });
}

export function notifyInfo(message: string, id?: string) {
  notifications.show({ id, color: 'brand', message, autoClose: 5000, withBorder: true });
}
