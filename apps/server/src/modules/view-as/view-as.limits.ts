import { CALLS } from '@provisio/contract';
import type { Caller } from '../../lib/caller';
import { AppError } from '../../lib/errors';

/**
 * What a view session may not do (issue #18 item 4): the viewed account's own credentials stay theirs (password,
 * profile and sign-in email, second factor, API keys), and a view never starts another. Second-factor and API-key
 * calls are found by name, so the calls those features add are covered; their reads (list, get, status) stay open.
 */
const OWN_ACCOUNT = new Set(['changePassword', 'updateProfile', 'viewAs']);
const CREDENTIALS = /twoFactor|apiKey/i;
const READ = /^(list|get)|Status$/;

export const REFUSED_IN_VIEW: ReadonlySet<string> = new Set(
  Object.entries(CALLS)
    .filter(([name]) => OWN_ACCOUNT.has(name) || (CREDENTIALS.test(name) && !READ.test(name)))
    // A public call takes no session (the sign-in's second step has its own challenge): a view token changes nothing.
    .filter(([, c]) => c.access !== 'public')
    .map(([, c]) => `/api/v1${c.path}`),
);

/** Refuses a route a view session may not call (the auth plugin asks, once the caller is known). */
export function refuseInView(caller: Caller | null, routeUrl: string | undefined): void {
  if (caller?.viewer && routeUrl !== undefined && REFUSED_IN_VIEW.has(routeUrl))
    throw new AppError('forbidden', 'viewAsNotAllowed');
}
