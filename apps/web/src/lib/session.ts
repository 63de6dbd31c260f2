import { useSyncExternalStore } from 'react';
import type { Role } from '@provisio/contract';
import { clearBootView } from './boot-view';

/** What spec §3 keeps in browser storage; the key names are part of the product's contract. */
export const SESSION_KEYS = {
  token: 'token',
  authenticated: 'authenticated',
  creds: 'creds',
  profileURL: 'profileURL',
  primaryColor: 'primary_color',
  secondaryColor: 'secondary_color',
} as const;

export const DEFAULT_COLORS = { primary: '#4466f2', secondary: '#1ea6ec' } as const;

export interface Creds {
  username: string;
  cloud_id: string;
  name: string;
  id: number;
  user_type: Role;
}

export interface Session {
  token: string | null;
  creds: Creds | null;
  /** Picture path, or null when missing or stored as the text 'null'. */
  profileURL: string | null;
}

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session } | null = null;

function parse(token: string | null, creds: string | null, url: string | null): Session {
  return {
    token: token ? token : null,
    creds: parseCreds(creds),
    profileURL: url && url !== 'null' && url !== 'undefined' ? url : null,
  };
}

function parseCreds(raw: string | null): Creds | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    return value as Creds;
  } catch {
    return null;
  }
}

function changed() {
  for (const listener of listeners) listener();
}

/**
 * Reads storage every time (cheap) but returns the same object while nothing changed, as
 * useSyncExternalStore requires; writes made outside this module are picked up too.
 */
export function getSession(): Session {
  const store = window.localStorage;
  const token = store.getItem(SESSION_KEYS.token);
  const creds = store.getItem(SESSION_KEYS.creds);
  const url = store.getItem(SESSION_KEYS.profileURL);
  const raw = JSON.stringify([token, creds, url]);
  if (cached?.raw !== raw) cached = { raw, session: parse(token, creds, url) };
  return cached.session;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(SESSION_KEYS).includes(event.key as never)) changed();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Reads the session and re-renders when it changes (sign-in, sign-out, new picture). */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function ensureColorDefaults() {
  const store = window.localStorage;
  if (!store.getItem(SESSION_KEYS.primaryColor)) store.setItem(SESSION_KEYS.primaryColor, DEFAULT_COLORS.primary);
  if (!store.getItem(SESSION_KEYS.secondaryColor)) {
    store.setItem(SESSION_KEYS.secondaryColor, DEFAULT_COLORS.secondary);
  }
}

export function startSession(token: string, creds: Creds, profileURL: string | null) {
  const store = window.localStorage;
  store.setItem(SESSION_KEYS.token, token);
  store.setItem(SESSION_KEYS.authenticated, 'true');
  store.setItem(SESSION_KEYS.creds, JSON.stringify(creds));
  setProfileUrl(profileURL, false);
  ensureColorDefaults();
  changed();
}

export function setProfileUrl(url: string | null, notify = true) {
  if (url) window.localStorage.setItem(SESSION_KEYS.profileURL, url);
  else window.localStorage.removeItem(SESSION_KEYS.profileURL);
  if (notify) changed();
}

export function updateCreds(patch: Partial<Creds>) {
  const current = getSession().creds;
  if (!current) return;
  window.localStorage.setItem(SESSION_KEYS.creds, JSON.stringify({ ...current, ...patch }));
  changed();
}

/** Spec §4 log out: token and picture go, the flag turns false; creds stay, as in the original portal. */
export function endSession() {
  const store = window.localStorage;
  store.removeItem(SESSION_KEYS.token);
  store.removeItem(SESSION_KEYS.profileURL);
  store.setItem(SESSION_KEYS.authenticated, 'false');
  clearBootView();
  changed();
}
