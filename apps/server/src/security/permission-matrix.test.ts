import { type Access, CALLS } from '@provisio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { type Ids, sampleRequest, victimIds } from './route-samples';
import { WEBHOOK_MATRIX } from './route-samples-webhooks';
import { classOfRoute } from '../modules/api-keys/api-key-auth';
import {
  KEY_CALLERS,
  type KeyCallerName,
  type Principals,
  ROLE_NAMES,
  type RoleName,
  apiKeyFor,
  createPrincipals,
  dbWriteMark,
  writtenSince,
  tokenFor,
} from './security-fixture';

/**
 * The permission matrix: every route of the server's own route table (under /api), called by each kind of caller
 * with the sample request of route-samples.ts (aimed at a tenant only the admin may see), and the answer each must
 * get. A route missing from MATRIX fails the test, so a new route is added here deliberately.
 *
 * Answers, one per caller in the order: anonymous, expired token, revoked token, simple user (of another tenant),
 * reseller user (of a reseller that does not supervise the tenant), admin.
 *   ok    allowed: 2xx, or 400/404/409/415 for a body the service refuses on its content or type (never 401/403/5xx)
 *   401   refused as not signed in       403  refused as not allowed     404  refused by not showing the record
 *   any   a public route whose own credentials (in the body or query) decide: any answer but 5xx
 * Every refused answer (401/403/404) is checked to have changed nothing in the database.
 * API-key callers (issue #18 item 2, `Authorization: Bearer`) get no column of their own: each gets the answer of the
 * session of its scope (keyAnswer below) unless the call's class for keys (contract API_KEY_CLASSES) refuses it.
 * HEAD routes are Fastify's automatic twins of GET routes and take the GET row unless they have their own.
 *
 * An /api/v1 call's row comes from its access in the contract's call table (packages/contract/src/calls.ts): public →
 * PUBLIC, signed-in → SIGNED_IN, admin → ADMIN. MATRIX lists only the calls whose services refuse more (SCOPED, 404
 * for records not shown, noLeak lists) and the routes outside /api/v1; a row may not contradict the declared access.
 */
type Answer = 'ok' | '401' | '403' | '404' | 'any';
interface Row {
  answers: string;
  /** The reply to a simple or reseller user must not mention the victim tenant (a list scoped by the caller). */
  noLeak?: boolean;
}

const PUBLIC = 'any any any any any any';
const SIGNED_IN = '401 401 401 ok ok ok';
/** config.access 'admin': refused before the body is read. */
const ADMIN = '401 401 401 403 403 ok';
/** Signed-in route whose service refuses a tenant (or record) the caller may not see. */
const SCOPED = '401 401 401 403 403 ok';

const FROM_ACCESS: Record<Access, string> = { public: PUBLIC, 'signed-in': SIGNED_IN, admin: ADMIN };
/** What a row for a call of this access may say for the three callers without a session, and simple/reseller users. */
const consistent = (access: Access, answers: string) =>
  access === 'public' || (answers.startsWith('401 401 401') && (access !== 'admin' || answers === ADMIN));
const DECLARED = new Map<string, { access: Access }>(
  Object.values(CALLS).map((c) => [`${c.method} /api/v1${c.path}`, c]),
);

