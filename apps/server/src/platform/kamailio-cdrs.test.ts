import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness';
import { muLaw } from './builtin-audio';
import { recordId } from './kamailio-cdrs';
import { rtpengineFileStem } from './rtpengine-pcaps';

// Call records on Kamailio's SQLite schema (Debian's db_sqlite files plus the extra acc_cdrs columns of
// deploy/kamailio/provisio-extra.sql), with times as db_sqlite writes them: Julian day numbers (REAL, UTC).
// Read through the portal's end-user API (getCDRs, getGroupCDRs, /api/v1/recordings).

const SIP_DOMAIN = 'sip.example';
const PIN = '246813';
const HOUR = 3_600_000;
let dir: string;
let kamFile: string;
let t: TestApp;
const now = Math.floor(Date.now() / 1000) * 1000;
/** As db_sqlite writes a time (timet_to_sqlite in src/modules/db_sqlite/dbase.c). */
const julian = (ms: number) => (Math.floor(ms / 1000) - 0.5) / 86_400 + 2440587.5;

interface Cdr {
  at: number;
  duration: number;
  callid: string;
  src: string;
  dst: string;
  code: string;
  fwd?: string;
  srcDomain?: string;
}
const CDRS: Record<string, Cdr> = {
  answered: { at: now - 1 * HOUR, duration: 42.4, callid: 'call-1@10.0.0.1', src: '2001', dst: '2002', code: '200' },
  cancelled: { at: now - 2 * HOUR, duration: 0, callid: 'call-2@10.0.0.2', src: '2002', dst: '2001', code: '487' },
  fromOtherTenant: {
    at: now - 3 * HOUR,
    duration: 10,
    callid: 'call-3@10.0.0.3',
    src: '3001',
    dst: '2001',
    code: '200',
  },
  forwarded: {
    at: now - 4 * HOUR,
    duration: 20.6,
    callid: 'call-4@10.0.0.4',
    src: '2003',
    dst: '2002',
    code: '200',
    fwd: '2001',
  },
  otherDomain: {
    at: now - 5 * HOUR,
    duration: 5,
    callid: 'call-5@10.0.0.5',
    src: '2001',
    dst: '2002',
    code: '200',
    srcDomain: 'elsewhere.example',
  },
  old: { at: now - 40 * 24 * HOUR, duration: 5, callid: 'call-6@10.0.0.6', src: '2001', dst: '2002', code: '200' },
};
const ids: Record<string, number> = {};

function kamailioSqlite(file: string): void {
  const db = new SQLite(file);
  for (const f of ['standard', 'auth_db', 'usrloc', 'acc'])
    db.exec(fs.readFileSync(`/usr/share/kamailio/db_sqlite/${f}-create.sql`, 'utf8'));
  for (const c of ['callid', 'src_user', 'src_domain', 'dst_user', 'dst_domain', 'sip_code', 'fwd_user'])
    db.exec(`ALTER TABLE acc_cdrs ADD COLUMN ${c} VARCHAR(255) NOT NULL DEFAULT ''`);
  db.exec(
    'CREATE INDEX acc_cdrs_src_idx ON acc_cdrs (src_user, src_domain, start_time); CREATE INDEX acc_cdrs_dst_idx ON acc_cdrs (dst_user, dst_domain, start_time); CREATE INDEX acc_cdrs_fwd_idx ON acc_cdrs (fwd_user, dst_domain, start_time); CREATE INDEX acc_cdrs_callid_idx ON acc_cdrs (callid)',
  );
  const insert = db.prepare(
    'INSERT INTO acc_cdrs (start_time, end_time, duration, callid, src_user, src_domain, dst_user, dst_domain, sip_code, fwd_user) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const [k, c] of Object.entries(CDRS)) {
    ids[k] = Number(
      insert.run(
        julian(c.at),
        julian(c.at + c.duration * 1000),
        c.duration,
        c.callid,
        c.src,
        c.srcDomain ?? SIP_DOMAIN,
        c.dst,
        SIP_DOMAIN,
        c.code,
        c.fwd ?? '',
      ).lastInsertRowid,
    );
  }
  db.close();
}

