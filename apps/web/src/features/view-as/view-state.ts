import type { ViewAsReply } from '@provisio/contract';
import { useSyncExternalStore } from 'react';
import { type Creds, getSession, startSession, useSession } from '../../lib/session';

/**
 * While an administrator views the portal as someone else (issue #18 item 4), the browser's session is the view
 * session; the administrator's own token, kept here, comes back when the view ends. The key is ours, not the spec's.
 */
const KEY = 'view_as';

export interface ViewState {
  viewToken: string;
  admin: { token: string; creds: Creds | null; profileURL: string | null };
  viewed: { name: string; username: string; role: Creds['user_type'] };
  viewer: { name: string; username: string };
  reason: string;
  /** The screen the administrator started from; leaving the view goes back there. */
  returnTo: string;
  expiresAt: number;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; state: ViewState | null } = { raw: null, state: null };

function parse(raw: string | null): ViewState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as ViewState;
    return typeof value?.viewToken === 'string' && typeof value.admin?.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The view under way in this browser, or null; the same object while storage holds the same text. */
export function getViewState(): ViewState | null {
  const raw = window.localStorage.getItem(KEY);
  if (cached.raw !== raw) cached = { raw, state: parse(raw) };
  return cached.state;
}

function changed() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The view under way, when the browser's current token is its view session's (null otherwise). */
export function useViewState(): ViewState | null {
  const state = useSyncExternalStore(subscribe, getViewState, getViewState);
  const { token } = useSession();
  return state && state.viewToken === token ? state : null;
}

/** The view under way when the browser's current token is its view session's; a stale record is dropped. */
export function activeView(): ViewState | null {
  const state = getViewState();
  if (!state || state.viewToken === getSession().token) return state;
  window.localStorage.removeItem(KEY);
  changed();
  return null;
}

/** Keeps the administrator's session aside and makes the view session the browser's. */
export function beginView(reply: ViewAsReply, returnTo: string): void {
  const admin = getSession();
  if (!admin.token) return;
  const state: ViewState = {
    viewToken: reply.Token,
    admin: { token: admin.token, creds: admin.creds, profileURL: admin.profileURL },
    viewed: { name: reply.user.name, username: reply.user.username, role: reply.user.user_type },
    viewer: { name: reply.viewer.name, username: reply.viewer.username },
    reason: reply.reason,
    returnTo,
    expiresAt: reply.expires_at,
  };
  window.localStorage.setItem(KEY, JSON.stringify(state));
  const { user } = reply;
  const cloudId = admin.creds?.cloud_id ?? '';
  startSession(
    reply.Token,
    { username: user.username, cloud_id: cloudId, name: user.name, id: user.id, user_type: user.user_type },
    user.url,
  );
  changed();
}

/** Gives the browser back the administrator's session; the view that was under way, or null. */
export function restoreAdmin(): ViewState | null {
  const state = getViewState();
  window.localStorage.removeItem(KEY);
  if (state) {
    const creds = state.admin.creds ?? {
      username: state.viewer.username,
      cloud_id: '',
      name: state.viewer.name,
      id: 0,
      user_type: 'admin',
    };
    startSession(state.admin.token, creds, state.admin.profileURL);
  }
  changed();
  return state;
}
