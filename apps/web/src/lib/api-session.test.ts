import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render';
import { callApi, onSessionEnded, setUnauthorizedHandler } from './api';
import { getSession, startSession } from './session';

const creds = (name: string) => ({ username: name, cloud_id: 'DEMO', name, id: 1, user_type: 'admin' as const });

afterEach(() => vi.unstubAllGlobals());

describe('a 401 reply (lib/api.ts)', () => {
  it('ends the session whose token it refused, and only that one', async () => {
    const refusal = { error: { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' } };
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const reply = stubFetch({ '/me': { status: 401, body: refusal }, '/tenantList': { status: 401, body: refusal } });
    // Two calls with the view's token are under way; the first refusal takes the administrator's session back (as
    // use-view-as.ts does), the second arrives after it.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if ((init?.headers as Record<string, string>).Token === 'view-token' && String(url).endsWith('/tenantList'))
          await held;
        return reply(url);
      }),
    );
    // No navigation: the files of a worker share one module graph, and an earlier file's router would be sent to
    // /login (the window's history with it) by the refusals below.
    const unauthorized = vi.fn();
    // lib/api.ts tells of an ended session once in 3 s: its clock is set back, so a later file's notice still shows.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
    setUnauthorizedHandler(unauthorized);
    startSession('view-token', creds('viewed'), null);
    const stop = onSessionEnded(() => {
      if (!getSession().token) startSession('admin-token', creds('admin'), null);
    });
    const ended = vi.fn();
    const count = onSessionEnded(ended);
    try {
      const late = callApi('tenantList', {}, { silent: true }).catch((e: unknown) => e);
      await expect(callApi('me', undefined, { silent: true })).rejects.toMatchObject({ status: 401 });
      expect(getSession().token).toBe('admin-token');
      release();
      expect(await late).toMatchObject({ status: 401 });
      // The late refusal was of the view's token: the administrator's session stays.
      expect(getSession().token).toBe('admin-token');
      expect(ended).toHaveBeenCalledTimes(1);
      // A refusal of the token held now ends it.
      await expect(callApi('me', undefined, { silent: true })).rejects.toMatchObject({ status: 401 });
      expect(ended).toHaveBeenCalledTimes(2);
      expect(unauthorized).toHaveBeenCalledTimes(2);
    } finally {
      setUnauthorizedHandler(() => undefined);
      vi.useRealTimers();
      stop();
      count();
    }
  });
});
