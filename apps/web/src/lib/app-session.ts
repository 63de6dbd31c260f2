/**
 * What the end-user pages keep in the browser: the app username (spec §3 'appUsername', local storage) and the
 * app session of the settings pages (session storage, so it ends with the tab; docs/spec-deviations.md #31).
 */
export const APP_SESSION_KEYS = { username: 'appUsername', token: 'app_token' } as const;

export function rememberAppUsername(username: string) {
  window.localStorage.setItem(APP_SESSION_KEYS.username, username);
}

export function storedAppUsername(): string {
  return window.localStorage.getItem(APP_SESSION_KEYS.username) ?? '';
}

export function getAppToken(): string | null {
  return window.sessionStorage.getItem(APP_SESSION_KEYS.token);
}

export function setAppToken(token: string) {
  window.sessionStorage.setItem(APP_SESSION_KEYS.token, token);
}

export function clearAppToken() {
  window.sessionStorage.removeItem(APP_SESSION_KEYS.token);
}

/** The app's password encoding of spec §3: base64 of the UTF-8 bytes (what the server decodes). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return window.btoa(binary);
}

/** Spec §4: spaces are stripped from app usernames. */
export const stripSpaces = (value: string) => value.replace(/\s+/g, '');
