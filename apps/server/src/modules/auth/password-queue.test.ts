import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage } from '@provisio/contract';
import { type TestApp, ADMIN_PASSWORD, startTestApp } from '../../../test/harness';
import { burstAddress, signInBurst } from '../../../test/password-burst';
import { AppError } from '../../lib/errors';
import { PasswordQueue } from '../../lib/password-queue';
import { passwordQueue } from '../../lib/passwords';

/**
 * The password queue through the real app (issue #17): a burst of sign-ins past about two seconds of scrypt work is
 * refused at once with 429 `server_busy` and Retry-After, in the caller's language, changes nothing, and treats
 * known and unknown usernames alike. 150 sign-ins: more than the queue admits on any machine (it admits about
 * 2 s of work on 2 threads: some 70 checks at 60 ms each).
 */
let t: TestApp;
const BURST = 150;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a burst of sign-ins', () => {
  it('is answered 401 up to what the queue admits and 429 server_busy after, never 5xx, in the caller language', async () => {
    const replies = await signInBurst(t, BURST, { lang: 'es', known: 5 });
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(passwordQueue.concurrency);
    for (const r of refused) {
      const seconds = Number(r.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(10);
      expect(r.json().error.code).toBe('server_busy');
      expect(r.json().error.message).toBe(formatMessage('es', 'serverBusy', { seconds }));
    }
    // The queue is empty again once the burst has been answered.
    expect(passwordQueue.load).toBe(0);
  });

  it('refuses a known and an unknown username the same way, and a refused sign-in counts as no attempt', async () => {
    await t.db.kysely.deleteFrom('login_failures').execute();
    const replies = await signInBurst(t, BURST, { known: 10 });
    const known = replies.slice(-10).filter((r) => r.statusCode === 429);
    const unknown = replies.slice(0, -10).filter((r) => r.statusCode === 429);
    // The last ones started are the ones refused: they found the queue full.
    expect(known.length).toBeGreaterThan(0);
    expect(unknown.length).toBeGreaterThan(0);
    const shape = (r: (typeof replies)[number]) => ({ code: r.json().error.code, keys: Object.keys(r.json().error) });
    expect(known.map(shape)[0]).toEqual(unknown.map(shape)[0]);
    const counters = await t.db.kysely.selectFrom('login_failures').select('key').execute();
    const keys = new Set(counters.map((c) => c.key));
    replies.forEach((r, i) => {
      const counted = keys.has(`admin:ip:${burstAddress(i)}`);
      // An admitted attempt is counted; a refused one left no trace.
      expect(counted, `sign-in ${i} answered ${r.statusCode}`).toBe(r.statusCode === 401);
    });
  });

  it('lets the right password in once the burst is over', async () => {
    const ok = await t.call('adminLogin', {
      cloud_id: t.deps.config.CLOUD_ID,
      user: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('queues app sign-ins in the same queue', async () => {
    const replies = await Promise.all([
      signInBurst(t, BURST),
      ...Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/appLogin',
          remoteAddress: `10.78.0.${i}`,
          payload: { username: `nobody.app.${i}@example.com`, password: Buffer.from('wrong').toString('base64') },
        }),
      ),
    ]);
    const app = replies.slice(1) as Awaited<ReturnType<typeof t.app.inject>>[];
    expect(app.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    expect(app.some((r) => r.statusCode === 429)).toBe(true);
    expect(app.find((r) => r.statusCode === 429)?.json().error.code).toBe('server_busy');
  });
});

describe('the queue itself', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('runs at most `concurrency` derivations at once and admits about maxWaitMs of work', async () => {
    const queue = new PasswordQueue(2, 200, 20);
    expect(queue.capacity).toBe(2 + 20);
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await sleep(20);
      running--;
    };
    const all = Array.from({ length: 30 }, () =>
      queue
        .with((ticket) => ticket.run(work))
        .then(
          () => 'done',
          (err: AppError) => err,
        ),
    );
    const results = await Promise.all(all);
    expect(most).toBe(2);
    expect(results.filter((r) => r === 'done')).toHaveLength(22);
    const refused = results.find((r): r is AppError => r instanceof AppError);
    expect(refused?.code).toBe('server_busy');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(queue.load).toBe(0);
  });

  it('admits work that may not be refused past the limit, and frees a place whose work failed', async () => {
    const queue = new PasswordQueue(1, 0, 1000);
    // One running and, however short maxWaitMs, one waiting.
    expect(queue.capacity).toBe(2);
    const first = queue.with((ticket) => ticket.run(() => sleep(20)));
    const second = queue.with((ticket) => ticket.run(() => sleep(1)));
    expect(() => queue.admit()).toThrow(AppError);
    const waiting = queue.with((ticket) => ticket.run(() => sleep(1)), false);
    expect(queue.load).toBe(3);
    await Promise.all([first, second, waiting]);
    await expect(queue.with(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.load).toBe(0);
  });
});
