import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import { type TestApp, startTestApp } from '../../../test/harness';
import { type RoleTokens, resellerIdByName, signInRoles } from '../../../test/roles';

let t: TestApp;
let r: RoleTokens;
const TENANT = 'bluebird.example';

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true', SIM_ACTIVE_CALLS: '3' });
  // The reseller user sees acme and northwind, not bluebird.
  r = await signInRoles(t, [await resellerIdByName(t, 'Atlantic Telecom Partners')]);
});
afterAll(() => t.close());

async function channels(token: string, body: object = { action: 'list_active_channels' }) {
  return t.call('callActions', body, { token });
}

/** A werift client standing in for the browser: recvonly audio, PCMU, full ICE gathering before the POST. */
async function client() {
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceAdditionalHostAddresses: ['127.0.0.1'],
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/PCMU', clockRate: 8000, channels: 1, payloadType: 0 })],
      video: [],
    },
  });
  const transceiver = pc.addTransceiver('audio', { direction: 'recvonly' });
  let packets = 0;
  let bytes = 0;
  transceiver.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe((rtp) => {
      packets++;
      bytes = rtp.payload.length;
    }),
  );
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete')
    await new Promise<void>((res) => pc.iceGatheringStateChange.subscribe((s) => s === 'complete' && res()));
  return { pc, offer: pc.localDescription!.sdp, stats: () => ({ packets, bytes }) };
}

const post = (callId: string, sdp: string, token?: string, type = 'application/sdp') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/monitor/${encodeURIComponent(callId)}`,
    headers: { 'content-type': type, ...(token ? { token } : {}) },
    payload: sdp,
  });

describe('callActions', () => {
  it('lists the simulated active calls of visible tenants only', async () => {
    const all = (await channels(r.admin)).json() as {
      tenant_id: string;
      SIPCallID: string;
      Caller: string;
      StartedAt: string;
    }[];
    expect(all.filter((c) => c.tenant_id === TENANT)).toHaveLength(3);
    expect(all[0]).toEqual(
      expect.objectContaining({
        Caller: expect.stringMatching(/^sip:/),
        Callee: expect.stringMatching(/^sip:/),
        Aor: expect.stringMatching(/^sip:/),
        SIPCallID: expect.stringMatching(/^sim-/),
      }),
    );
    expect(Date.parse(all[0]!.StartedAt)).toBeLessThanOrEqual(Date.now());
    const mine = (await channels(r.reseller)).json() as { tenant_id: string }[];
    expect(new Set(mine.map((c) => c.tenant_id))).toEqual(new Set(['acme.example', 'northwind.example']));
    expect((await channels(r.reseller, { action: 'list_active_channels', tenant_id: TENANT })).statusCode).toBe(403);
    expect((await channels(r.simple)).statusCode).toBe(403);
    expect((await t.call('callActions', { action: 'list_active_channels' })).statusCode).toBe(401);
    expect((await channels(r.admin, { action: 'hangup' })).statusCode).toBe(400);
  });
});

describe('monitor (listen-in over WebRTC)', () => {
  it('answers a real offer and streams PCMU audio packets; the listen is audited and stopped', async () => {
    const call = (
      (await channels(r.admin, { action: 'list_active_channels', tenant_id: TENANT })).json() as { SIPCallID: string }[]
    )[0]!;
    const c = await client();
    const res = await post(call.SIPCallID, c.offer, r.admin);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/sdp/);
    expect(res.body).toMatch(/m=audio .* 0\r?\n/);
    expect(res.body).toMatch(/a=sendonly/);
    const location = res.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/v1/monitor/${encodeURIComponent(call.SIPCallID)}/[\\w-]+$`));
    await c.pc.setRemoteDescription({ type: 'answer', sdp: res.body });
    const start = Date.now();
    while (c.stats().packets < 25 && Date.now() - start < 10_000) await new Promise((res) => setTimeout(res, 50));
    expect(c.stats().packets).toBeGreaterThanOrEqual(25);
    expect(c.stats().bytes).toBe(160);

    const stop = await t.app.inject({ method: 'DELETE', url: location, headers: { token: r.admin } });
    expect(stop.statusCode).toBe(200);
    await c.pc.close();
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'actor_name'])
      .where('entity', '=', 'call_monitor')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', entity_id: `${TENANT}/${call.SIPCallID}`, actor_name: 'admin' },
      { action: 'delete', entity_id: `${TENANT}/${call.SIPCallID}`, actor_name: 'admin' },
    ]);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: { token: r.admin } })).statusCode).toBe(404);
  }, 20_000);

  it('is refused without a session, to a simple user, for an invisible tenant, for a bad body and an unknown call', async () => {
    const call = (
      (await channels(r.admin, { action: 'list_active_channels', tenant_id: TENANT })).json() as { SIPCallID: string }[]
    )[0]!;
    const { offer, pc } = await client();
    expect((await post(call.SIPCallID, offer)).statusCode).toBe(401);
    const simple = await post(call.SIPCallID, offer, r.simple);
    expect(simple.statusCode).toBe(403);
    expect(simple.json().error.message).toBe('Listening to calls needs an administrator or reseller account.');
    // The reseller user does not see bluebird: its calls are not found among the reseller's tenants.
    expect((await post(`${call.SIPCallID}`, offer, r.reseller)).statusCode).toBe(404);
    const hinted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/monitor/${encodeURIComponent(call.SIPCallID)}?tenant_id=${TENANT}`,
      headers: { 'content-type': 'application/sdp', token: r.reseller },
      payload: offer,
    });
    expect(hinted.statusCode).toBe(403);
    expect((await post(call.SIPCallID, offer, r.admin, 'text/plain')).statusCode).toBe(415);
    expect((await post(call.SIPCallID, 'hello', r.admin)).statusCode).toBe(400);
    expect((await post(call.SIPCallID, `v=0\r\n${'a=x\r\n'.repeat(10_000)}`, r.admin)).statusCode).toBe(413);
    const gone = await post('no-such-call@x', offer, r.admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('This call is not active any more.');
    await pc.close();
  });

  it("enforces the tenant's Call Monitor licence as a limit on concurrent listeners", async () => {
    await t.db.kysely.updateTable('licences').set({ call_monitor: 1 }).where('tenant_id', '=', TENANT).execute();
    const call = (
      (await channels(r.admin, { action: 'list_active_channels', tenant_id: TENANT })).json() as { SIPCallID: string }[]
    )[1]!;
    const a = await client();
    const first = await post(call.SIPCallID, a.offer, r.admin);
    expect(first.statusCode).toBe(201);
    const b = await client();
    const second = await post(call.SIPCallID, b.offer, r.admin);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      "This tenant's Call Monitor licence allows 1 listener at a time; it is in use.",
    );
    await t.app.inject({ method: 'DELETE', url: first.headers.location as string, headers: { token: r.admin } });
    const third = await post(call.SIPCallID, b.offer, r.admin);
    expect(third.statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: third.headers.location as string, headers: { token: r.admin } });
    await t.db.kysely.updateTable('licences').set({ call_monitor: 0 }).where('tenant_id', '=', TENANT).execute();
    expect((await post(call.SIPCallID, b.offer, r.admin)).statusCode).toBe(409);
    await a.pc.close();
    await b.pc.close();
  }, 20_000);
});