/** A pcap as rtpengine writes it (LINKTYPE_RAW, IPv4 + UDP + RTP PCMU) with `seconds` of a 440 Hz tone. */
function tonePcap(seconds: number): Buffer {
  const head = Buffer.alloc(24);
  head.writeUInt32LE(0xa1b2c3d4, 0);
  head.writeUInt16LE(2, 4);
  head.writeUInt16LE(4, 6);
  head.writeUInt32LE(65535, 16);
  head.writeUInt32LE(101, 20);
  const parts: Buffer[] = [head];
  for (let i = 0; i < seconds * 50; i++) {
    const pkt = Buffer.alloc(28 + 12 + 160);
    pkt[0] = 0x45;
    pkt.writeUInt16BE(pkt.length, 2);
    pkt[9] = 17;
    pkt.writeUInt16BE(8 + 12 + 160, 24);
    pkt[28] = 0x80;
    pkt.writeUInt16BE(i, 30);
    pkt.writeUInt32BE(i * 160, 32);
    pkt.writeUInt32BE(0xabc, 36);
    for (let s = 0; s < 160; s++)
      pkt[40 + s] = muLaw(Math.round(6000 * Math.sin((2 * Math.PI * 440 * (i * 160 + s)) / 8000)));
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(1_795_000_000 + Math.floor(i / 50), 0);
    rec.writeUInt32LE((i % 50) * 20_000, 4);
    rec.writeUInt32LE(pkt.length, 8);
    rec.writeUInt32LE(pkt.length, 12);
    parts.push(rec, pkt);
  }
  return Buffer.concat(parts);
}

