import { isApiError } from './api';

/**
 * Runs an action whose calls show their own refusals (the API client's toast, or a mutation's onError): true when it
 * went through, false when the server or the network refused it, and the screen stays as it was so the user can
 * retry or cancel. Anything but an ApiError is a bug: it propagates.
 */
export async function attempt(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    if (isApiError(error)) return false;
    throw error;
  }
}