const MATRIX: Record<string, Row> = {
  // Outside /api/v1: the health check and the OpenAPI document are public.
  'GET /api/health': { answers: PUBLIC },
  'GET /api/health/live': { answers: PUBLIC },
  'GET /api/health/ready': { answers: PUBLIC },
  'GET /api/docs': { answers: PUBLIC },
  'GET /api/docs/static/index.html': { answers: PUBLIC },
  'GET /api/docs/static/swagger-initializer.js': { answers: PUBLIC },
  'GET /api/docs/json': { answers: PUBLIC },
  'GET /api/docs/yaml': { answers: PUBLIC },
  'GET /api/docs/static/*': { answers: PUBLIC },
  'HEAD /api/docs/': { answers: PUBLIC },
  // system, auth, profile, files
  'POST /api/v1/dashboardSummary': { answers: SIGNED_IN, noLeak: true },
  // resellers, reseller users, users: admin only
  // domains, licences, templates: scoped by tenant; templates are read by all and written by admins
  'POST /api/v1/domainSummary': { answers: SIGNED_IN, noLeak: true },
  'POST /api/v1/domainDetail': { answers: SCOPED },
  'POST /api/v1/createUpdateDomain': { answers: SCOPED },
  'POST /api/v1/deleteDomainDetail': { answers: SCOPED },
  'POST /api/v1/getLicenses': { answers: SCOPED },
  'POST /api/v1/templateCreateUpdate': { answers: SCOPED },
  'POST /api/v1/deleteTemplate': { answers: SCOPED },
  // issue #19: the Email QR preview fills a tenant's subscriber's values
  'POST /api/v1/templatePreview': { answers: SCOPED },
  // tenants, audit, logs
  'POST /api/v1/tenantList': { answers: SIGNED_IN, noLeak: true },
  'POST /api/v1/updateAndGetTenants': { answers: SCOPED },
  // extensions, app accounts, jobs
  'POST /api/v1/getExtensions': { answers: SCOPED },
  'POST /api/v1/getAppUsage': { answers: SCOPED },
  'POST /api/v1/getRemoteDomains': { answers: SCOPED },
  'POST /api/v1/updateAndGetExtension': { answers: SCOPED },
  // issue #19: the subscribers table's bulk app switch
  'POST /api/v1/updateExtensionsApp': { answers: SCOPED },
  // issue #19: a reseller's branding, for administrators and that reseller's own users
  'POST /api/v1/getResellerBranding': { answers: SCOPED },
  'POST /api/v1/saveResellerBranding': { answers: SCOPED },
  'POST /api/v1/getUserDetails': { answers: SCOPED },
  'POST /api/v1/editUserDetails': { answers: SCOPED },
  'POST /api/v1/checkDuplicateEmails': { answers: SCOPED },
  'POST /api/v1/extensionsImport': { answers: SCOPED },
  'POST /api/v1/extensionsExport': { answers: SCOPED },
  'POST /api/v1/linkExtension': { answers: SCOPED },
  'POST /api/v1/emailLink': { answers: SCOPED },
  'POST /api/v1/reLinkExtensions': { answers: SCOPED },
  'POST /api/v1/resendInvite': { answers: SCOPED },
  'POST /api/v1/inviteNotProvisioned': { answers: SCOPED },
  'POST /api/v1/revokeApp': { answers: SCOPED },
  'POST /api/v1/rotateActivation': { answers: SCOPED },
  'POST /api/v1/jobStatus': { answers: SCOPED },
  'POST /api/v1/listJobs': { answers: SCOPED },
  // issue #20: a job's mails (the job's rule), the preview of a send (its tenant), a retry (a mail not shown: 404)
  'POST /api/v1/jobMails': { answers: SCOPED },
  'POST /api/v1/emailLinkPreview': { answers: SCOPED },
  'POST /api/v1/retryMail': { answers: '401 401 401 404 404 ok' },
  // end-user calls: public, their credentials are in the body
  // A recording is public to a grant or an extension token, and to a portal session that may see its tenant.
  'GET /api/v1/recordings/:id': { answers: '403 403 403 403 403 ok' },
  // monitoring: admins and reseller users only
  'POST /api/v1/callActions': { answers: SCOPED },
  'POST /api/v1/monitor/:callId': { answers: SCOPED },
  'DELETE /api/v1/monitor/:callId/:session': { answers: SCOPED },
  // client profiles, BLF keys, provisioning
  'POST /api/v1/profileSummary': { answers: SIGNED_IN, noLeak: true },
  'POST /api/v1/profileDetail': { answers: '401 401 401 404 404 ok' },
  'POST /api/v1/getEffectiveProfile': { answers: SCOPED },
  'POST /api/v1/getBlfKeys': { answers: SCOPED },
  'POST /api/v1/getLastProvisioned': { answers: SCOPED },
  // company directory and Linphone links (issue #14): the app's credentials, a grant or a one-time token decide
  // API keys (issue #18): administrators and reseller users manage them; a simple user is refused
  'POST /api/v1/listApiKeys': { answers: '401 401 401 403 ok ok' },
  'POST /api/v1/createApiKey': { answers: SCOPED },
  'POST /api/v1/revokeApiKey': { answers: '401 401 401 403 404 ok' },
  'POST /api/v1/apiKeyResellers': { answers: '401 401 401 403 ok ok' },
  // signed webhooks (issue #18): simple users refused; an endpoint not in the caller's scope is not shown (404)
  'POST /api/v1/webhookEndpoints': { answers: '401 401 401 403 ok ok', noLeak: true },
  'POST /api/v1/webhookCreate': { answers: SCOPED },
  ...WEBHOOK_MATRIX,
};

