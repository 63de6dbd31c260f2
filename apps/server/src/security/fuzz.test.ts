import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import type { RouteEntry } from '../plugins/route-table';
import {
  type FuzzBody,
  PROTOTYPE_NAMES,
  fuzzBody,
  prng,
  prototypeUrls,
  prototypeVariants,
  seedOf,
} from './fuzz-bodies';
import { type Ids, sampleRequest, victimIds, SAMPLES } from './route-samples';
import { type Principals, createPrincipals, dbWriteMark, tokenFor, writtenSince } from './security-fixture';

/**
 * Fuzz: every /api route gets FUZZ_PER_ROUTE generated malformed bodies (wrong types, missing and extra fields,
 * huge strings, unicode, nested junk, wrong content types, invalid JSON, top-level non-objects), once as the admin
 * and once anonymously. A generated JSON body that the route's own schema accepts is discarded and another one
 * generated, so every body sent is really malformed.
 *
 * Expected: a route with a body schema answers 4xx to every one; a route without one (GET routes, which ignore a
 * body, logout, the multipart upload, the SDP listen-in, the provisioning form) may give its normal answer (2xx) but
 * never a 5xx. Never a 5xx anywhere, and the database write mark (security-fixture.ts: every table but sessions, login
 * counters, audit and logs) is the same before and after each route. FUZZ_SEED changes the run; FUZZ_PER_ROUTE its size.
 */
// On SQLite, 200 malformed bodies to each route without a body schema (they reach its handler) and 100 to each route
// with one (its schema refuses each before the handler runs; 100 still draws every kind of malformed body several
// times). On PostgreSQL, 100, with another seed, and only to the routes without a body schema: the database can only
// matter where the body reaches the handler. The other two tests run in full on both databases.
const PG = process.env.TEST_DB === 'postgres';
const SEED = Number(process.env.FUZZ_SEED ?? (PG ? 10 : 9));
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? (PG ? 100 : 200));
const PER_SCHEMA_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 100);
const bodyCount = (route: RouteEntry) => (route.body ? PER_SCHEMA_ROUTE : PER_ROUTE);
const PARALLEL = 25;

let t: TestApp;
let p: Principals;
let ids: Ids;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  p = await createPrincipals(t.db);
  ids = await victimIds(t, p);
}, 60_000);
afterAll(() => t?.close());

/** The routes to fuzz: every /api route but the automatic HEAD twins (they share the GET handler). */
const fuzzRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');

/** True when the route's schema accepts the body; a schema that throws is a bug of its own, reported. */
function accepts(route: RouteEntry, body: FuzzBody, problems: string[]): boolean {
  if (!route.body || !body.hasJson) return false;
  try {
    return route.body.safeParse(body.json).success;
  } catch (err) {
    problems.push(
      `${route.method} ${route.url}: its schema throws (${String(err).slice(0, 80)}) on ${body.payload.slice(0, 80)}`,
    );
    return false;
  }
}

/** Generates the route's bodies, skipping the ones its schema accepts. */
function bodiesFor(route: RouteEntry, problems: string[]): FuzzBody[] {
  const k = `${route.method} ${route.url}`;
  const rand = prng(seedOf(`${SEED}:${k}`));
  const template = SAMPLES[k]?.body?.(ids);
  const out: FuzzBody[] = [];
  while (out.length < bodyCount(route)) {
    const b = fuzzBody(rand, template);
    if (accepts(route, b, problems)) continue;
    out.push(b);
  }
  return out;
}

async function fire(
  route: RouteEntry,
  bodies: FuzzBody[],
  as: 'admin' | 'anonymous',
): Promise<{ status: number; body: FuzzBody }[]> {
  const shared = as === 'admin' ? await tokenFor(t.db, p, 'admin') : null;
  const out: { status: number; body: FuzzBody }[] = [];
  for (let i = 0; i < bodies.length; i += PARALLEL) {
    const batch = bodies.slice(i, i + PARALLEL);
    const replies = await Promise.all(
      batch.map(async (b) => {
        // Routes without a body schema may act on the call (logout): each call gets its own admin session there.
        const token = as === 'admin' && !route.body ? await tokenFor(t.db, p, 'admin') : shared;
        const req = sampleRequest(route.method, route.url, ids, token);
        return t.app.inject({
          method: req.method,
          url: req.url,
          headers: { ...req.headers, 'content-type': b.contentType },
          payload: b.payload,
        });
      }),
    );
    replies.forEach((r, j) => out.push({ status: r.statusCode, body: batch[j]! }));
  }
  return out;
}

