import { useLocation } from 'react-router';

/**
 * The record a detail screen was opened with (`navigate(path, { state: { record } })`), or null for 'Add New'.
 * The route's RequireRecord guard has already sent visitors without navigation state away.
 */
export function useRecordState<T>(): T | null {
  const { state } = useLocation();
  if (typeof state !== 'object' || state === null || !('record' in state)) return null;
  return (state as { record: T | null }).record;
}
