import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
const TENANT = 'bluebird.example';
const pins: Record<string, string> = {};
const token = (ext: string, tenant = TENANT, pin = pins[ext]!) =>
  Buffer.from(`${ext}@${tenant}:${pin}`).toString('base64');
const body = (ext: string, extra: object = {}) => ({ tenant_id: TENANT, token: token(ext), user: ext, ...extra });

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', LOGIN_MAX_FAILURES: '5', LOGIN_SLOW_AFTER: '100' });
  r = await signInRoles(t, [await resellerIdByName(t, 'Atlantic Telecom Partners')]);
  for (const e of await t.db.kysely
    .selectFrom('extensions')
    .select(['extension', 'pin'])
    .where('tenant_id', '=', TENANT)
    .execute())
    pins[e.extension] = e.pin;
});
afterAll(() => t.close());

describe('getCDRs and getGroupCDRs', () => {
  it("lists the token's extension's calls, newest first, in the spec's shape", async () => {
    const res = await t.call('getCDRs', body('101'));
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      time_stamp: string;
      direction: string;
      ans_call_flow: { target: string; talktime_duration: string }[];
      recording_url: string | null;
    }[];
    const stored = await t.db.kysely
      .selectFrom('call_records')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('extension', '=', '101')
      .where('started_at', '>=', Date.now() - 30 * 86_400_000)
      .execute();
    expect(rows).toHaveLength(stored.length);
    expect(rows[0]!.time_stamp).toMatch(/^\d{4}-\d{2}-\d{2} (0[1-9]|1[0-2]):\d{2}:\d{2} (AM|PM)$/);
    expect(rows.every((x) => x.ans_call_flow[0]!.target === '101')).toBe(true);
    expect(rows[0]!.ans_call_flow[0]!.talktime_duration).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(['Inbound', 'Outbound', 'Missed', 'Missed-VM']).toContain(rows[0]!.direction);
    const stamps = rows.map((x) => x.time_stamp);
    expect(new Set(stamps).size).toBeGreaterThan(1);
  });

  it('filters by window and limit, and answers null when nothing is found', async () => {
    const all = (await t.call('getCDRs', body('100'))).json() as unknown[];
    expect((await t.call('getCDRs', body('100', { limit: 2 }))).json()).toHaveLength(2);
    const recent = (await t.call('getCDRs', body('100', { from: Date.now() - 3 * 86_400_000 }))).json() as unknown[];
    expect(recent.length).toBeLessThan(all.length);
    expect((await t.call('getCDRs', body('100', { from: '2001-01-01', to: '2001-02-01' }))).json()).toBeNull();
    // Extension 119 has no calls in the demo.
    expect((await t.call('getCDRs', body('119'))).json()).toBeNull();
    expect((await t.call('getCDRs', body('100', { from: Date.now(), to: Date.now() - 1000 }))).statusCode).toBe(400);
  });

  it('gives group calls to admin extensions only', async () => {
    const group = (await t.call('getGroupCDRs', body('100'))).json() as { ans_call_flow: { target: string }[] }[];
    expect(new Set(group.map((g) => g.ans_call_flow[0]!.target)).size).toBeGreaterThan(1);
    const refused = await t.call('getGroupCDRs', body('101'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only admin extensions can see the group calls.');
  });

  it('refuses wrong tokens with 401, and throttles guessing', async () => {
    const wrong = [
      body('101', { token: token('101', TENANT, '0000') }),
      body('101', { token: token('102') }),
      body('101', { tenant_id: 'acme.example' }),
      body('101', { token: 'not base64 at all' }),
    ];
    for (const b of wrong) {
      const res = await t.call('getCDRs', b);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Invalid Credentials');
    }
    await t.call('getCDRs', wrong[0]);
    await t.call('getCDRs', wrong[1]);
    expect((await t.call('getCDRs', body('101'))).statusCode).toBe(429);
    await t.db.kysely.deleteFrom('login_failures').execute();
  });
});

describe('recordings', () => {
  async function recorded(): Promise<{ url: string; id: string; ext: string }> {
    const rec = await t.db.kysely
      .selectFrom('call_records')
      .select(['id', 'extension'])
      .where('tenant_id', '=', TENANT)
      .where('recording_url', 'is not', null)
      .where('started_at', '>=', Date.now() - 29 * 86_400_000)
      .orderBy('started_at', 'desc')
      .executeTakeFirstOrThrow();
    const rows = (await t.call('getCDRs', body(rec.extension))).json() as { recording_url: string | null }[];
    const url = rows.find((x) => x.recording_url?.startsWith(`/api/v1/recordings/${rec.id}?`))!.recording_url!;
    return { url, id: String(rec.id), ext: rec.extension };
  }

  it('plays a real WAV through the grant in recording_url, the same every time', async () => {
    const { url } = await recorded();
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(res.rawPayload.subarray(8, 12).toString()).toBe('WAVE');
    expect(res.rawPayload.length).toBeGreaterThan(3 * 16000);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('is refused to anyone else: no grant, a grant of another record, another extension, an invisible tenant', async () => {
    const { url, id, ext } = await recorded();
    const grant = new URL(url, 'http://x').searchParams.get('grant')!;
    const other = ext === '101' ? '102' : '101';
    const get = (u: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: u, headers });
    expect((await get(`/api/v1/recordings/${id}`)).statusCode).toBe(403);
    expect((await get(`/api/v1/recordings/${Number(id) + 1}?grant=${grant}`)).statusCode).toBe(403);
    expect((await get(`/api/v1/recordings/${id}?grant=${grant}x`)).statusCode).toBe(403);
    expect(
      (await get(`/api/v1/recordings/${id}?tenant_id=${TENANT}&token=${encodeURIComponent(token(other))}`)).statusCode,
    ).toBe(403);
    expect(
      (await get(`/api/v1/recordings/${id}?tenant_id=${TENANT}&token=${encodeURIComponent(token(ext))}`)).statusCode,
    ).toBe(200);
    expect(
      (await get(`/api/v1/recordings/${id}?tenant_id=${TENANT}&token=${encodeURIComponent(token('100'))}`)).statusCode,
    ).toBe(200);
    // Portal sessions: the admin sees every tenant; this reseller user does not see bluebird.
    expect((await get(`/api/v1/recordings/${id}?tenant_id=${TENANT}`, { token: r.admin })).statusCode).toBe(200);
    expect((await get(`/api/v1/recordings/${id}?tenant_id=${TENANT}`, { token: r.reseller })).statusCode).toBe(403);
  });
});
