import type { Creds } from '../../lib/session';

/**
 * Where signing in leads. A signed-out visitor who opened a signed-in page (a bookmark, a link in a mail, a session
 * that expired on it) is sent to /login with that page in the router's state, and returns to it once signed in, as the
 * same user; otherwise, and for anyone else, to /dashboard (spec §4; docs/spec-deviations.md). The state is the
 * router's own (history.state), never a query parameter: a link from elsewhere cannot choose where sign-in leads.
 */
export interface LoginState {
  from: string;
}

export const loginState = (at: { pathname: string; search: string }): LoginState => ({
  from: at.pathname + at.search,
});

export function afterSignIn(state: unknown, username: string, previous: Creds | null): string {
  const from = (state as Partial<LoginState> | null)?.from;
  // A path of this site (not `//host`), not the sign-in page itself.
  if (typeof from !== 'string' || !/^\/(?![/\\])/.test(from) || /^\/login(?:[/?#]|$)/.test(from)) return '/dashboard';
  // Someone else signed in on this browser: not into the page the last user had open.
  if (previous && previous.username.toLowerCase() !== username.toLowerCase()) return '/dashboard';
  return from;
}
