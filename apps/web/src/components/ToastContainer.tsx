import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, in the chunk Toasts fetches with the first toast. */
export function ToastContainer() {
  return <Notifications position="top-right" zIndex={2000} />;
}