const token = (ext: string, tenant: string) => Buffer.from(`${ext}@${tenant}:${PIN}`).toString('base64');
const cdrs = async (name: 'getCDRs' | 'getGroupCDRs', ext: string, tenant: string, extra: object = {}) => {
  const res = await t.call(name, { tenant_id: tenant, user: ext, token: token(ext, tenant), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CdrRow[] | null>();
};
interface CdrRow {
  name: string;
  destination: string;
  time_stamp: string;
  direction: string;
  recording_url: string | null;
  ans_call_flow: {
    callingnumber: string;
    dialednumber: string;
    target: string;
    talktime_duration: string;
    initiation: string;
  }[];
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'provisio-cdrs-'));
  kamFile = path.join(dir, 'kamailio.db');
  kamailioSqlite(kamFile);
  fs.mkdirSync(path.join(dir, 'rec', 'pcaps'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'rec', 'pcaps', `${rtpengineFileStem(CDRS.answered!.callid)}-0123456789abcdef.pcap`),
    tonePcap(3),
  );
  t = await startTestApp({
    PLATFORM: 'kamailio',
    KAMAILIO_DB_URL: `sqlite:///${kamFile}`,
    KAMAILIO_SIP_DOMAIN: SIP_DOMAIN,
    RTPENGINE_RECORDING_DIR: path.join(dir, 'rec'),
  });
  const admin = await t.login();
  const people = [
    { tenant: 'cdr-a', domain: 'a.example', extension: '2001', first: 'Ana', last: 'Alves', admin: true },
    { tenant: 'cdr-a', domain: 'a.example', extension: '2002', first: 'Bo', last: 'Berg', admin: false },
    { tenant: 'cdr-a', domain: 'a.example', extension: '2003', first: 'Cy', last: 'Cruz', admin: false },
    { tenant: 'cdr-b', domain: 'b.example', extension: '3001', first: 'Dee', last: 'Diaz', admin: false },
  ];
  for (const tenant of ['cdr-a', 'cdr-b']) {
    const res = await t.call(
      'createTenant',
      { tid: tenant, tname: tenant, domain: `${tenant.slice(-1)}.example`, site_name: 'HQ' },
      { token: admin },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const p of people) {
    const email = `u${p.extension}@${p.domain}`;
    const ext = await t.call(
      'createExtension',
      {
        tenant_id: p.tenant,
        extension: p.extension,
        domain: p.domain,
        site_name: 'HQ',
        firstname: p.first,
        lastname: p.last,
        email,
        admin: p.admin,
      },
      { token: admin },
    );
    expect(ext.statusCode, ext.body).toBe(200);
    const link = await t.call(
      'linkExtension',
      {
        email,
        did: `+1555000${p.extension}`,
        pin: PIN,
        password: 'Cdr!Record-2024',
        extension: p.extension,
        tenant_id: p.tenant,
      },
      { token: admin },
    );
    expect(link.statusCode, link.body).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const stamp = (ms: number) => {
  const d = new Date(ms);
  const h = d.getUTCHours();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(h % 12 || 12)}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} ${h >= 12 ? 'PM' : 'AM'}`;
};

describe('call records from acc_cdrs on SQLite (Julian day times)', () => {
  it("My Calls: the extension's side of each call, newest first, with the right time, direction, name and talk time", async () => {
    const rows = (await cdrs('getCDRs', '2001', 'cdr-a'))!;
    expect(rows.map((r) => [r.direction, r.destination, r.name, r.time_stamp])).toEqual([
      ['Outbound', '2002', 'Bo Berg', stamp(CDRS.answered!.at)],
      ['Missed', '2002', 'Bo Berg', stamp(CDRS.cancelled!.at)],
      // Another tenant's caller: the number, never that tenant's name for it.
      ['Inbound', '3001', '', stamp(CDRS.fromOtherTenant!.at)],
      ['Inbound', '2003', 'Cy Cruz', stamp(CDRS.forwarded!.at)],
    ]);
    expect(rows[0]!.ans_call_flow).toEqual([
      {
        callingnumber: '2001',
        dialednumber: '2002',
        target: '2002',
        talktime_duration: '00:00:42',
        initiation: stamp(CDRS.answered!.at),
      },
    ]);
    expect(rows[1]!.ans_call_flow[0]!.talktime_duration).toBe('00:00:00');
    // The forwarded call: 2003 dialled 2002, whose rule sent it to 2001, who talked 21 s.
    expect(rows[3]!.ans_call_flow.map((l) => [l.callingnumber, l.dialednumber, l.target, l.talktime_duration])).toEqual(
      [
        ['2003', '2002', '2002', '00:00:00'],
        ['2002', '2001', '2001', '00:00:21'],
      ],
    );
    expect(rows[0]!.recording_url).toMatch(
      new RegExp(`^/api/v1/recordings/${recordId(ids.answered!, 'out')}\\?grant=`),
    );
    expect(rows.slice(1).map((r) => r.recording_url)).toEqual([null, null, null]);
  });

  it("the dialled side and the forwarder's view for 2002; Outbound for the other tenant's caller", async () => {
    const b = (await cdrs('getCDRs', '2002', 'cdr-a'))!;
    expect(b.map((r) => [r.direction, r.destination, r.name])).toEqual([
      ['Inbound', '2001', 'Ana Alves'],
      ['Outbound', '2001', 'Ana Alves'],
      ['Inbound', '2003', 'Cy Cruz'],
      // From 2001 of another SIP domain: not this tenant's 2001.
      ['Inbound', '2001', ''],
    ]);
    const d = (await cdrs('getCDRs', '3001', 'cdr-b'))!;
    expect(d.map((r) => [r.direction, r.destination, r.name])).toEqual([['Outbound', '2001', '']]);
  });

  it("Group Calls: every side of the tenant's calls, paged by limit; only for admin extensions", async () => {
    const group = (await cdrs('getGroupCDRs', '2001', 'cdr-a'))!;
    expect(group.map((r) => `${r.direction}:${r.destination}`)).toEqual([
      'Outbound:2002',
      'Inbound:2001',
      'Outbound:2001',
      'Missed:2002',
      'Inbound:3001',
      'Outbound:2002',
      'Inbound:2003',
      'Inbound:2003',
      'Inbound:2001',
    ]);
    expect(await cdrs('getGroupCDRs', '2001', 'cdr-a', { limit: 3 })).toHaveLength(3);
    // Paged by the connector's cursor: pages of 2 give the same records in the same order, then no cursor.
    const q = { tenantExternalId: 'cdr-a', from: new Date(now - 30 * 24 * HOUR), to: new Date(now), limit: 2 };
    const whole = await t.deps.connector.listCallRecords!({ ...q, limit: 100 });
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.deps.connector.listCallRecords!({ ...q, ...(cursor ? { cursor } : {}) });
      paged.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor && paged.length < 50);
    expect(paged).toEqual(whole.items.map((r) => r.id));
    expect(paged).toHaveLength(9);
    expect(whole.nextCursor).toBeUndefined();
    expect(
      (await t.call('getGroupCDRs', { tenant_id: 'cdr-a', user: '2002', token: token('2002', 'cdr-a') })).statusCode,
    ).toBe(403);
  });

  it('the window: a call of 40 days ago only when asked for; an empty window is null', async () => {
    const all = (await cdrs('getCDRs', '2001', 'cdr-a', { from: now - 50 * 24 * HOUR }))!;
    expect(all.map((r) => r.time_stamp)).toContain(stamp(CDRS.old!.at));
    expect(all).toHaveLength(5);
    expect(await cdrs('getCDRs', '2001', 'cdr-a', { from: now - 90 * 60_000, to: now - 30 * 60_000 })).toHaveLength(1);
    expect(await cdrs('getCDRs', '2003', 'cdr-a', { from: now - 60_000 })).toBeNull();
  });

  it('the recording plays as a WAV of the call; another tenant gets neither the record nor the recording', async () => {
    const [row] = (await cdrs('getCDRs', '2001', 'cdr-a'))!;
    const res = await t.app.inject({ method: 'GET', url: row!.recording_url! });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/wav/);
    expect((res.rawPayload.length - 44) / 16_000).toBe(3);
    const connector = t.deps.connector;
    expect(await connector.getCallRecord!('cdr-a', recordId(ids.answered!, 'out'))).toMatchObject({
      extension: '2001',
      direction: 'Outbound',
      recordingRef: CDRS.answered!.callid,
    });
    expect(await connector.getCallRecord!('cdr-b', recordId(ids.answered!, 'out'))).toBeNull();
    expect(await connector.getCallRecord!('cdr-b', recordId(ids.answered!, 'in'))).toBeNull();
    expect(await connector.getCallRecord!('cdr-b', recordId(ids.fromOtherTenant!, 'out'))).toMatchObject({
      extension: '3001',
    });
    expect(await connector.getCallRecord!('cdr-a', recordId(ids.fromOtherTenant!, 'out'))).toBeNull();
    expect(await connector.getCallRecord!('cdr-a', recordId(ids.otherDomain!, 'out'))).toBeNull();
    expect(await connector.getCallRecord!('cdr-a', recordId(ids.answered!, 'fwd'))).toBeNull();
    for (const bad of [
      '',
      'x',
      '1',
      '0',
      `${ids.answered}4`,
      `${ids.answered}0`,
      `-${ids.answered}1`,
      `${ids.answered}1.0`,
      '999999992',
    ])
      expect(await connector.getCallRecord!('cdr-a', bad)).toBeNull();
    expect(await connector.getRecording!('cdr-b', CDRS.answered!.callid)).toBeNull();
    expect(await connector.getRecording!('cdr-a', '../pcaps/x')).toBeNull();
    // Tenant b's extension with a valid token cannot fetch tenant a's record by id.
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/recordings/${recordId(ids.answered!, 'out')}?tenant_id=cdr-b&token=${encodeURIComponent(token('3001', 'cdr-b'))}`,
    });
    expect(other.statusCode).toBe(403);
  });
});
