import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness';

/** Sign-in i of a burst comes from its own address, so the sign-in throttle (per address) does not answer first. */
export const burstAddress = (i: number) => `10.77.${(i >> 8) & 255}.${i & 255}`;

/**
 * `n` portal sign-ins with wrong passwords, all started at once: unknown usernames (`nobody.<i>`), and the admin's
 * username for the last `known` of them. Resolves when every one has answered, in order.
 */
export function signInBurst(
  t: TestApp,
  n: number,
  opts: { lang?: string; known?: number } = {},
): Promise<LightMyRequestResponse[]> {
  const known = opts.known ?? 0;
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/adminLogin',
        remoteAddress: burstAddress(i),
        headers: opts.lang ? { 'accept-language': opts.lang } : {},
        payload: {
          cloud_id: t.deps.config.CLOUD_ID,
          user: i >= n - known ? 'admin' : `nobody.${i}`,
          password: `wrong-password-${i}`,
        },
      }),
    ),
  );
}

/** Times `probe` again and again until `done` settles; the durations in ms. */
export async function timeDuring(done: Promise<unknown>, probe: () => Promise<unknown>): Promise<number[]> {
  let finished = false;
  done.then(
    () => (finished = true),
    () => (finished = true),
  );
  const times: number[] = [];
  while (!finished) {
    const start = performance.now();
    await probe();
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}