let t: TestApp;
let p: Principals;
let ids: Ids;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
  p = await createPrincipals(t.db);
  ids = await victimIds(t, p);
}, 60_000);
afterAll(() => t?.close());

const key = (method: string, url: string) =>
  method === 'HEAD' && !MATRIX[`HEAD ${url}`] ? `GET ${url}` : `${method} ${url}`;
/** A route's row: its own in MATRIX, else the one its declared access gives. */
const rowOf = (k: string): Row | undefined =>
  MATRIX[k] ?? (DECLARED.has(k) ? { answers: FROM_ACCESS[DECLARED.get(k)!.access] } : undefined);
const apiRoutes = () => t.app.routeTable.filter((r) => r.url.startsWith('/api/'));

async function send(method: string, url: string, role: RoleName) {
  return t.app.inject(sampleRequest(method, url, ids, await tokenFor(t.db, p, role)));
}

/** The session whose answer an API key of this scope gets, where its class lets it make the call. */
const KEY_BASE: Partial<Record<KeyCallerName, RoleName>> = {
  'key-admin': 'admin',
  'key-read-only': 'admin',
  'key-reseller': 'reseller',
  'key-tenant': 'simple',
};

/**
 * A key caller's answer: outside /api/v1 keys are not read (the anonymous answer); an expired or revoked key 401,
 * a key from an address it does not allow 403; a call whose class is 'none', or a write with a read-only key, 403;
 * otherwise what the session of the key's scope was just answered (a record the first test deleted is a 404 to
 * both), an 'ok' taken as the row would (the two calls may meet different records: a 409 after the session created
 * one), and never a 5xx.
 */
function keyAnswer(who: KeyCallerName, method: string, url: string, answers: Answer[], session?: number): Answer {
  if (!url.startsWith('/api/v1/')) return answers[0]!;
  if (who === 'key-expired' || who === 'key-revoked') return '401';
  if (who === 'key-address') return '403';
  const cls = classOfRoute(method, url);
  if (cls === 'none' || (cls === 'write' && who === 'key-read-only')) return '403';
  const rowAnswer = answers[ROLE_NAMES.indexOf(KEY_BASE[who]!)]!;
  if (rowAnswer === 'any' || session === undefined) return rowAnswer;
  if (rowAnswer === 'ok' && matches('ok', session)) return 'ok';
  return String(session) as Answer;
}

async function sendKey(method: string, url: string, key: string) {
  const req = sampleRequest(method, url, ids, null);
  return t.app.inject({ ...req, headers: { ...req.headers, authorization: `Bearer ${key}` } });
}

function matches(answer: Answer, status: number): boolean {
  if (status >= 500) return false;
  if (answer === 'any') return true;
  if (answer === 'ok') return (status >= 200 && status < 300) || [400, 404, 409, 415].includes(status);
  return String(status) === answer;
}

