import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/**
 * Navigation state that detail screens are opened with: the record to edit, or null for 'Add New'.
 * Open them with `navigate(path, { state: { record } })`.
 */
export interface RecordState<T> {
  record: T | null;
}

export function hasRecordState(state: unknown): state is RecordState<unknown> {
  return typeof state === 'object' && state !== null && 'record' in state;
}

/** Spec §2: a detail screen opened without navigation state (typed URL, reload in a new tab) goes to /dashboard. */
export function RequireRecord({ children }: { children: ReactNode }) {
  const { state } = useLocation();
  if (!hasRecordState(state)) return <Navigate to="/dashboard" replace />;
  return children;
}
