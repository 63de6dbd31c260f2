/**
 * "Remember this browser" tokens, one per account that asked, kept in this browser's storage and sent with the
 * password at the next sign-in (the server checks it and skips the second step until it expires).
 */
const KEY = 'twoFactorRemember';

type Stored = Record<string, { token: string; expires: number }>;

function read(): Stored {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Stored) : {};
  } catch {
    return {};
  }
}

const keyOf = (username: string) => username.trim().toLowerCase();

export function rememberedToken(username: string): string | undefined {
  const entry = read()[keyOf(username)];
  return entry && entry.expires > Date.now() ? entry.token : undefined;
}

export function storeRememberToken(username: string, token: string, expires: number) {
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(read()).filter(([, v]) => v.expires > now));
  window.localStorage.setItem(KEY, JSON.stringify({ ...kept, [keyOf(username)]: { token, expires } }));
}