describe('permission matrix', () => {
  it('lists every /api route of the route table, and no route that is gone', () => {
    const actual = new Set(apiRoutes().map((r) => key(r.method, r.url)));
    const missing = [...actual].filter((k) => !rowOf(k));
    const stale = Object.keys(MATRIX).filter((k) => !actual.has(k));
    expect(missing, 'routes neither declared in the call table nor in MATRIX: add them deliberately').toEqual([]);
    expect(stale, 'rows in MATRIX for routes that no longer exist').toEqual([]);
  });

  it("no row contradicts its call's declared access", () => {
    const wrong = Object.entries(MATRIX).filter(
      ([k, row]) => DECLARED.has(k) && !consistent(DECLARED.get(k)!.access, row.answers),
    );
    expect(wrong.map(([k, row]) => `${k}: ${DECLARED.get(k)!.access} but ${row.answers}`)).toEqual([]);
  });

  it('gives every caller the expected answer, and a refusal changes nothing', async () => {
    const failures: string[] = [];
    const table: string[] = [];
    for (const route of apiRoutes()) {
      const row = rowOf(key(route.method, route.url));
      if (!row) continue;
      const answers = row.answers.split(' ') as Answer[];
      const refused = ROLE_NAMES.filter((_, i) => answers[i] !== 'ok' && answers[i] !== 'any');
      const allowed = ROLE_NAMES.filter((r) => !refused.includes(r));
      // Refused callers first, with the write mark read around them; then the allowed ones (they may change things).
      const before = await dbWriteMark(t.db, t.deps.mailer);
      const got = new Map<RoleName, number>();
      for (const role of refused) got.set(role, (await send(route.method, route.url, role)).statusCode);
      // (A public route refuses no caller: nothing was called between the two marks, nothing to check.)
      const written =
        refused.length > 0 && (await writtenSince(t.db, before, `${route.method} ${route.url}: a refused call`));
      if (written) failures.push(written);
      await Promise.all(
        allowed.map(async (role) => {
          const res = await send(route.method, route.url, role);
          got.set(role, res.statusCode);
          if (row.noLeak && role !== 'admin' && /cobalt/i.test(res.body))
            failures.push(`${route.method} ${route.url}: ${role} sees the victim tenant`);
        }),
      );
      const statuses = ROLE_NAMES.map((r) => got.get(r)!);
      table.push(`${route.method.padEnd(6)} ${route.url.padEnd(44)} ${statuses.join(' ')}`);
      statuses.forEach((status, i) => {
        if (!matches(answers[i]!, status))
          failures.push(`${route.method} ${route.url} as ${ROLE_NAMES[i]}: expected ${answers[i]}, got ${status}`);
      });
    }
    if (process.env.MATRIX_PRINT === '1') console.log(`${' '.repeat(52)}${ROLE_NAMES.join(' ')}\n${table.join('\n')}`);
    expect(failures).toEqual([]);
  }, 400_000);

  it('gives each API key the answer of a session of its scope within its class; refusals and read-only reads change nothing', async () => {
    const failures: string[] = [];
    const table: string[] = [];
    for (const route of apiRoutes()) {
      const row = rowOf(key(route.method, route.url));
      if (!row) continue;
      const answers = row.answers.split(' ') as Answer[];
      const keys = new Map<KeyCallerName, string>();
      for (const w of KEY_CALLERS) keys.set(w, await apiKeyFor(t.db, p, w));
      // Keys refused by their class or their row, and the read-only key on whatever it may call, first, with a
      // write mark read around them; then the sessions of the keys' scopes on the same records; then the allowed keys.
      const rowRefuses = (w: KeyCallerName) => !['ok', 'any'].includes(keyAnswer(w, route.method, route.url, answers));
      const still = KEY_CALLERS.filter((w) => w === 'key-read-only' || rowRefuses(w));
      const before = await dbWriteMark(t.db, t.deps.mailer);
      const got = new Map<KeyCallerName, number>();
      for (const w of still) got.set(w, (await sendKey(route.method, route.url, keys.get(w)!)).statusCode);
      const written = await writtenSince(t.db, before, `${route.method} ${route.url}: a refused or read-only key`);
      if (written) failures.push(written);
      const session = new Map<RoleName, number>();
      for (const role of ['simple', 'reseller', 'admin'] as const)
        session.set(role, (await send(route.method, route.url, role)).statusCode);
      const expected = new Map(
        KEY_CALLERS.map((w) => [w, keyAnswer(w, route.method, route.url, answers, session.get(KEY_BASE[w]!))]),
      );
      for (const w of KEY_CALLERS.filter((k) => !still.includes(k))) {
        const res = await sendKey(route.method, route.url, keys.get(w)!);
        got.set(w, res.statusCode);
        if (row.noLeak && w !== 'key-admin' && /cobalt/i.test(res.body))
          failures.push(`${route.method} ${route.url}: ${w} sees the victim tenant`);
      }
      const statuses = KEY_CALLERS.map((w) => got.get(w)!);
      table.push(`${route.method.padEnd(6)} ${route.url.padEnd(44)} ${statuses.join(' ')}`);
      KEY_CALLERS.forEach((w, i) => {
        if (!matches(expected.get(w)!, statuses[i]!))
          failures.push(`${route.method} ${route.url} as ${w}: expected ${expected.get(w)}, got ${statuses[i]}`);
      });
    }
    if (process.env.MATRIX_PRINT === '1') console.log(`${' '.repeat(52)}${KEY_CALLERS.join(' ')}\n${table.join('\n')}`);
    expect(failures).toEqual([]);
  }, 900_000);
});
