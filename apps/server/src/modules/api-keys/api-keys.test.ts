import type { ApiKeyRow, CreateApiKeyBody, CreateApiKeyReply } from '@provisio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';
import { dbWriteMark } from '../../security/security-fixture';

const LIMIT = 8;
let t: TestApp;
let roles: RoleTokens;
let metro: number;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', API_KEY_RATE_PER_MINUTE: String(LIMIT) });
  metro = await resellerIdByName(t, 'Metro Unified');
  roles = await signInRoles(t, [metro], 'keys');
}, 60_000);
afterAll(() => t?.close());

const create = (body: CreateApiKeyBody, token = roles.admin, lang?: string) =>
  t.call('createApiKey', body, { token, ...(lang ? { lang } : {}) });

async function newKey(body: Partial<CreateApiKeyBody> = {}, token = roles.admin): Promise<CreateApiKeyReply> {
  const res = await create({ name: 'Billing', scope: 'all', read_only: false, ...body } as CreateApiKeyBody, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateApiKeyReply>();
}

/** A call made with `Authorization: Bearer <key>`. */
const withKey = (name: string, body: unknown, key: string, extra: { lang?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${name}`,
    headers: { authorization: `Bearer ${key}`, ...(extra.lang ? { 'accept-language': extra.lang } : {}) },
    ...(extra.ip ? { remoteAddress: extra.ip } : {}),
    payload: body as object,
  });

/** The message of an error reply. */
const msg = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;
const tenantsOf = (res: { json: <T>() => T }) => res.json<{ tid: string }[]>().map((r) => r.tid);
const flip = (tid: string, value: 'true' | 'false') => ({ tenant_id: tid, column_name: 'mobile_app_allowed', value });

describe('API keys: creation and storage', () => {
  it('shows a key once, stores only its hash, and lists it with its prefix', async () => {
    const { key, row } = await newKey({ name: 'CRM sync' });
    expect(key).toMatch(/^pvk_[A-Za-z0-9_-]{43}$/);
    expect(row).toMatchObject({ name: 'CRM sync', scope: 'all', read_only: false, prefix: key.slice(0, 12) });
    const stored = await t.db.kysely
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(12));
    const list = (await t.call('listApiKeys', {}, { token: roles.admin })).json<ApiKeyRow[]>();
    expect(list.find((k) => k.id === row.id)).toMatchObject({ prefix: key.slice(0, 12), last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(key.slice(12));
  });

  it("refuses bad input with a clear 4xx in the caller's language and creates nothing", async () => {
    const before = await dbWriteMark(t.db, t.deps.mailer);
    const past = await create(
      { name: 'Old', scope: 'all', read_only: true, expires_at: Date.now() - 1000 },
      roles.admin,
      'es',
    );
    expect(past.statusCode).toBe(400);
    expect(msg(past)).toMatch(/futuro/);
    const cidr = await create({ name: 'Net', scope: 'all', read_only: true, allowed_ips: ['10.0.0.0/33'] });
    expect(cidr.statusCode).toBe(400);
    expect(msg(cidr)).toContain('10.0.0.0/33');
    for (const bad of ['300.1.1.1', 'example.com', '10.0.0.0/8/1', '2001:db8::/129', '1.2.3.4/-1'])
      expect((await create({ name: 'Net', scope: 'all', read_only: true, allowed_ips: [bad] })).statusCode).toBe(400);
    expect((await create({ name: '', scope: 'all', read_only: true })).statusCode).toBe(400);
    expect((await create({ name: 'R', scope: 'reseller', read_only: true })).statusCode).toBe(400);
    expect((await create({ name: 'R', scope: 'reseller', reseller_id: 999_999, read_only: true })).statusCode).toBe(
      404,
    );
    expect(
      (await create({ name: 'T', scope: 'tenant', tenant_id: 'no-such.example', read_only: true })).statusCode,
    ).toBe(404);
    expect(await dbWriteMark(t.db)).toBe(before);
  });

  it('lets a reseller user create keys of their own resellers and tenants only; a simple user none', async () => {
    const before = await dbWriteMark(t.db, t.deps.mailer);
    expect((await create({ name: 'All', scope: 'all', read_only: true }, roles.reseller)).statusCode).toBe(403);
    const pioneer = await resellerIdByName(t, 'Pioneer Voice');
    expect(
      (await create({ name: 'P', scope: 'reseller', reseller_id: pioneer, read_only: true }, roles.reseller))
        .statusCode,
    ).toBe(403);
    expect(
      (await create({ name: 'C', scope: 'tenant', tenant_id: 'cobalt.example', read_only: true }, roles.reseller))
        .statusCode,
    ).toBe(403);
    expect(
      (await create({ name: 'S', scope: 'tenant', tenant_id: 'bluebird.example', read_only: true }, roles.simple))
        .statusCode,
    ).toBe(403);
    expect((await t.call('listApiKeys', {}, { token: roles.simple })).statusCode).toBe(403);
    expect(await dbWriteMark(t.db)).toBe(before);
    const own = await newKey({ name: 'Metro CRM', scope: 'reseller', reseller_id: metro }, roles.reseller);
    const list = (await t.call('listApiKeys', {}, { token: roles.reseller })).json<ApiKeyRow[]>();
    expect(list.map((k) => k.id)).toEqual([own.row.id]);
    // An administrator's all-tenants key is not theirs to revoke.
    const adminKey = await newKey({ name: 'Admin only' });
    expect((await t.call('revokeApiKey', { id: adminKey.row.id }, { token: roles.reseller })).statusCode).toBe(404);
  });
});

describe('API keys: calls made with a key', () => {
  it('works like an administrator on tenant data, with RateLimit headers and its last use shown', async () => {
    const { key, row } = await newKey({ name: 'Ops' });
    const res = await withKey('tenantList', {}, key);
    expect(res.statusCode).toBe(200);
    expect(tenantsOf(res)).toContain('cobalt.example');
    expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const listed = (await t.call('listApiKeys', {}, { token: roles.admin }))
      .json<ApiKeyRow[]>()
      .find((k) => k.id === row.id);
    expect(listed?.last_used_ip).toBe('127.0.0.1');
    expect(listed?.last_used_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records every write under the key's name", async () => {
    const { key, row } = await newKey({ name: 'Audited integration' });
    const res = await withKey('updateAndGetTenants', flip('cobalt.example', 'false'), key);
    expect(res.statusCode, res.body).toBe(200);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'tenant')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'api_key', actor_id: row.id, actor_name: 'Audited integration' });
  });

  it('never reaches account management, keys, passwords, sign-in or end-user calls', async () => {
    const { key } = await newKey({ name: 'Curious' });
    const before = await dbWriteMark(t.db, t.deps.mailer);
    const calls: [string, unknown][] = [
      ['createApiKey', { name: 'Child', scope: 'all', read_only: false }],
      ['listApiKeys', {}],
      ['changePassword', { old_password: 'admin-pass-1', new_password: 'Another-pass-9' }],
      ['createUpdateUser', { username: 'x', password: 'Another-pass-9', user_type: 'admin' }],
      ['adminLogin', { user: 'admin', password: 'admin-pass-1' }],
      ['appLogin', { username: 'x', password: 'y' }],
      ['viewAs', { principal_type: 'user', id: 1, reason: 'curious' }],
    ];
    for (const [name, body] of calls) {
      const res = await withKey(name, body, key, { lang: 'fr' });
      expect(res.statusCode, name).toBe(403);
      expect(msg(res), name).toMatch(/clés d’API/);
    }
    expect(await dbWriteMark(t.db)).toBe(before);
  });

  it('a read-only key reads and is refused every write, changing nothing', async () => {
    const { key } = await newKey({ name: 'Reader', read_only: true });
    expect((await withKey('tenantList', {}, key)).statusCode).toBe(200);
    const before = await dbWriteMark(t.db, t.deps.mailer);
    const res = await withKey('updateAndGetTenants', flip('cobalt.example', 'false'), key);
    expect(res.statusCode).toBe(403);
    expect(msg(res)).toMatch(/read-only/);
    expect(await dbWriteMark(t.db)).toBe(before);
  });

  it("a tenant key sees its tenant only; a reseller key its reseller's tenants only", async () => {
    const tenant = await newKey({ name: 'Bluebird', scope: 'tenant', tenant_id: 'bluebird.example' });
    expect(tenantsOf(await withKey('tenantList', {}, tenant.key))).toEqual(['bluebird.example']);
    const before = await dbWriteMark(t.db, t.deps.mailer);
    expect((await withKey('updateAndGetTenants', flip('cobalt.example', 'false'), tenant.key)).statusCode).toBe(403);
    expect((await withKey('getExtensions', { tenant_id: 'cobalt.example' }, tenant.key)).statusCode).toBe(403);
    expect((await withKey('createTenant', { tid: 'new.example', tname: 'New' }, tenant.key)).statusCode).toBe(403);
    expect(await dbWriteMark(t.db)).toBe(before);
    const reseller = await newKey({ name: 'Metro', scope: 'reseller', reseller_id: metro });
    const unchanged = await dbWriteMark(t.db, t.deps.mailer);
    const seen = tenantsOf(await withKey('tenantList', {}, reseller.key));
    const metroTenants = await t.db.kysely
      .selectFrom('reseller_tenants')
      .select('tenant_id')
      .where('reseller_id', '=', metro)
      .execute();
    expect(seen.sort()).toEqual(metroTenants.map((r) => r.tenant_id).sort());
    expect(seen).not.toContain('cobalt.example');
    expect((await withKey('getExtensions', { tenant_id: 'cobalt.example' }, reseller.key)).statusCode).toBe(403);
    expect(await dbWriteMark(t.db)).toBe(unchanged);
  });

  it('refuses malformed, unknown, expired and revoked keys (401) and other addresses (403)', async () => {
    for (const bad of ['', 'pvk_short', `pvk_${'x'.repeat(43)}`, 'not-a-key'])
      expect((await withKey('tenantList', {}, bad)).statusCode, bad).toBe(401);
    const expiring = await newKey({ name: 'Soon', expires_at: Date.now() + 60_000 });
    expect((await withKey('tenantList', {}, expiring.key)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('api_keys')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiring.row.id)
      .execute();
    const expired = await withKey('tenantList', {}, expiring.key, { lang: 'pt' });
    expect(expired.statusCode).toBe(401);
    expect(msg(expired)).toMatch(/expirou/);

    const fenced = await newKey({ name: 'Office', allowed_ips: ['192.0.2.0/24', '2001:db8::/32'] });
    expect(fenced.row.allowed_ips).toEqual(['192.0.2.0/24', '2001:db8::/32']);
    expect((await withKey('tenantList', {}, fenced.key)).statusCode).toBe(403);
    expect((await withKey('tenantList', {}, fenced.key, { ip: '192.0.2.77' })).statusCode).toBe(200);
    expect((await withKey('tenantList', {}, fenced.key, { ip: '2001:db8::5' })).statusCode).toBe(200);
    expect((await withKey('tenantList', {}, fenced.key, { ip: '198.51.100.1' })).statusCode).toBe(403);
  });

  it('revocation holds from the next call on, and is audited', async () => {
    const { key, row } = await newKey({ name: 'Leaked' });
    expect((await withKey('tenantList', {}, key)).statusCode).toBe(200);
    const revoked = await t.call('revokeApiKey', { id: row.id }, { token: roles.admin });
    expect(revoked.json<ApiKeyRow>().revoked_at).not.toBeNull();
    expect((await withKey('tenantList', {}, key)).statusCode).toBe(401);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'api_key')
      .where('entity_id', '=', String(row.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    const listed = (await t.call('listApiKeys', {}, { token: roles.admin })).json<ApiKeyRow[]>();
    expect(listed.some((k) => k.id === row.id)).toBe(false);
  });

  it('keeps the Token header working', async () => {
    expect((await t.call('tenantList', {}, { token: roles.admin })).statusCode).toBe(200);
  });
});

describe('API keys: rate limit', () => {
  it(`lets exactly ${LIMIT} of a parallel burst through, then 429 with Retry-After in the caller's language`, async () => {
    const { key } = await newKey({ name: 'Burst', read_only: true });
    const results = await Promise.all(
      Array.from({ length: LIMIT * 3 }, () => withKey('tenantList', {}, key, { lang: 'es' })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(refused).toHaveLength(LIMIT * 2);
    for (const r of refused) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.headers['ratelimit-remaining']).toBe('0');
      expect(msg(r)).toMatch(/Demasiadas solicitudes/);
    }
    const remaining = ok.map((r) => Number(r.headers['ratelimit-remaining'])).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  });
});

describe('OpenAPI document', () => {
  it('shows the Bearer and Token security schemes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.Token).toMatchObject({ type: 'apiKey' });
  });
});
