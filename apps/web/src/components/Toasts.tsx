import { useNotifications } from '@mantine/notifications';
import { Suspense, lazy, useState } from 'react';

const ToastContainer = lazy(async () => ({ default: (await import('./ToastContainer')).ToastContainer }));

/**
 * Where toasts show (lib/notify.ts). Most visits never show one (the sign-in and end-user pages show refusals
 * inline), so the container and its transitions are fetched with the first toast; the store holds it until then.
 */
export function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