describe('fuzz', () => {
  it(`answers ${PG ? `${PER_ROUTE} malformed bodies per route without a body schema` : `${PER_ROUTE} malformed bodies per route without a body schema, ${PER_SCHEMA_ROUTE} per route with one,`} with 4xx (never 5xx), as admin and anonymously, and changes nothing`, async () => {
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    const routes = fuzzRoutes().filter((r) => !PG || !r.body);
    expect(routes.length).toBeGreaterThan(PG ? 20 : 100);
    for (const route of routes) {
      const bodies = bodiesFor(route, failures);
      const before = await dbWriteMark(t.db, t.deps.mailer);
      for (const as of ['admin', 'anonymous'] as const) {
        for (const [i, r] of (await fire(route, bodies, as)).entries()) {
          sent++;
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          const ok = route.body ? r.status >= 400 && r.status < 500 : r.status < 500;
          if (!ok)
            failures.push(
              `${route.method} ${route.url} as ${as}, body #${i} (${r.body.label}, ${r.body.contentType}): ${r.status} ${r.body.payload.slice(0, 120)}`,
            );
        }
      }
      const written = await writtenSince(t.db, before, `${route.method} ${route.url}: malformed calls`);
      if (written) failures.push(written);
    }
    if (process.env.FUZZ_PRINT === '1')
      console.log(`fuzz: ${sent} requests; answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});

describe('fuzz: prototype names and parallel bursts', () => {
  it("answers well-formed bodies and queries holding Object.prototype's names ('constructor', '__proto__', ...) without a 5xx", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of fuzzRoutes()) {
      const k = `${route.method} ${route.url}`;
      const template = SAMPLES[k]?.body?.(ids);
      for (const as of ['admin', 'anonymous'] as const) {
        const token = as === 'admin' ? await tokenFor(t.db, p, 'admin') : null;
        const req = sampleRequest(route.method, route.url, ids, token);
        const variants = [
          ...prototypeVariants(template ?? {}).map((v) => ({
            label: v.label,
            url: req.url,
            payload: JSON.stringify(v.body),
          })),
          ...prototypeUrls(req.url).map((v) => ({ label: v.label, url: v.url, payload: req.payload })),
          // Path parameters (`/files/:id`, `/monitor/:id`, ...) named like prototype members.
          ...(route.url.includes(':')
            ? PROTOTYPE_NAMES.map((n) => ({
                label: `path=${n}`,
                url: route.url.replace(/:[A-Za-z_]+/g, n).replace('*', n),
                payload: req.payload,
              }))
            : []),
        ];
        for (let i = 0; i < variants.length; i += PARALLEL) {
          const batch = variants.slice(i, i + PARALLEL);
          const replies = await Promise.all(
            batch.map((v) =>
              t.app.inject({
                method: req.method,
                url: v.url,
                headers: { ...req.headers, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
                ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: v.payload }),
              }),
            ),
          );
          replies.forEach((r, j) => {
            sent++;
            if (r.statusCode >= 500)
              failures.push(`${k} as ${as}, ${batch[j]!.label}: ${r.statusCode} ${r.body.slice(0, 160)}`);
          });
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);

  it("answers a burst of 30 parallel copies of each route's sample request without a 5xx", async () => {
    const failures: string[] = [];
    for (const route of fuzzRoutes()) {
      const k = `${route.method} ${route.url}`;
      const replies = await Promise.all(
        Array.from({ length: 30 }, async () => {
          // Each copy has its own session: a logout or password change in one must not spoil the others' answers.
          const req = sampleRequest(route.method, route.url, ids, await tokenFor(t.db, p, 'admin'));
          return t.app.inject({
            method: req.method,
            url: req.url,
            headers: req.headers,
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          });
        }),
      );
      for (const r of replies) if (r.statusCode >= 500) failures.push(`${k}: ${r.statusCode} ${r.body.slice(0, 160)}`);
    }
    expect(failures.slice(0, 40)).toEqual([]);
  }, 600_000);
});
